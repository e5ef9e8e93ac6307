#!/usr/bin/env python3
"""tests/grading/test_autograder.py - the Gradescope autograder of lab `time`
runs end to end in an /autograder tree made here.

`tools/autograder make` writes the zip; the test unzips it (as Gradescope
does) into TMP/autograder/source, puts a submission in
TMP/autograder/submission, runs `run_autograder` with AUTOGRADER=TMP/autograder
and checks TMP/autograder/results/results.json against the fields
Gradescope documents for it: a numeric `score`, and per test a string
`name`, numeric `score` and `max_score` (0 <= score <= max_score), a string
`output`, a `visibility` among visible, hidden, after_due_date,
after_published.  Two submissions: the teacher's nick.c uploaded alone
(expected full marks, the hidden tests among them, marked
`after_published`) and a cheat (the handout
with an #include of the teacher's file: at most the stub's 3 points and a
reason in `output`).  Prints PASS/FAIL lines; exit 1 on a failure.  ~1 min.
In a student's tree (no labs/time/handout.py) it has nothing to grade.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from report import Report  # noqa: E402

report = Report("autograder:")
result = report.result

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VISIBILITY = {"visible", "hidden", "after_due_date", "after_published"}



def format_problem(res):
    """What in results.json is not as Gradescope documents it."""
    if not isinstance(res.get("score"), (int, float)):
        return "no numeric top-level score"
    if not isinstance(res.get("tests"), list) or not res["tests"]:
        return "no tests list"
    for t in res["tests"]:
        for field, kind in (("name", str), ("output", str), ("visibility", str)):
            if not isinstance(t.get(field), kind):
                return "test %r: %s is not a %s" % (t.get("name"), field, kind.__name__)
        for field in ("score", "max_score"):
            if not isinstance(t.get(field), (int, float)):
                return "test %r: %s is not a number" % (t["name"], field)
        if not 0 <= t["score"] <= t["max_score"]:
            return "test %r: score %s outside 0..%s" % (t["name"], t["score"], t["max_score"])
        if t["visibility"] not in VISIBILITY:
            return "test %r: visibility %r" % (t["name"], t["visibility"])
    if sum(t["score"] for t in res["tests"]) != res["score"]:
        return "the tests' scores do not add up to score %s" % res["score"]
    return None


def run_autograder(ag, files):
    """Fresh submission and results folders, then run_autograder."""
    for d in ("submission", "results"):
        shutil.rmtree(os.path.join(ag, d), ignore_errors=True)
        os.makedirs(os.path.join(ag, d))
    for name, text in files.items():
        path = os.path.join(ag, "submission", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    env = dict(os.environ, AUTOGRADER=ag)
    p = subprocess.run([os.path.join(ag, "source", "run_autograder")], env=env,
                       capture_output=True, text=True, timeout=900)
    path = os.path.join(ag, "results", "results.json")
    if p.returncode != 0 or not os.path.isfile(path):
        return None, "run_autograder exit %d: %s" % (p.returncode, p.stderr.strip()[-300:])
    with open(path) as f:
        return json.load(f), None


def main():
    if not os.path.isfile(os.path.join(ROOT, "labs", "time", "handout.py")):
        print("PASS autograder:student-tree (nothing to grade in a handout)")
        return 0
    tmp = tempfile.mkdtemp(prefix="autograder-")
    try:
        zip_path = os.path.join(tmp, "time.zip")
        subprocess.run([sys.executable, "tools/autograder", "make", "--lab", "time", "--out",
                        zip_path], cwd=ROOT, check=True, capture_output=True)
        ag = os.path.join(tmp, "autograder")
        os.makedirs(os.path.join(ag, "source"))
        subprocess.run(["unzip", "-q", zip_path, "-d", os.path.join(ag, "source")], check=True)
        with open(os.path.join(ag, "source", "setup.sh")) as f:
            setup = f.read()
        result("zip-layout", None if "bubblewrap" in setup and os.access(
            os.path.join(ag, "source", "run_autograder"), os.X_OK) else
            "setup.sh or an executable run_autograder missing at the zip's top")
        with open(os.path.join(ROOT, "kernel", "sched", "nick.c")) as f:
            teacher = f.read()
        res, why = run_autograder(ag, {"nick.c": teacher})
        problem = why or format_problem(res)
        result("results-format", problem, "%d tests" % len(res["tests"]) if res else "")
        if res and not problem:
            full = sum(t["max_score"] for t in res["tests"])
            hidden = [t["name"] for t in res["tests"] if t["visibility"] == "after_published"]
            result("teacher-solution-full-marks", None if res["score"] == full else
                   "expected %s, got %s: %s" % (full, res["score"], res["output"]),
                   "%s/%s" % (res["score"], full))
            result("hidden-tests-after-published", None if hidden else
                   "no test of labs/time/hidden/ is marked after_published", ", ".join(hidden))
        res, why = run_autograder(ag, {"kernel/sched/nick.c":
                                       '#include "../../../../kernel/sched/nick.c"\n'})
        problem = why or format_problem(res)
        if res and not problem and (res["score"] > 3 or "no function" not in res["output"]):
            problem = "an #include cheat got %s: %s" % (res["score"], res["output"])
        result("include-cheat-refused", problem,
               "%s points: %s" % (res["score"], res["output"][:80]) if res else "")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
