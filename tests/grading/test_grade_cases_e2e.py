#!/usr/bin/env python3
"""tests/grading/test_grade_cases_e2e.py - a few of test_grade_cases.py's
submissions graded for real, through tools/grade-submissions --jobs 2.

Per lab (`wakeup`, `time`): the teacher's functions in an odd layout
(K&R braces, GNU style, the logic in a static helper with renamed
parameters, a comment of `#` lines in the body, CRLF) score full marks,
status graded; a cheat (wakeup: the teacher's file through `%:include`;
time: `asm` split by a backslash-newline making a system call) scores no
more than the stub, and its row names the rule.  Prints PASS/FAIL lines, a
table and the seconds each lab's grading took; exit 1 on a failure.
About 2 x 50 s on a quiet 2-core host.
"""
import csv
import json
import os
import subprocess
import sys
import time

import test_grade_cases as cases  # noqa: E402

ROOT, result = cases.ROOT, cases.result
# The labs graded here and each one's cheat (`donate`'s own cases are
# graded by test_grade_cases_donate.py).
CHEAT = {"wakeup": "digraph_include", "time": "asm_line_splice"}


def submissions(lab, tmp):
    """[(who, text, kind)]: one honest odd layout and one cheat."""
    _, pristine = cases.setup(lab, tmp)
    path = pristine.path
    odd = cases.teacher_file(lab)
    for t in (cases.hash_comment, cases.helper, cases.gnu, cases.knr):
        odd = cases.per_func(t)(odd, cases.LABS[lab].funcs, path)
    cheat = cases.cheat_text(pristine.data, CHEAT[lab], cases.LABS[lab], path)
    return [("honest-odd-layout", odd.replace(b"\n", b"\r\n"), "honest"),
            ("cheat-" + CHEAT[lab].replace("_", "-"), cheat, "cheat")]


def grade(lab, subs, tmp, rows):
    d = os.path.join(tmp, "e2e-" + lab)
    paths = []
    for who, text, _ in subs:
        src = os.path.join(d, who, cases.LABS[lab].source)
        os.makedirs(os.path.dirname(src))
        with open(src, "wb") as f:
            f.write(text)
        paths.append(os.path.join(d, who))
    out = os.path.join(tmp, "out-" + lab)
    start = time.time()
    p = subprocess.run([sys.executable, "tools/grade-submissions", "--lab", lab, "--out",
                        out, "--jobs", "2"] + paths, cwd=ROOT, capture_output=True, text=True)
    took = time.time() - start
    if p.returncode != 0:
        result("e2e:%s" % lab, "exit %d: %s" % (p.returncode, p.stderr[-300:]))
        return
    with open(os.path.join(out, "grades.csv")) as f:
        by = {r["student"]: r for r in csv.DictReader(f)}
    with open(os.path.join(out, ".grader", "stub.json")) as f:
        stub = json.load(f)["total"]["points"]
    for who, _, kind in subs:
        r = by[who]
        pts, full = int(r["points"]), int(r["max"])
        if kind == "honest":
            problem = None if pts == full and r["status"] == "graded" else \
                "expected %d/%d graded, got %d %s: %s" % (full, full, pts, r["status"],
                                                          r["reason"])
        else:
            problem = None if pts <= stub and "rule:" in r["reason"] else \
                "expected at most the stub's %d and a rule, got %d: %s" % (stub, pts,
                                                                         r["reason"])
        rows.append((who, lab, "%d/%d %s %s" % (pts, full, r["status"], r["reason"][:90])))
        result("e2e:%s:%s" % (lab, who), problem, "%d/%d, the stub %d" % (pts, full, stub))
    print("time: %d %s submissions through grade-submissions --jobs 2 in %.0f s "
          "(set-up included)" % (len(subs), lab, took))


def both_labs(tmp, rows):
    for lab in CHEAT:
        grade(lab, submissions(lab, tmp), tmp, rows)


if __name__ == "__main__":
    sys.exit(cases.run_cases(both_labs, "grade-cases-e2e"))
