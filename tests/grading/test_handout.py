#!/usr/bin/env python3
"""tests/grading/test_handout.py - make handout (tools/handout, labs/README.md).

For every lab of labs/*/handout.py, the student tree written into a temp
dir: no LAB marker left, the lab's stubs and TODOs there, the other labs'
regions intact, no line of the removed solutions left, labs/*/handout.py,
labs/*/wrong/ and labs/*/hidden/ left out, one git commit by "nickel handout", and the
stubbed files compile as kernel objects.  Two labs also run host tests in
their handout: mine's round robin passes the invariant walk, and balance's
planted bug fails test_sched_balance (the test that catches it).  The tree
holds what its lab needs: wakeup, time and balance at most MAX_FILES files
and MAX_LINES lines; no Markdown link to a file it has not; every target of
its `make help` dry-runs (make -n) and names only files it has; every
tracked file of the teacher's tree is in a room of tools/handout.  Lab
FULL_LAB is graded in its fresh handout from scratch: the stub below full
marks, the teacher's solution (the teacher's files with its regions) full
marks.  Then tools/handout's errors on small made-up trees (one that would
ship a hidden test among them): one line on stderr, exit 1.
Prints `PASS handout:name` / `FAIL handout:name (file:line): why`; exit 1 on
a failure.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.path.join(ROOT, "tools", "handout")
MARKER = re.compile(r"^(\s*)/\* LAB (\w+): (begin|end) \*/\s*$")
TRIVIAL = {"", "{", "}", "};", "} else {", "else", "return;", "return 0;", "return 1;",
           "return true;", "return false;", "break;", "continue;", "/*", "*/", "*"}
# The labs whose handout is sized (labs/README.md): files and lines written.
SIZED = ("wakeup", "time", "balance")
MAX_FILES, MAX_LINES = 300, 25000
FULL_LAB = "wakeup"                 # graded from scratch in its handout (no QEMU test)
TREE_WORD = re.compile(r"(?<![\w./-])((?:kernel|arch|boot|user|tools|tests|labs|docs|mk)/"
                       r"[\w./-]*\w)")
MD_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
from report import Report  # noqa: E402
from lib.handout import rooms  # noqa: E402

report = Report("handout:")
result = report.result


def run(cmd, cwd=ROOT, timeout=300):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def handout(lab, out, src=ROOT):
    return run([sys.executable, TOOL, lab, "--out", out, "--src", src])


def read(path):
    with open(path, errors="replace") as f:
        return f.read().split("\n")


def git_files(tree):
    return run(["git", "ls-files"], cwd=tree)[1].split()


def load_stubs(lab):
    spec = importlib.util.spec_from_file_location("h_" + lab,
                                                  os.path.join(ROOT, "labs", lab, "handout.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.STUBS, getattr(mod, "FILES", {})


def teacher_regions():
    """[(path, lab, body lines)] of every region in the teacher's tree."""
    regions = []
    for path in git_files(ROOT):
        if not path.endswith((".c", ".h")):
            continue
        lab, body = None, []
        for line in read(os.path.join(ROOT, path)):
            m = MARKER.match(line)
            if m and m.group(3) == "begin":
                lab, body = m.group(2), []
            elif m:
                regions.append((path, lab, body))
                lab = None
            elif lab:
                body.append(line)
    return regions


# ---- one lab's student tree -------------------------------------------------

def check_tree(lab, out, regions):
    """Everything but the builds: a list of problems."""
    problems = []
    stubs, files = load_stubs(lab)
    tracked = git_files(out)
    count = run(["git", "rev-list", "--count", "HEAD"], cwd=out)[1].strip()
    author = run(["git", "log", "--format=%an"], cwd=out)[1].strip()
    if (count, author) != ("1", "nickel handout"):
        problems.append("commits: expected 1 by 'nickel handout', got %s by %r"
                        % (count, author))
    for path in tracked:
        if re.match(r"labs/[^/]+/(handout\.py|wrong/|hidden/|MUTANTS\.md)", path):
            problems.append("%s was copied (it holds solutions or hidden tests)" % path)
        if path.endswith((".c", ".h")):
            for n, line in enumerate(read(os.path.join(out, path)), 1):
                if MARKER.match(line):
                    problems.append("%s:%d: marker left" % (path, n))
    grade = "labs/%s/grade.py" % lab
    if os.path.exists(os.path.join(ROOT, grade)) and grade not in tracked:
        problems.append("%s not copied" % grade)
    for path, text in files.items():
        if (text is None) == (path in tracked):
            problems.append("FILES %s: expected %s" % (path, "absent" if text is None
                                                       else "written"))
    problems += check_regions(lab, out, regions, stubs)
    return problems


