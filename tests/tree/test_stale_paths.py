#!/usr/bin/env python3
"""test_stale_paths.py - no comment or document points at a file the tree
does not have.

Reads every tracked file of kernel/, arch/, boot/, user/, tools/, tests/,
labs/ and mk/, the Makefile and every *.md, and checks:
  stale-paths-none: each word that looks like a path of the tree (it
    starts with one of its top folders: kernel/mm/pmm.c, tools/lab,
    docs/time.md, tests/tools/test_psf.py) names something that exists.  A
    header also counts when it is found from an include folder of the
    build ("arch/cpu.h", "proc/task.h"), a program by its source
    (user/reqreply: user/reqreply.c), and a pattern when something matches
    it: `*` and upper-case placeholders (tests/unit/test_NAME.c,
    labs/LAB/handout.py) match any name;
  stale-names-none: each file name said without its folder (check.c,
    "from the generated ksyms.S") is the name of a file of the tree, or
    one the build or a tool writes (ALLOWED);
  stale-links-none: each relative link of a *.md file, [text](path),
    names a file or folder beside it.
Paths under build/ are made by the build and not checked.  ALLOWED lists
the few words that look like paths of the tree and are not, with why.
A made-up file with a stale path, a stale link and good ones is checked
first: exactly the stale ones must be found.
In a student's tree (no labs/*/handout.py) the words naming what
tools/handout leaves out (the labs' handout.py and wrong/) are allowed too.
Prints PASS/FAIL lines (tests/lib/report.py).
"""
import fnmatch
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
from report import Report  # noqa: E402

TOPS = ("kernel", "arch", "boot", "user", "tools", "tests", "labs", "docs", "mk")
# The -I folders of mk/*.mk: "arch/cpu.h" is arch/i386/include/arch/cpu.h.
INCLUDE_DIRS = ("kernel", "kernel/env", "arch/i386/include", "kernel/sched/host",
                "tests/unit", "user/lib", "labs", "tools/schedsim")
# Recorded logs, and this file (its patterns and made-up stale words).
NOT_READ = ("tests/tools/data/", "tests/tree/test_stale_paths.py")
PATH = re.compile(r"(?<![\w./*%%-])((?:%s)/[\w.+*-]+(?:/[\w.+*-]+)*)" % "|".join(TOPS))
# A file name alone; not in <...> (a system header) and not a path's tail.
NAME = re.compile(r"(?<![\w./*%<-])([\w-]+\.(?:c|h|S|asm|py|md|sh|mk|ld|wl))(?![\w/.-])")
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)\s]*)?\)")
PLACEHOLDER = re.compile(r"[A-Z][A-Z_]*")
# (files, path, why): words in those files that look like paths and are not.
ALLOWED = [
    ("tests/grading/test_handout.py", r"kernel/a\.c|labs/x/.*|a\.c|a\.md|missing\.c|docs/gone\.md|tools/gone",
     "the made-up trees the test writes"),
    ("tools/fetch-linux", r"boot/vmlinuz-\*", "a path inside Debian's kernel package"),
    ("user/lib/linux_syscalls.h", r"arch/x86/.*", "a path of Linux's source tree"),
    ("docs/robustness.md", r"boot/idle", "prose: \"AP boot/idle stacks\""),
    ("*", r"user/foo\.c", "the example of USER_SRCS_NAME (docs/user.md, mk/user.mk)"),
    ("*", r"(std\w+|string|errno|fcntl|signal|time|unistd|math|ctype|x86intrin)\.h",
     "the C library's and the compiler's headers"),
    ("*", r"ksyms\.S", "the symbol table the build writes (tools/build/mksyms.py)"),
    ("*", r"(report|summary)\.md", "what tools/lab and tools/bench-matrix write"),
    ("docs/scheduler.md", r"sched\.c", "Linux 2.6's kernel/sched.c"),
    ("tests/tools/test_schedsim.py", r"[\w-]+\.wl", "the workloads the test writes"),
    ("tests/tree/test_scenario_names.py", r"smp_extra\.py", "a made-up scenario file"),
    ("tests/grading/test_mutate.py", r"labs/(tiny|empty)/.*|tiny\.c|fake_grade\.py",
     "the made-up tree the test writes"),
    ("*", r"tests/fuzz/fuzz_", "the pattern tests/fuzz/fuzz_%.c (mk/fuzz.mk)"),
    ("*", r"setup\.sh", "the Gradescope zip's set-up script, written by tools/autograder"),
    ("tests/grading/test_grading_lib.py", r"unit\.c|x\.c", "the made-up sources the test writes"),
    ("tests/grading/test_handout.py", r"tests/copy\.c", "the made-up file a bad handout would ship"),
    ("tests/tree/test_docs_numbers.py", r"doc\.md", "the made-up document the test writes"),
    ("tools/lib/grading/splice.py", r"re\.S", "Python's re.S flag, not a file"),
]
# What tools/handout leaves out of a student's tree, named by the rest.
LEFT_OUT = ("*", r"labs/[\w*]+/(handout\.py|wrong(/[\w.*-]+)?)|handout\.py",
            "left out of a student's tree (tools/handout)")


