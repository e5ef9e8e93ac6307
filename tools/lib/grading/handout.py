"""handout: write the student tree of one lab (make handout LAB=name).

    tools/handout LAB [--out DIR] [--src DIR] [--classroom]

Reads the tree's tracked files (`git ls-files`, contents as they are in the
working tree, so a teacher can try a change before committing it) and
writes DIR (default build/handout/LAB) as a fresh git repository with one
commit by "nickel handout", in which:

  * every region of LAB (the lines between `/* LAB LAB: begin */` and
    `/* LAB LAB: end */`, a whole function body) is replaced by a TODO
    comment and the stub of labs/LAB/handout.py;
  * the regions of the other labs keep the teacher's code, without markers;
  * labs/*/handout.py, labs/*/wrong/ and labs/*/MUTANTS.md (they hold
    solutions), labs/*/hidden/ (hidden tests; the self-check refuses a
    tree that would ship one), and the files labs/LAB/handout.py's FILES
    maps to None are left out;
  * a self-check fails the run when a line of a removed solution body
    (other than a trivial one, or one found elsewhere in the tree) is still
    somewhere in the student tree;
  * only the rooms the lab needs come along (ROOMS below: BASE_ROOMS, the
    ones labs/LAB/handout.py's ROOMS names, and its EXTRA files; a
    handout.py without ROOMS gets every room), and a link of a Markdown
    file to a file left out becomes its plain text.  The last line printed
    says what was left out.

--classroom adds .github/workflows/classroom.yml: GitHub Classroom's
autograding, one step per graded host test worth its points.
Marker syntax and handout.py's format: labs/README.md.  Errors are one line
on stderr and exit status 1.
"""
import argparse
import fnmatch
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap

from lib import ROOT

AUTHOR = "nickel handout"
EMAIL = "handout@nickel.invalid"
MARKER = re.compile(r"^(\s*)/\* LAB (\w+): (begin|end) \*/\s*$")
LOOKS_LIKE_MARKER = re.compile(r"/\*\s*LAB\b")
SOURCE_SUFFIXES = (".c", ".h")
# Lines too common to give a solution away (compared stripped).
TRIVIAL = {"", "{", "}", "};", "} else {", "else", "return;", "return 0;",
           "return 1;", "return true;", "return false;", "break;", "continue;",
           "/*", "*/", "*"}