def secret_lines(lab, regions, stubs):
    """Lines of the lab's solutions that the student tree must not hold: not
    trivial, not elsewhere in the teacher's tree, not given by a stub."""
    outside = set()                 # stripped lines of the teacher's tree outside lab's regions
    inside = {l.strip() for p, lb, body in regions if lb == lab for l in body}
    for path in git_files(ROOT):
        if re.match(r"labs/[^/]+/(handout\.py|wrong/|hidden/|MUTANTS\.md)", path) or \
                not os.path.isfile(os.path.join(ROOT, path)):
            continue
        in_lab = False
        for line in read(os.path.join(ROOT, path)):
            m = MARKER.match(line)
            if m:
                in_lab = m.group(3) == "begin" and m.group(2) == lab
            elif not in_lab:
                outside.add(line.strip())
    given = set()
    for func, stub in stubs.items():
        if "body" in stub:
            given |= {l.strip() for l in textwrap.dedent(stub["body"]).split("\n")}
        else:
            given |= {new.strip() for _, new in stub["patch"]}
            given |= {l.strip() for p, lb, body in regions if lb == lab for l in body
                      if not any(old in l for old, _ in stub["patch"])}
    return inside - outside - given - TRIVIAL


def check_regions(lab, out, regions, stubs):
    """The lab's stubs and TODOs there, its solution lines gone, other labs kept."""
    problems = []
    secret = secret_lines(lab, regions, stubs)
    if not secret:
        problems.append("no solution line to look for (the check would prove nothing)")
    lab_files = sorted({p for p, lb, _ in regions if lb == lab})
    lab_text = [l for p in lab_files for l in read(os.path.join(out, p))]
    lab_stripped = {l.strip() for l in lab_text}
    for func, stub in stubs.items():
        if not any("TODO (lab %s, %s):" % (lab, func) in l for l in lab_text):
            problems.append("%s: no TODO for %s" % (" ".join(lab_files), func))
        want = [l.strip() for l in textwrap.dedent(stub.get("body", "")).split("\n")]
        missing = [l for l in want if l and l not in lab_stripped]
        missing += [new for _, new in stub.get("patch", []) if new not in "\n".join(lab_text)]
        if missing:
            problems.append("stub line of %s missing: %s" % (func, missing[0]))
    for path in git_files(out):
        if not os.path.isfile(os.path.join(out, path)):
            continue
        left = sorted(secret & {l.strip() for l in read(os.path.join(out, path))})
        if left:
            problems.append("%s: solution line left: %s" % (path, left[0]))
    for p, lb, body in regions:
        # another lab's code, in a file this handout ships (a room it
        # leaves out, mine.c in wakeup's, takes its regions with it)
        if lb != lab and os.path.isfile(os.path.join(out, p)):
            kept = {l.strip() for l in read(os.path.join(out, p))}
            lost = [l.strip() for l in body if l.strip() not in kept]
            if lost:
                problems.append("%s: lab %s's code lost: %s" % (p, lb, lost[0]))
    return problems


def check_can_fail(lab, out, regions):
    """The checks above must see a solution line and a marker put back."""
    path = next(p for p, lb, _ in regions if lb == lab)
    secret = sorted(secret_lines(lab, regions, load_stubs(lab)[0]))
    if not secret:
        return []                   # check_regions reports it
    line = secret[0]
    full = os.path.join(out, path)
    with open(full) as f:
        saved = f.read()
    with open(full, "a") as f:
        f.write("/* LAB %s: begin */\n%s\n" % (lab, line))
    found = check_tree(lab, out, regions)
    with open(full, "w") as f:
        f.write(saved)
    if not any("solution line left" in p for p in found) or \
            not any("marker left" in p for p in found):
        return ["a solution line and a marker put back into %s went unnoticed: %s"
                % (path, found)]
    return []