def exists(path):
    return os.path.exists(os.path.join(ROOT, path))


def matches(pattern):
    return bool(glob.glob(os.path.join(ROOT, pattern)))


def resolves(path):
    """Whether a path-like word names something of the tree (see the top)."""
    candidates = [path]
    if path.endswith(".h"):
        candidates += [d + "/" + path for d in INCLUDE_DIRS]
    for c in candidates:
        pattern = PLACEHOLDER.sub("*", c)
        if exists(c) or ("*" in pattern and matches(pattern)):
            return True
        if "." not in os.path.basename(c) and matches(pattern + ".*"):
            return True
    return False


def allowed(fname, path):
    return any(fnmatch.fnmatch(fname, files) and re.fullmatch(word, path)
               for files, word, _ in ALLOWED)


def stale_paths(fname, text):
    """[(line, path)] of the path-like words of text that name nothing."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in PATH.finditer(line):
            path = m.group(1).rstrip(".")
            if not resolves(path) and not allowed(fname, path):
                found.append((n, path))
    return found


def stale_names(fname, text, names):
    """[(line, name)] of the file names of text (without a folder) that
    no file of the tree (names: every base name) has."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in NAME.finditer(line):
            name = m.group(1)
            if name in names or allowed(fname, name):
                continue
            pattern = PLACEHOLDER.sub("*", name)
            if "*" in pattern and fnmatch.filter(names, pattern):
                continue
            found.append((n, name))
    return found


def stale_links(fname, text):
    """[(line, target)] of a markdown file's relative links that name nothing."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):            # http:, mailto:
                continue
            if not exists(os.path.normpath(os.path.join(os.path.dirname(fname), target))):
                found.append((n, target))
    return found


def tracked_files():
    """Every file of the tree, from the top (git's list, else the folders)."""
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        out = [os.path.relpath(os.path.join(top, f), ROOT)
               for top, _, files in os.walk(ROOT) for f in files]
    return [f for f in out if f and exists(f)]


def to_read(files):
    """The files whose words are checked."""
    return [f for f in files if (f.split("/")[0] in TOPS or f.endswith(".md")
                                 or f == "Makefile") and not f.startswith(NOT_READ)]


def read(fname):
    try:
        with open(os.path.join(ROOT, fname), encoding="utf-8") as f:
            return f.read()
    except (UnicodeDecodeError, IsADirectoryError):
        return None                                     # not text


MADE_UP = ("made-up.md", """\
See kernel/mm/pmm.c, "arch/cpu.h", tools/lab and tests/unit/test_NAME.c.
The old kernel/include/pmm.h and tools/psf.py are gone, and so is
[the runner](tests/tools/run.py), while [time](docs/time.md) is here.
selftest_wait.c is wait.c now; <stdint.h> and test_NAME.c are fine.
""")
MADE_UP_STALE = [(2, "kernel/include/pmm.h"), (2, "tools/psf.py"),
                 (3, "tests/tools/run.py")]
MADE_UP_NAMES = [(4, "selftest_wait.c")]
MADE_UP_LINKS = [(3, "tests/tools/run.py")]


def where(fname, found):
    return ["%s:%d: %s" % (fname, n, p) for n, p in found]


def main():
    report = Report()
    if not glob.glob(os.path.join(ROOT, "labs", "*", "handout.py")):
        ALLOWED.append(LEFT_OUT)
    name, text = MADE_UP
    got = stale_paths(name, text)
    report.result("stale-paths-catches-made-up-ones", None if got == MADE_UP_STALE
                  else "found %s, expected %s" % (got, MADE_UP_STALE))
    files = tracked_files()
    names = {os.path.basename(f) for f in files}
    got = stale_names(name, text, names)
    report.result("stale-names-catches-made-up-ones", None if got == MADE_UP_NAMES
                  else "found %s, expected %s" % (got, MADE_UP_NAMES))
    got = stale_links(name, text)
    report.result("stale-links-catches-made-up-ones", None if got == MADE_UP_LINKS
                  else "found %s, expected %s" % (got, MADE_UP_LINKS))
    paths, bare, links, nfiles = [], [], [], 0
    for fname in to_read(files):
        text = read(fname)
        if text is None:
            continue
        nfiles += 1
        paths += where(fname, stale_paths(fname, text))
        bare += where(fname, stale_names(fname, text, names))
        if fname.endswith(".md"):
            links += where(fname, stale_links(fname, text))
    report.result("stale-paths-none", paths and "%d path(s) name nothing" % len(paths),
                  detail="%d files" % nfiles, rows=paths)
    report.result("stale-names-none", bare and "%d file name(s) name nothing" % len(bare),
                  detail="%d files" % nfiles, rows=bare)
    report.result("stale-links-none", links and "%d link(s) name nothing" % len(links),
                  detail="%d files" % nfiles, rows=links)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