# ---- rooms: the parts of the tree a student tree holds or not --------------
# A tracked file belongs to the first room with a pattern that matches it
# (fnmatch: `*` crosses folders).  The interfaces of the kernel's optional
# rooms (their headers) come first, with the kernel: kernel/optional.c
# stands in for a room that stays out.
ROOMS = [
    ("kernel", ["kernel/usb/usb.h", "kernel/ipc/ipc.h", "kernel/kcov/kcov.h",
                "kernel/selftest/*.h", "kernel/diag/panel.h"]),
    ("usb", ["kernel/usb/*", "arch/i386/pci.c", "arch/i386/include/arch/pci.h",
             "tests/unit/test_usb_*", "tests/scenarios/bootinput.py"]),
    ("ipc", ["kernel/ipc/*", "tools/ipclab", "tools/lib/lab/ipclab.py",
             "tests/user/ipctest.c", "tests/user/donatetest.c",
             "tests/user/fasttest.c", "tests/user/ipc_helpers.h", "tests/user/checks.h",
             "tests/scenarios/ipc*.py",
             "tests/scenarios/donate.py", "tests/unit/test_sched_direct.c",
             "kernel/sched/direct.c", "kernel/sched/direct.h"]),
    ("kcov", ["kernel/kcov/*", "tools/kcov-lines", "tools/coverage", "tools/fuzz-compare",
              "tools/lib/traces/kcov_lines.py", "tools/lib/traces/coverage_report.py",
              "tools/lib/traces/fuzz_compare.py",
              "tools/lib/traces/kcov.py", "tools/lib/traces/coverage.py", "tests/user/kcovtest.c",
              "tests/scenarios/kcov.py", "tests/tools/test_coverage.py"]),
    ("selftest", ["kernel/selftest/*"]),
    ("fuzz", ["kernel/demo/fuzz.c", "user/fuzz.c", "user/fuzz/*", "tests/fuzz/*", "mk/fuzz.mk",
              "tests/user/fuzzregress.c", "tests/scenarios/fuzz*.py"]),
    ("lab-programs", ["kernel/demo/desktop.c", "user/lab/*", "user/xserver.c",
                      "user/xclient.c", "user/scroller.c", "user/audio.c", "user/video.c",
                      "user/compile.c", "user/desktop.c", "user/compiledemo.c", "mk/lab.mk"]),
    ("storm", ["kernel/demo/storm.c"]),
    ("abuse", ["kernel/demo/abuse.c", "user/cheat.c"]),
    ("panel", ["kernel/diag/panel*.c", "tests/unit/test_panel.c", "tests/scenarios/panel.py"]),
    ("selfcheck", ["kernel/diag/check.c", "kernel/diag/check_sleepers.c"]),
    ("mine", ["kernel/sched/mine.c", "kernel/sched/mine.h", "tests/unit/test_sched_mine.c"]),
    ("starve", ["kernel/sched/starve.c", "tests/unit/test_sched_watchdog.c"]),
    ("cfs", ["kernel/sched/cfs.c", "kernel/sched/eevdf.c", "kernel/lib/rbtree.h",
             "tests/unit/test_sched_cfs.c", "tests/unit/test_sched_eevdf.c",
             "tests/unit/test_rbtree.c", "tools/lib/lab/__init__.py", "tools/lib/lab/weights.py"]),
    ("kernel", ["kernel/*", "arch/*", "boot/*", "linker.ld"]),
    ("build", ["Makefile", "mk/kernel.mk", "mk/user.mk", "mk/unit.mk", "mk/grade.mk",
               ".gitignore", "tools/build/deps.sh", "tools/build/deps.d/*",
               "tools/build/mksyms.py", "tools/build/psf2c", "tools/build/make-help",
               "tools/lib/boot/__init__.py", "tools/lib/boot/psf.py", "tools/lib/__init__.py",
               "tools/nickel-qemu", "tools/lib/boot/qemu.py", "README.md"]),
    ("programs", ["user/lib/*", "user/user.ld", "user/hog.c", "user/hello.c"]),
    ("schedsim", ["tools/schedsim/*.[ch]", "tools/schedsim/workloads/*.wl"]),
    ("grading", ["tools/grade", "tools/lib/grading/grade.py", "tools/lib/grading/__init__.py",
                 "tools/lib/traces/__init__.py", "tools/lib/traces/nickel_log.py",
                 "labs/graded.h", "tests/unit/unit.h", "tests/unit/unit_main.c"]),
    ("runner", ["tests/run.py", "tests/lib/report.py"]),
    ("labs", ["labs/*"]),
    ("teaching", ["tools/handout", "tools/grade-submissions", "tools/autograder", "tools/mutate",
                  "tools/lib/grading/handout.py", "tools/lib/grading/submissions.py",
                  "tools/lib/grading/autograder.py", "tools/lib/grading/mutation.py",
                  "tools/lib/grading/sandbox.py", "tools/lib/grading/splice.py", "tools/lib/grading/coderules.py",
                  "tools/lib/grading/cparse.py", "tools/lib/grading/mutate*.py", "tests/grading/*"]),
    ("iso", ["mk/iso.mk", "tools/nickel-bochs", "tools/lib/boot/bochs.py", "tools/build/grub.cfg",
             "web/*",
             "tests/scenarios/bochs.py", "tests/scenarios/uefi.py", "tests/scenarios/bios.py"]),
    ("tests", ["tests/*", "mk/test.mk", ".ci/*"]),
    ("docs", ["docs/*"]),
    ("lab-tools", ["tools/*", "user/*"]),
]
# What every handout holds: the kernel that boots, its build, the demos'
# programs, the host simulator and the grader.
BASE_ROOMS = ("kernel", "build", "programs", "schedsim", "grading")
MD_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def room_of(path):
    """The room of a tracked path, or None (a file no room names)."""
    for room, patterns in ROOMS:
        if any(fnmatch.fnmatchcase(path, p) for p in patterns):
            return room
    return None


