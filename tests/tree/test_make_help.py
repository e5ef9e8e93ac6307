#!/usr/bin/env python3
"""test_make_help.py - `make help` lists every target, one line each.

help-lists-every-phony-target: each target a .PHONY line of the Makefile
  or mk/*.mk declares has exactly one line in `make help` ("  name  text",
  from the `## text` line right above its rule), and no line names a
  target that is not declared .PHONY, and no help text spans two lines.
Prints PASS/FAIL lines (tests/report.py).
"""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
from report import Report  # noqa: E402


def phony_targets():
    """{target: the file that declares it .PHONY}."""
    found = {}
    for path in ["Makefile"] + sorted(glob.glob(os.path.join(ROOT, "mk", "*.mk"))):
        with open(os.path.join(ROOT, path)) as f:
            for line in f:
                if line.startswith(".PHONY:"):
                    for t in line.split(":", 1)[1].split():
                        found[t] = os.path.relpath(os.path.join(ROOT, path), ROOT)
    return found


def two_line_helps():
    """Places where a '## ' line follows another: make help shows one line."""
    found = []
    for path in ["Makefile"] + sorted(glob.glob(os.path.join(ROOT, "mk", "*.mk"))):
        with open(os.path.join(ROOT, path)) as f:
            lines = f.read().split("\n")
        for n in range(1, len(lines)):
            if lines[n].startswith("## ") and lines[n - 1].startswith("## "):
                found.append("%s:%d: a help text of two lines (make help shows the last)"
                             % (os.path.relpath(os.path.join(ROOT, path), ROOT), n + 1))
    return found


def help_lines():
    """[(target, text)] of `make help`'s entry lines."""
    out = subprocess.run(["make", "--no-print-directory", "-s", "help"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return [(m.group(1), m.group(2)) for m in
            (re.match(r"^  (\S+)\s+(\S.*)$", l) for l in out.splitlines()) if m]


def main():
    report = Report("make-help:")
    phony, lines = phony_targets(), help_lines()
    problems = []
    if len(phony) < 40:
        problems.append("only %d .PHONY targets found (expected the tree's ~50)" % len(phony))
    listed = {}
    for target, text in lines:
        listed[target] = listed.get(target, 0) + 1
    for target, where in sorted(phony.items()):
        n = listed.get(target, 0)
        if n != 1:
            problems.append("%s (%s): %d help lines, expected 1 (a '## text' line "
                            "right above its rule)" % (target, where, n))
    for target in sorted(set(listed) - set(phony)):
        problems.append("%s: a help line, but no .PHONY line declares it" % target)
    report.result("lists-every-phony-target", problems + two_line_helps())
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