def compile_objects(lab, out, regions):
    """The files with the lab's regions, as kernel objects (-Werror)."""
    objs = sorted({"build/k/%s.o" % p[:-2] for p, lb, _ in regions
                   if lb == lab and p.endswith(".c")})
    rc, so, se = run(["make", "-s", "-C", out] + objs)
    return [] if rc == 0 else ["make %s: %s" % (" ".join(objs), (so + se).strip()[-300:])]


def host_test(out, name):
    """Build and run build/unit/NAME in the student tree: (ok, PASS/FAIL lines)."""
    rc, so, se = run(["make", "-s", "-C", out, "build/unit/" + name])
    if rc != 0:
        return None, (so + se).strip()[-300:]
    rc, so, _ = run([os.path.join(out, "build", "unit", name)], cwd=out)
    return rc == 0, so


def tree_size(out):
    """(files, lines) of the student tree, every file and line written."""
    files = git_files(out)
    lines = 0
    for p in files:
        full = os.path.join(out, p)
        if os.path.isfile(full) and not os.path.islink(full):
            with open(full, "rb") as f:
                lines += f.read().count(b"\n")
    return len(files), lines


def dead_links(out):
    """Links of the tree's Markdown files to a file or folder it has not."""
    dead = []
    for path in git_files(out):
        if not path.endswith(".md"):
            continue
        for n, line in enumerate(read(os.path.join(out, path)), 1):
            for target in MD_LINK.findall(line):
                if re.match(r"[a-z]+:|#", target):
                    continue
                dest = os.path.join(out, os.path.dirname(path), target.split("#")[0])
                if not os.path.exists(dest):
                    dead.append("%s:%d: dead link %s" % (path, n, target))
    return dead


def dry_builds(out):
    """Every target `make help` lists in the tree: make -n of them all
    succeeds, and each file of the tree their commands name is there."""
    rc, so, se = run(["make", "-s", "help"], cwd=out)
    targets = re.findall(r"^  (\S+)\s", so, re.M)
    if rc != 0 or len(targets) < 10:
        return ["make help: exit %d, %d targets: %s" % (rc, len(targets), se.strip()[-200:])]
    rc, so, se = run(["make", "-n", "-k"] + targets, cwd=out)
    problems = ["make -n: " + l for l in se.splitlines() if "No rule to make target" in l]
    if rc != 0 and not problems:
        problems.append("make -n %s: exit %d: %s" % (" ".join(targets), rc, se.strip()[-200:]))
    for word in sorted(set(TREE_WORD.findall(so))):
        if not any(c in word for c in "$%*") and not os.path.exists(os.path.join(out, word)):
            problems.append("make -n of make help's targets names %s, not in the tree" % word)
    return problems


def grade_points(out, name):
    """tools/grade's (points, max) for the tree's own lab."""
    path = os.path.join(out, "build", name + ".json")
    rc, so, se = run([sys.executable, "tools/grade", "--lab", FULL_LAB, "--host-only",
                      "--json", path], cwd=out, timeout=900)
    try:
        with open(path) as f:
            total = json.load(f)["total"]
        return total["points"], total["max"]
    except (OSError, ValueError, KeyError):
        return None, "exit %d: %s" % (rc, (so + se).strip()[-200:])


def grade_from_scratch(out, regions):
    """The fresh handout grades its stub below full marks, then, with the
    teacher's files of the lab's regions put in, full marks."""
    problems = []
    points, most = grade_points(out, "stub")
    if points is None or not points < most:
        problems.append("the stub: %s/%s, expected below full marks" % (points, most))
    for path in sorted({p for p, lb, _ in regions if lb == FULL_LAB}):
        with open(os.path.join(ROOT, path)) as f, open(os.path.join(out, path), "w") as g:
            g.write(f.read())
    points2, most2 = grade_points(out, "solution")
    if points2 is None or points2 != most2:
        problems.append("the teacher's solution: %s/%s, expected full marks"
                        % (points2, most2))
    return problems