def shipped(path, lab, rooms, extra):
    """Whether the student tree of lab gets path (rooms: None for all)."""
    parts = path.split("/")
    if parts[0] == "labs" and len(parts) >= 3:
        return parts[1] == lab or rooms is None
    if rooms is None or any(fnmatch.fnmatchcase(path, p) for p in extra):
        return True
    return room_of(path) in rooms


class HandoutError(Exception):
    """Bad input or a failed self-check: one line for the user."""


class Region:
    """One marked function body: lines [begin+1, end) of path."""

    def __init__(self, path, lab, func, begin, end, indent):
        self.path, self.lab, self.func = path, lab, func
        self.begin, self.end, self.indent = begin, end, indent

    def where(self):
        return "%s:%d" % (self.path, self.begin + 1)


# ---- reading the teacher's tree ------------------------------------------

def git(args, cwd, env=None):
    p = subprocess.run(["git"] + args, cwd=cwd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        raise HandoutError("git %s failed in %s: %s" % (args[0], cwd, last))
    return p.stdout


def tracked_files(src):
    """Tracked paths that exist in the working tree."""
    out = git(["ls-files", "-z"], src)
    return [p for p in out.split("\0") if p and os.path.lexists(os.path.join(src, p))]


def read_lines(src, path):
    with open(os.path.join(src, path), encoding="utf-8", errors="surrogateescape") as f:
        return f.read().split("\n")


def function_name(lines, brace, path):
    """The function whose body opens with the `{` at lines[brace]."""
    start = brace - 1
    while start > 0 and not re.match(r"[A-Za-z_]", lines[start]):
        start -= 1
    m = re.search(r"(\w+)\s*\(", " ".join(lines[start:brace]))
    if start < 0 or not m:
        raise HandoutError("%s:%d: no function signature above this body" % (path, brace + 1))
    return m.group(1)


def find_regions(path, lines):
    """The marked regions of one source file, checked for balance and place."""
    regions, open_ = [], None
    for i, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            if LOOKS_LIKE_MARKER.search(line):
                raise HandoutError("%s:%d: malformed LAB marker (want '/* LAB name: begin */')"
                                   % (path, i + 1))
            continue
        indent, lab, kind = m.groups()
        if kind == "begin":
            if open_:
                raise HandoutError("%s:%d: LAB %s begins inside LAB %s (from line %d)"
                                   % (path, i + 1, lab, open_[1], open_[0] + 1))
            if i == 0 or lines[i - 1] != "{":
                raise HandoutError("%s:%d: LAB %s: begin must be the first line of a "
                                   "function body (after a '{' line)" % (path, i + 1, lab))
            open_ = (i, lab, indent)
        else:
            if not open_ or open_[1] != lab:
                raise HandoutError("%s:%d: LAB %s: end without a matching begin"
                                   % (path, i + 1, lab))
            if i + 1 >= len(lines) or lines[i + 1] != "}":
                raise HandoutError("%s:%d: LAB %s: end must be the last line of a "
                                   "function body (before a '}' line)" % (path, i + 1, lab))
            func = function_name(lines, open_[0] - 1, path)
            regions.append(Region(path, lab, func, open_[0], i, open_[2]))
            open_ = None
    if open_:
        raise HandoutError("%s:%d: LAB %s: begin without an end" % (path, open_[0] + 1, open_[1]))
    return regions


def all_regions(src, files):
    """{path: (lines, [Region])} for every source file with markers."""
    found = {}
    for path in files:
        if path.endswith(SOURCE_SUFFIXES) and os.path.isfile(os.path.join(src, path)):
            lines = read_lines(src, path)
            regions = find_regions(path, lines)
            if regions:
                found[path] = (lines, regions)
    return found


# ---- the lab's handout.py --------------------------------------------------

def known_labs(src):
    labs = os.path.join(src, "labs")
    if not os.path.isdir(labs):
        return []
    return sorted(d for d in os.listdir(labs)
                  if os.path.isfile(os.path.join(labs, d, "handout.py")))


def load_lab(src, lab):
    """labs/LAB/handout.py as (STUBS, FILES, ROOMS, EXTRA), checked; ROOMS
    is None when the file names none (the whole tree), else a set with
    BASE_ROOMS in it."""
    path = os.path.join(src, "labs", lab, "handout.py")
    if not re.fullmatch(r"\w+", lab) or not os.path.isfile(path):
        raise HandoutError("unknown lab '%s' (labs: %s)" % (lab, ", ".join(known_labs(src))
                                                            or "none"))
    spec = importlib.util.spec_from_file_location("handout_" + lab, path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:                      # noqa: BLE001 - any error is the file's
        raise HandoutError("labs/%s/handout.py: %s: %s" % (lab, type(e).__name__, e))
    stubs, files = getattr(mod, "STUBS", None), getattr(mod, "FILES", {})
    where = "labs/%s/handout.py" % lab
    if not isinstance(stubs, dict) or not stubs:
        raise HandoutError("%s: STUBS must be a non-empty dict {function: {...}}" % where)
    for func, stub in stubs.items():
        if not isinstance(stub, dict) or not isinstance(stub.get("todo"), str):
            raise HandoutError("%s: STUBS['%s'] needs a 'todo' text" % (where, func))
        if ("body" in stub) == ("patch" in stub):
            raise HandoutError("%s: STUBS['%s'] needs exactly one of 'body' and 'patch'"
                               % (where, func))
    if not isinstance(files, dict) or not all(v is None or isinstance(v, str)
                                              for v in files.values()):
        raise HandoutError("%s: FILES must map paths to None or a text" % where)
    rooms, extra = getattr(mod, "ROOMS", None), getattr(mod, "EXTRA", [])
    known = [name for name, _ in ROOMS]
    if rooms is not None:
        if not isinstance(rooms, (list, tuple)) or not all(r in known for r in rooms):
            raise HandoutError("%s: ROOMS must list rooms of tools/handout (%s)"
                               % (where, ", ".join(dict.fromkeys(known))))
        rooms = set(BASE_ROOMS) | set(rooms)
    if not isinstance(extra, (list, tuple)) or not all(isinstance(e, str) for e in extra):
        raise HandoutError("%s: EXTRA must list paths or patterns" % where)
    return stubs, files, rooms, extra


def match_stubs(lab, regions, stubs):
    """{func: Region} for LAB; every region has a stub and every stub a region."""
    mine = {}
    for r in regions:
        if r.lab != lab:
            continue
        if r.func in mine:
            raise HandoutError("%s: a second LAB %s region in %s (first: %s)"
                               % (r.where(), lab, r.func, mine[r.func].where()))
        if r.func not in stubs:
            raise HandoutError("%s: region %s of lab %s has no stub in labs/%s/handout.py"
                               % (r.where(), r.func, lab, lab))
        mine[r.func] = r
    for func in stubs:
        if func not in mine:
            raise HandoutError("labs/%s/handout.py: region not found: no LAB %s markers "
                               "in a function %s" % (lab, lab, func))
    return mine


# ---- writing the stubs -----------------------------------------------------

def todo_comment(lab, func, text, indent):
    width = 76 - len(indent.expandtabs(8)) - 3
    words = " ".join(text.split())
    body = textwrap.wrap("TODO (lab %s, %s): %s" % (lab, func, words), width)
    return [indent + "/*"] + [indent + " * " + l for l in body] + [indent + " */"]


def solution_body(lines, r):
    return lines[r.begin + 1:r.end]


def stub_body(lines, r, stub):
    """The student's body: handout.py's 'body', or the solution with 'patch' applied."""
    if "body" in stub:
        text = textwrap.dedent(stub["body"]).strip("\n")
        return [(r.indent + l) if l.strip() else "" for l in text.split("\n")] if text else []
    body = "\n".join(solution_body(lines, r))
    for old, new in stub["patch"]:
        if body.count(old) != 1:
            raise HandoutError("labs/%s/handout.py: patch of %s: %r found %d times in the "
                               "solution (want once)" % (r.lab, r.func, old, body.count(old)))
        body = body.replace(old, new)
    return body.split("\n")


def render(lines, regions, lab, stubs):
    """The file's student text: LAB's regions stubbed, every marker dropped."""
    out, i = [], 0
    by_begin = {r.begin: r for r in regions}
    while i < len(lines):
        r = by_begin.get(i)
        if r and r.lab == lab:
            stub = stubs[r.func]
            out += todo_comment(lab, r.func, stub["todo"], r.indent)
            out += stub_body(lines, r, stub)
            i = r.end + 1
            continue
        if not MARKER.match(lines[i]):
            out.append(lines[i])
        i += 1
    return out


# ---- the self-check --------------------------------------------------------

def secret_lines(lab, found, stubs, other_text):
    """{stripped line: func} of LAB's solutions that would give them away:
    not trivial, not elsewhere in the teacher's tree, and not a line the
    function's own stub gives on purpose."""
    secrets = {}
    for lines, regions in found.values():
        for r in regions:
            if r.lab != lab:
                continue
            given = {l.strip() for l in stub_body(lines, r, stubs[r.func])}
            for l in solution_body(lines, r):
                s = l.strip()
                if s not in TRIVIAL and s not in other_text and s not in given:
                    secrets[s] = r.func
    return secrets


def check_student_tree(out, secrets):
    for path in tracked_files(out):
        full = os.path.join(out, path)
        if os.path.islink(full) or not os.path.isfile(full):
            continue
        for n, line in enumerate(read_lines(out, path), 1):
            s = line.strip()
            if s in secrets:
                raise HandoutError("self-check: %s:%d still holds a line of the solution "
                                   "of %s: %s" % (path, n, secrets[s], s))
            if path.endswith(SOURCE_SUFFIXES) and MARKER.match(line):
                raise HandoutError("self-check: %s:%d still holds a LAB marker" % (path, n))


def check_no_hidden(src, out, tracked):
    """No hidden test (labs/*/hidden/) in the student tree, under its own
    name or another (a FILES entry, a copy)."""
    hidden = {}
    for path in tracked:
        parts = path.split("/")
        if parts[0] == "labs" and len(parts) >= 4 and parts[2] == "hidden":
            with open(os.path.join(src, path), "rb") as f:
                hidden[f.read()] = path
    for path in tracked_files(out):
        parts = path.split("/")
        if parts[0] == "labs" and len(parts) >= 3 and parts[2] == "hidden":
            raise HandoutError("self-check: the student tree would ship %s (hidden tests "
                               "stay in the teacher's tree)" % path)
        full = os.path.join(out, path)
        if os.path.isfile(full) and not os.path.islink(full):
            with open(full, "rb") as f:
                text = f.read()
            if text.strip() and text in hidden:
                raise HandoutError("self-check: the student tree would ship the hidden "
                                   "test %s as %s" % (hidden[text], path))


# ---- the student tree ------------------------------------------------------

def left_out(path, files):
    parts = path.split("/")
    if parts[0] == "labs" and len(parts) >= 3 and (parts[2] in ("wrong", "hidden") or
                                                   parts[2:] in (["handout.py"],
                                                                 ["MUTANTS.md"])):
        return True
    return path in files and files[path] is None


def prepare_out(out):
    """An empty directory at out (a previous handout there is replaced)."""
    if os.path.lexists(out):
        if not os.path.isdir(out):
            raise HandoutError("%s exists and is not a directory" % out)
        if os.listdir(out):
            if not os.path.isdir(os.path.join(out, ".git")) or \
                    git(["log", "--format=%an"], out).split() != AUTHOR.split():
                raise HandoutError("%s exists and is not a handout made by this tool: "
                                   "remove it or choose another --out" % out)
            shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)


def write_file(out, path, lines=None, text=None, src=None):
    dest = os.path.join(out, path)
    os.makedirs(os.path.dirname(dest) or out, exist_ok=True)
    if src and os.path.islink(src):
        os.symlink(os.readlink(src), dest)
    elif lines is None and text is None:
        shutil.copy2(src, dest)
    else:
        with open(dest, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text if text is not None else "\n".join(lines))
        if src:
            shutil.copymode(src, dest)


def commit(out, lab):
    env = dict(os.environ, GIT_AUTHOR_NAME=AUTHOR, GIT_AUTHOR_EMAIL=EMAIL,
               GIT_COMMITTER_NAME=AUTHOR, GIT_COMMITTER_EMAIL=EMAIL)
    git(["-c", "init.defaultBranch=main", "init", "-q"], out, env)
    git(["add", "-A", "-f", "."], out, env)    # -f: tracked files the .gitignore matches
    git(["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m",
         "nickel handout: lab %s" % lab], out, env)


def make_handout(src, lab, out, classroom=False):
    stubs, files, rooms, extra = load_lab(src, lab)
    tracked = tracked_files(src)
    for pattern in extra:
        if not any(fnmatch.fnmatchcase(p, pattern) for p in tracked):
            raise HandoutError("labs/%s/handout.py: EXTRA %s names no file of the tree"
                               % (lab, pattern))
    ship = {p for p in tracked if shipped(p, lab, rooms, extra) and not left_out(p, files)}
    found = all_regions(src, tracked)
    match_stubs(lab, [r for _, rs in found.values() for r in rs], stubs)
    prepare_out(out)
    try:
        other_text = write_tree(src, out, lab, stubs, files, tracked, found, ship)
        if classroom:
            write_file(out, CLASSROOM_PATH, text=classroom_workflow(src, lab))
        commit(out, lab)
        secrets = secret_lines(lab, found, stubs, other_text)
        check_student_tree(out, secrets)
        check_no_hidden(src, out, tracked)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)     # never leave a leaky tree behind
        raise
    return len(secrets), summary(src, out, tracked, ship)


