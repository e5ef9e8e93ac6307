#!/usr/bin/env python3
"""tests/grading/test_handout_classroom.py - the GitHub Classroom workflow of
`make handout CLASSROOM=1` (tools/handout --classroom), lab `time`.

The workflow (.github/workflows/classroom.yml) is read as YAML and its
steps run as a GitHub job would: each command-grader step's `command`
in the checked-out handout with bash, worth `max-score` when it exits 0.
Checked: one step per graded host test, each worth the test's points
(the sum is the lab's host maximum), the reporter's `runners` naming every
step; in the untouched handout the steps award exactly the points
tools/grade gives it (the stub); with the teacher's solution spliced in,
every point.  Prints PASS/FAIL lines; exit 1 on a failure.  ~1 min.
In a student's tree (no labs/time/handout.py) there is nothing to check.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
from lib.grading import splice  # noqa: E402
from report import Report  # noqa: E402

report = Report("classroom:")
result = report.result

WORKFLOW = ".github/workflows/classroom.yml"
GRADER = "classroom-resources/autograding-command-grader@v1"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
FUNCS = ["add_task_time", "task_priority", "task_timeslice"]



def steps_of(tree):
    with open(os.path.join(tree, WORKFLOW)) as f:
        flow = yaml.safe_load(f)
    job = list(flow["jobs"].values())[0]
    return job["steps"]


def run_steps(steps, tree):
    """{step id: points awarded}, running each command as a job step."""
    got = {}
    for s in steps:
        if s.get("uses") != GRADER:
            continue
        p = subprocess.run(["bash", "-c", s["with"]["command"]], cwd=tree,
                           capture_output=True, text=True, timeout=600)
        got[s["id"]] = s["with"]["max-score"] if p.returncode == 0 else 0
    return got


def grade_points(tree):
    out = os.path.join(tree, "g.json")
    subprocess.run([sys.executable, "tools/grade", "--lab", "time", "--host-only", "--json",
                    out], cwd=tree, capture_output=True, check=True)
    with open(out) as f:
        total = json.load(f)["total"]
    os.remove(out)
    return total["points"], total["max"]


def main():
    if not os.path.isfile(os.path.join(ROOT, "labs", "time", "handout.py")):
        print("PASS classroom:student-tree (nothing to check in a handout)")
        return 0
    tmp = tempfile.mkdtemp(prefix="classroom-")
    try:
        tree = os.path.join(tmp, "time")
        subprocess.run([sys.executable, "tools/handout", "time", "--out", tree,
                        "--classroom"], cwd=ROOT, check=True, capture_output=True)
        steps = steps_of(tree)
        graders = [s for s in steps if s.get("uses") == GRADER]
        reporter = [s for s in steps if s.get("uses") == REPORTER]
        stub, host_max = grade_points(tree)
        total = sum(s["with"]["max-score"] for s in graders)
        runners = reporter[0]["with"]["runners"].split(",") if reporter else []
        problem = None
        if total != host_max:
            problem = "the steps are worth %d, the lab's host tests %d" % (total, host_max)
        elif sorted(runners) != sorted(s["id"] for s in graders):
            problem = "the reporter's runners %s are not the steps %s" % (
                runners, [s["id"] for s in graders])
        result("workflow-shape", problem, "%d steps worth %d" % (len(graders), total))
        got = run_steps(steps, tree)
        result("stub-points", None if sum(got.values()) == stub else
               "the steps gave %d, tools/grade %d" % (sum(got.values()), stub),
               "%d/%d" % (sum(got.values()), total))
        path = os.path.join(tree, "kernel", "sched", "nick.c")
        with open(os.path.join(ROOT, "kernel", "sched", "nick.c")) as f:
            teacher = f.read()
        with open(path) as f:
            handout = f.read()
        taken = splice.take(teacher, splice.Pristine(handout, FUNCS, tree, "kernel/sched/nick.c"),
                            "kernel/sched/nick.c")
        spliced, refused = taken.text, taken.refused
        with open(path, "w") as f:
            f.write(spliced)
        got = run_steps(steps, tree)
        result("solution-points", None if sum(got.values()) == total and not refused else
               "the steps gave %d of %d (refused: %s)" % (sum(got.values()), total, refused),
               "%d/%d" % (sum(got.values()), total))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