def test_lab(lab, tmp, regions):
    out = os.path.join(tmp, lab)
    rc, so, se = handout(lab, out)
    if rc != 0:
        result("lab-" + lab, ["tools/handout %s: exit %d: %s" % (lab, rc, se.strip())])
        return
    problems = check_tree(lab, out, regions)
    if lab in SIZED:
        files, lines = tree_size(out)
        if files > MAX_FILES or lines > MAX_LINES:
            problems.append("%d files, %d lines; expected at most %d and %d"
                            % (files, lines, MAX_FILES, MAX_LINES))
    problems += dead_links(out)
    problems += dry_builds(out)
    problems += compile_objects(lab, out, regions)
    problems += check_can_fail(lab, out, regions)
    if lab == "mine":
        for name in ("test_sched_invariants", "test_sched_mine"):
            ok, text = host_test(out, name)
            if not ok:
                problems.append("round robin stub: %s failed: %s" % (name, text.strip()[-200:]))
    if lab == "balance":
        ok, text = host_test(out, "test_sched_balance")
        if ok is None or ok or "FAIL unit/test_sched_balance.c:four_hogs_on_cpu0_spread_2_2" \
                not in text:
            problems.append("the planted bug: expected four_hogs_on_cpu0_spread_2_2 to "
                            "FAIL in the handout, got %s" % (text.strip()[-200:] or "no output"))
    result("lab-" + lab, problems)
    if lab == FULL_LAB:
        result("graded-from-scratch-" + lab, grade_from_scratch(out, regions))


# Ten targets; t0 needs a file the tree has not, t1's recipe names one.
FAKE_MAKEFILE = ("help:\n\t@printf '" + "".join("  t%d  text\\n" % i for i in range(10)) +
                 "'\nt0: missing.c\nt1:\n\tpython3 tools/gone\n" +
                 "".join("t%d:\n\t@true\n" % i for i in range(2, 10)))


def test_rooms():
    """Every tracked file of the teacher's tree is in a room of tools/handout;
    and the size and dead-link checks see a tree that breaks them."""
    problems = ["%s: in no room of tools/handout's ROOMS" % p
                for p in git_files(ROOT) if rooms.room_of(p) is None]
    with tempfile.TemporaryDirectory(prefix="nickel-handout-rooms-") as tmp:
        with open(os.path.join(tmp, "a.md"), "w") as f:
            f.write("[here](a.md) [gone](docs/gone.md#x) [web](https://x.invalid/)\n" * 3)
        run(["git", "init", "-q"], cwd=tmp)
        run(["git", "add", "-A"], cwd=tmp)
        dead = dead_links(tmp)
        if len(dead) != 3 or not all("docs/gone.md" in d for d in dead):
            problems.append("dead_links on 3 dead and 6 good links: %s" % dead)
        if tree_size(tmp) != (1, 3):
            problems.append("tree_size of one file of 3 lines: %s" % (tree_size(tmp),))
        with open(os.path.join(tmp, "Makefile"), "w") as f:
            f.write(FAKE_MAKEFILE)
        found = dry_builds(tmp)
        if len(found) != 2 or "t0" not in found[0] or "tools/gone" not in found[1]:
            problems.append("dry_builds on a rule needing a missing file and a recipe "
                            "naming one: %s" % found)
    result("rooms-cover-the-tree", problems)


# ---- tools/handout's errors on made-up trees ---------------------------------

GOOD_C = """\
static int add(int a, int b)
{
	/* LAB x: begin */
	int sum = a + b;

	return sum;
	/* LAB x: end */
}
"""
GOOD_LAB = 'STUBS = {"add": {"todo": "return a + b", "body": "return 0;"}}\n'
HIDDEN_C = "/* a hidden test */\nUNIT_TEST(add_odd) { GRADE_EQ(\"add(3, 4)\", 7, add(3, 4)); }\n"