def write_tree(src, out, lab, stubs, files, tracked, found, ship):
    """Write the student files (ship, and FILES' texts); returns the stripped
    lines of the teacher's tree outside LAB's regions (what the student tree
    may hold anyway)."""
    other_text = set()
    no_stubs = {f: {"todo": "", "body": ""} for f in stubs}
    there = ship | {p for p, text in files.items() if text is not None}
    for path in tracked:
        full = os.path.join(src, path)
        if left_out(path, files) or path in files:
            continue
        if path in found:
            lines, regions = found[path]
            other_text.update(l.strip() for l in render(lines, regions, lab, no_stubs))
            if path in ship:
                write_file(out, path, lines=render(lines, regions, lab, stubs), src=full)
            continue
        if os.path.isfile(full) and not os.path.islink(full):
            other_text.update(l.strip() for l in read_lines(src, path))
        if path in ship and path.endswith(".md") and not os.path.islink(full):
            write_file(out, path, lines=unlink_missing(path, read_lines(src, path), there),
                       src=full)
        elif path in ship:
            write_file(out, path, src=full)
    for path, text in files.items():
        if text is not None:
            write_file(out, path, text=text)
    return other_text


def unlink_missing(path, lines, there):
    """A Markdown file's lines, each link to a file of the tree that the
    student tree has not (`there`) turned into its text: no dead link."""
    here = os.path.dirname(path)

    def keep(m):
        target = m.group(3)
        if re.match(r"[a-z]+:|#", target):
            return m.group(0)                    # a web address, an anchor of this file
        dest = os.path.normpath(os.path.join(here, target.split("#")[0]))
        if dest in there or any(p.startswith(dest + "/") for p in there):
            return m.group(0)
        return m.group(2)
    return [MD_LINK.sub(keep, line) for line in lines]


