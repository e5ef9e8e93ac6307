#!/usr/bin/env python3
"""tests/grading/test_grade_cases_donate.py - lab `donate`'s own grade
cases, graded: honest code of another shape scores every visible point, a
cheat is refused or loses points, each saying why.

Each case is a file of tests/grading/grade_cases/donate/, edits of a base
file in test_grade_cases.py's format (`//function`, `//body`, `//before`,
`//file`), its first comment lines saying what it proves, and what it
must give on `//expect` lines:

  full          nothing refused, all five functions taken, 100% of the
                visible tests (base: the teacher's donation.c);
  rule R        refused with rule R and a line, and no more points than
                the handout's stub (base: the stub);
  ignored       nothing refused, a change outside the taken parts named
                by its line (the code there is not graded);
  at-most N     at most N points of the visible tests;
  fails T...    those tests lost (what catches the cheat).

A case is spliced as tools/grade-submissions splices it
(tools/lib/grading/splice.py) into the handout's file, then graded by the
handout's own tools/grade (its visible tests: no hidden test is in a
handout); test_grade_cases.py runs the machine-code check on donate.  One more
case: no line of these files is a line of the teacher's marked bodies, so
the handout's self-check (which trusts a line found elsewhere in the
tree) loses nothing to them.  Prints a table and PASS/FAIL lines; exit 1
on a failure.  About 1 minute on a quiet 2-core host.
"""
import glob
import json
import os
import re
import subprocess
import sys

import test_grade_cases as cases  # noqa: E402

ROOT, result = cases.ROOT, cases.result
LAB = cases.LABS["donate"]
DONATE = os.path.join(cases.CASES, "donate")
MARKED = re.compile(r"/\* LAB donate: begin \*/\n(.*?)/\* LAB donate: end \*/", re.DOTALL)


def expectations(path):
    """{key: [words]} of a case's `//expect` lines, and what it proves."""
    _, notes = cases.sections(path, LAB)
    want = {}
    for n in notes:
        if n.startswith("expect "):
            words = n.split()[1:]
            want[words[0]] = words[1:]
    proves = " ".join(n for n in notes if not n.startswith("expect "))
    return want, proves


def grade(handout, text, tag):
    """(points, max, {test: first failing check or message}) of the
    visible tests with text as the handout's donation.c."""
    with open(os.path.join(handout, LAB.source), "w") as f:
        f.write(text)
    out = os.path.join(handout, "build", "grade-%s.json" % tag)
    p = subprocess.run([sys.executable, "tools/grade", "--lab", "donate", "--host-only",
                        "--json", out], cwd=handout, capture_output=True, text=True)
    if p.returncode != 0 or not os.path.isfile(out):
        raise RuntimeError("tools/grade exit %d: %s" % (p.returncode, p.stderr[-300:]))
    with open(out) as f:
        rec = json.load(f)["labs"]["donate"]
    lost = {}
    for t in rec["tests"]:
        if not t["passed"]:
            bad = [c for c in t.get("checks", []) if not c["ok"]]
            lost[t["name"]] = ("%s: expected %g, got %g" % (bad[0]["what"], bad[0]["expected"],
                                                           bad[0]["actual"])
                               if bad else t.get("problem") or "failed")
    return sum(t["points"] for t in rec["tests"]), sum(t["max"] for t in rec["tests"]), lost


def judge(name, path, handout, pristine, teacher, stub_points, rows):
    from lib.grading import splice
    want, proves = expectations(path)
    base = pristine.data if "rule" in want else teacher
    taken = splice.take(cases.case_text(base, path, LAB, pristine.path).decode(),
                        pristine, LAB.source)
    got = list(taken.refused.values()) + taken.dropped
    points, full, lost = grade(handout, taken.text, name)
    problems = []
    if "full" in want:
        if got:
            problems.append("expected nothing refused, got %s" % "; ".join(map(str, got)))
        if sorted(w for w, _ in taken.parts if w in LAB.funcs) != sorted(LAB.funcs):
            problems.append("expected every lab function taken, got %s" % taken.parts)
        if points != full:
            problems.append("expected %d/%d, got %d: %s" % (full, full, points, "; ".join(
                "%s (%s)" % kv for kv in sorted(lost.items())[:3])))
    if "rule" in want:
        rule = " ".join(want["rule"])
        if rule not in {r.rule for r in got} or not all(r.line for r in got):
            problems.append("expected a refusal by rule %r with a line, got %s" % (
                rule, [str(r) for r in got] or "nothing"))
        if points > stub_points:
            problems.append("expected at most the stub's %d points, got %d" % (stub_points,
                                                                            points))
    if "ignored" in want and (got or not taken.ignored):
        problems.append("expected nothing refused and an `ignored` line, got refused %s, "
                        "ignored %s" % ([str(r) for r in got], taken.ignored))
    if "at-most" in want and points > int(want["at-most"][0]):
        problems.append("expected at most %s points, got %d" % (want["at-most"][0], points))
    missed = [t for t in want.get("fails", []) if t not in lost]
    if missed:
        problems.append("expected %s lost, got lost: %s" % (missed, sorted(lost) or "none"))
    said = "; ".join(str(r) for r in got) or ("ignored from line %d" % taken.ignored
                                              if taken.ignored else "taken")
    detail = "%d/%d, the stub %d; %s" % (points, full, stub_points, said)
    if lost and "full" not in want:
        detail += "; lost %d tests, e.g. %s (%s)" % ((len(lost),) + sorted(lost.items())[0])
    rows.append((name, "donate", detail))
    result("donate:%s" % name, problems, "%s -- %s" % (proves[:80], detail[:160]))


def solution_lines():
    """The stripped lines of the teacher's marked bodies that could give
    the solution away (not a brace, not `return;`)."""
    text = cases.teacher_file("donate").decode()
    return {l.strip() for body in MARKED.findall(text) for l in body.splitlines()
            if len(l.strip()) > 8}


def no_teacher_lines(paths):
    secret = solution_lines()
    found = []
    for path in paths:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if line.strip() in secret:
                    found.append("%s:%d %s" % (os.path.basename(path), n, line.strip()))
    result("donate:cases-hold-no-line-of-the-solution", found and
           ["expected no line of the teacher's bodies, found %s" % ", ".join(found)],
           "%d solution lines, %d case files" % (len(secret), len(paths)))


def donate_cases(tmp, rows):
    paths = sorted(glob.glob(os.path.join(DONATE, "*.c")))
    no_teacher_lines(paths)
    handout, pristine = cases.setup("donate", tmp)
    teacher = cases.teacher_file("donate")
    stub_points, full, _ = grade(handout, pristine.data.decode(), "stub")
    rows.append(("the handout's stub", "donate", "%d/%d" % (stub_points, full)))
    for path in paths:
        judge(os.path.basename(path)[:-2], path, handout, pristine, teacher, stub_points, rows)


if __name__ == "__main__":
    sys.exit(cases.run_cases(donate_cases, "grade-cases-donate"))