def fake_tree(tmp, name, c_text=GOOD_C, lab_text=GOOD_LAB):
    src = os.path.join(tmp, name)
    os.makedirs(os.path.join(src, "labs", "x", "wrong"))
    os.makedirs(os.path.join(src, "labs", "x", "hidden"))
    os.makedirs(os.path.join(src, "kernel"))
    for path, text in (("kernel/a.c", c_text), ("labs/x/handout.py", lab_text),
                       ("labs/x/grade.py", "# grader\n"),
                       ("labs/x/wrong/sum.patch", "+\tint sum = a + b;\n"),
                       ("labs/x/hidden/test_x.c", HIDDEN_C)):
        with open(os.path.join(src, path), "w") as f:
            f.write(text)
    run(["git", "init", "-q"], cwd=src)
    run(["git", "add", "-A"], cwd=src)
    return src


def expect_error(tmp, name, want, lab="x", **tree):
    src = fake_tree(tmp, name, **tree)
    out = os.path.join(tmp, name + "-out")
    rc, so, se = handout(lab, out, src)
    lines = se.strip().split("\n")
    problems = []
    if rc != 1 or len(lines) != 1 or want not in se:
        problems.append("expected exit 1 and one line with %r, got exit %d: %r"
                        % (want, rc, se.strip()[-300:]))
    if os.path.exists(out):
        problems.append("%s left behind" % os.path.basename(out))
    result("error-" + name, problems)


def test_errors(tmp):
    src = fake_tree(tmp, "good")
    out = os.path.join(tmp, "good-out")
    rc, so, se = handout("x", out, src)
    files = sorted(git_files(out)) if rc == 0 else []
    text = read(os.path.join(out, "kernel", "a.c")) if rc == 0 else []
    problems = [] if files == ["kernel/a.c", "labs/x/grade.py"] else \
        ["expected files kernel/a.c, labs/x/grade.py, got %s (exit %d %s)" % (files, rc, se)]
    if "\treturn 0;" not in text or any("sum" in l for l in text):
        problems.append("expected the stub 'return 0;' and no 'sum' in a.c, got %r" % text)
    rc2, _, se2 = handout("x", out, src)            # a second run replaces the first
    if rc2 != 0:
        problems.append("second run over a handout: exit %d %s" % (rc2, se2.strip()))
    result("made-up-tree", problems)
    expect_error(tmp, "unknown-lab", "unknown lab 'nope' (labs: x)", lab="nope")
    expect_error(tmp, "unbalanced", "begin without an end",
                 c_text=GOOD_C.replace("\t/* LAB x: end */\n", ""))
    expect_error(tmp, "end-alone", "end without a matching begin",
                 c_text=GOOD_C.replace("\t/* LAB x: begin */\n", ""))
    expect_error(tmp, "not-a-body", "must be the first line of a function body",
                 c_text=GOOD_C.replace("{\n\t/* LAB x: begin */\n",
                                       "{\n\tint z;\n\t/* LAB x: begin */\n"))
    expect_error(tmp, "malformed", "malformed LAB marker",
                 c_text=GOOD_C.replace("/* LAB x: begin */", "/* LAB x begin */"))
    expect_error(tmp, "region-not-found", "region not found",
                 lab_text=GOOD_LAB[:-2] + ', "sub": {"todo": "t", "body": ""}}\n')
    expect_error(tmp, "no-stub", "region add of lab x has no stub",
                 lab_text='STUBS = {"other": {"todo": "t", "body": ""}}\n')
    expect_error(tmp, "bad-patch", "found 0 times",
                 lab_text='STUBS = {"add": {"todo": "t", "patch": [("a - b", "a + b")]}}\n')
    expect_error(tmp, "leak", "self-check: notes.txt:1 still holds a line of the solution of add",
                 lab_text=GOOD_LAB + 'FILES = {"notes.txt": "int sum = a + b;\\n"}\n')
    expect_error(tmp, "ships-hidden", "would ship the hidden test labs/x/hidden/test_x.c as "
                 "tests/copy.c", lab_text=GOOD_LAB + "FILES = {'tests/copy.c': %r}\n" % HIDDEN_C)


def main():
    regions = teacher_regions()
    labs = sorted(d for d in os.listdir(os.path.join(ROOT, "labs"))
                  if os.path.isfile(os.path.join(ROOT, "labs", d, "handout.py")))
    with tempfile.TemporaryDirectory(prefix="nickel-handout-") as tmp:
        for lab in labs:
            test_lab(lab, tmp, regions)
        test_rooms()
        test_errors(tmp)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