def summary(src, out, tracked, ship):
    """One line: what the student tree holds, and what was left out by room."""
    def count(root, paths):
        n = 0
        for p in paths:
            full = os.path.join(root, p)
            if os.path.isfile(full) and not os.path.islink(full):
                with open(full, "rb") as f:
                    n += f.read().count(b"\n")
        return n
    written = tracked_files(out)
    out_by_room = {}
    for p in tracked:
        if p not in ship:
            out_by_room.setdefault(room_of(p) or "no room", []).append(p)
    nleft = sum(len(v) for v in out_by_room.values())
    top = sorted(out_by_room.items(), key=lambda kv: -len(kv[1]))
    return ("%d files, %d lines; left out %d files, %d lines%s" %
            (len(written), count(out, written), nleft,
             count(src, [p for v in out_by_room.values() for p in v]),
             (" (" + ", ".join("%s %d" % (r, len(v)) for r, v in top[:6]) +
              (", ..." if len(top) > 6 else "") + ")") if top else ""))


# ---- GitHub Classroom ------------------------------------------------------

CLASSROOM_PATH = ".github/workflows/classroom.yml"
CLASSROOM_HEAD = """\
# GitHub Classroom autograding for lab %(lab)s (made by tools/handout --classroom).
# Each graded host test is one step worth its points; the reporter adds them up.
name: Autograding Tests
on: [push, workflow_dispatch, repository_dispatch]
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 30
    steps:
      - name: Checkout code
        uses: actions/checkout@v4
      - name: Build tools
        run: sudo apt-get update && sudo apt-get install -y make gcc python3
"""
CLASSROOM_TEST = """\
      - name: %(name)s
        id: t%(n)d
        uses: classroom-resources/autograding-command-grader@v1
        with:
          test-name: %(name)s
          command: python3 tools/grade --lab %(lab)s --host-only --strict --test '^%(name)s$'
          timeout: 10
          max-score: %(points)d
"""
CLASSROOM_REPORT = """\
      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
%(env)s
        with:
          runners: %(runners)s
"""


