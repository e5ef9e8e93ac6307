#!/usr/bin/env python3
"""coverage.py - which lines of each parser the fuzz inputs reach (make fuzz-coverage).

    tests/fuzz/coverage.py [--work] NAME ...

Builds each harness with gcc's --coverage and no sanitizer
(build/fuzz/cov/replay_NAME), replays tests/fuzz/corpus/NAME and
tests/fuzz/crashes/NAME (--work: also build/fuzz/work/NAME, what fuzzing
kept), and prints, per harness and kernel source file, the lines executed
as gcov counts them.  `gcov` on build/fuzz/cov/replay_NAME-FILE.gcda then
shows the lines never reached.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
COV = os.path.join("build", "fuzz", "cov")


def sources(name):
    """The harness's kernel sources, from mk/fuzz.mk."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "-f", "Makefile",
                          "print-fuzz-srcs", "FUZZ_NAME=" + name],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return out.stdout.split()


def measure(name, work):
    srcs = sources(name)
    binary = os.path.join(COV, "replay_" + name)
    for f in os.listdir(COV):
        if f.startswith("replay_%s-" % name) and f.endswith(".gcda"):
            os.unlink(os.path.join(COV, f))
    flags = ["-iquote", "tests/fuzz/stub"] if name == "elf" else []
    subprocess.run(["gcc", "-std=gnu11", "-O0", "--coverage", "-DNICKEL_HOST=1"] + flags +
                   ["-iquote", "kernel", "-Iarch/i386/include", "-o", binary,
                    "tests/fuzz/fuzz_%s.c" % name, "tests/fuzz/replay_main.c"] + srcs,
                   cwd=ROOT, check=True)
    dirs = [os.path.join(HERE, k, name) for k in ("corpus", "crashes")]
    if work:
        dirs.append(os.path.join(ROOT, "build", "fuzz", "work", name))
    subprocess.run([binary] + [d for d in dirs if os.path.isdir(d)], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    for src in srcs:
        gcda = os.path.join(COV, "replay_%s-%s.gcda" % (name, os.path.basename(src)[:-2]))
        out = subprocess.run(["gcov", "-n", gcda], capture_output=True, text=True, cwd=ROOT).stdout
        m = re.search(r"Lines executed:([\d.]+)% of (\d+)", out)
        print("coverage %-8s %-28s %6s%% of %s lines" %
              (name, src, m.group(1) if m else "?", m.group(2) if m else "?"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", action="store_true")
    ap.add_argument("names", nargs="+")
    args = ap.parse_args()
    os.makedirs(os.path.join(ROOT, COV), exist_ok=True)
    for name in args.names:
        measure(name, args.work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