def classroom_workflow(src, lab):
    """The workflow: one command-grader step per graded host test (a QEMU
    test is left out: no KVM on GitHub's runners), then the reporter."""
    spec = importlib.util.spec_from_file_location("grade_" + lab,
                                                  os.path.join(src, "labs", lab, "grade.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    tests = [t for t in mod.TESTS if not getattr(t, "qemu", False)]
    text = CLASSROOM_HEAD % {"lab": lab}
    for n, t in enumerate(tests, 1):
        text += CLASSROOM_TEST % {"name": t.name, "n": n, "lab": lab, "points": t.points}
    env = "\n".join("          T%d_RESULTS: \"${{steps.t%d.outputs.result}}\"" % (n, n)
                     for n in range(1, len(tests) + 1))
    runners = ",".join("t%d" % n for n in range(1, len(tests) + 1))
    return text + CLASSROOM_REPORT % {"env": env, "runners": runners}


def main():
    ap = argparse.ArgumentParser(
        description="Write the student tree of one lab: its regions become stubs "
                    "(labs/LAB/handout.py), every LAB marker goes, and the result is "
                    "a fresh git repository with one commit (labs/README.md).")
    ap.add_argument("lab", help="the lab, a directory labs/LAB with a handout.py")
    ap.add_argument("--out", help="the student tree (default build/handout/LAB); a "
                                  "previous handout there is replaced")
    ap.add_argument("--src", default=ROOT,
                    help="the teacher's tree (default: the one holding this tool)")
    ap.add_argument("--classroom", action="store_true",
                    help="add a GitHub Classroom autograding workflow (%s)" % CLASSROOM_PATH)
    a = ap.parse_args()
    out = os.path.abspath(a.out or os.path.join(a.src, "build", "handout", a.lab))
    try:
        nsecret, what = make_handout(os.path.abspath(a.src), a.lab, out, a.classroom)
    except HandoutError as e:
        print("handout: %s" % e, file=sys.stderr)
        return 1
    print("handout: lab %s written to %s (one commit by %s; self-check: none of %d "
          "solution lines left)" % (a.lab, out, AUTHOR, nsecret))
    print("handout: %s" % what)
    return 0

