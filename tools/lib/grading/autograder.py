"""autograder - a lab's Gradescope autograder (make autograder LAB=name).

    tools/autograder make --lab LAB [--out ZIP]
    tools/autograder run --lab LAB            (inside Gradescope's image)

`make` writes ZIP (default build/autograder/LAB.zip), what Gradescope's
"Upload autograder" takes: at its top `setup.sh` (installs make, gcc,
gcc-multilib, python3, python3-clang-14, git and bubblewrap on Gradescope's
Ubuntu image), `run_autograder`
and `nickel/`, the teacher's tracked files (with the solutions and any
hidden tests: the zip stays with the teacher and Gradescope).

`run` is what `run_autograder` starts: it takes the student's files from
$AUTOGRADER/submission (default AUTOGRADER=/autograder; a whole handout
repository, or the lab's source file alone), grades them as
tools/grade-submissions does (only the lab's functions and the static
helpers, constants and types written for them, checked, in the sandbox,
against the teacher's run) and writes
$AUTOGRADER/results/results.json in Gradescope's format: the total `score`,
an `output` (status, reason), and per graded test `name`, `score`,
`max_score`, `status`, `output` (what was measured, expected and actual,
the hint) and `visibility` (hidden tests: `after_published`); the sandbox's mode is in
`output` and in `extra_data.sandbox`.

The sandbox: Gradescope runs the autograder as root in a container, where
bubblewrap may or may not be able to make namespaces.  When it can, the
student's code runs in it, as under tools/grade-submissions.  When it
cannot, the autograder does not give up the grade (the container is
thrown away after one submission, and the student waits for a score):
it makes the teacher's copy (source/), the submission and its work folder
readable by root only, and grades with --no-sandbox, the student's code
running as an unprivileged uid of its own that can read none of them.
The mode is in the output either way (`bwrap` or `no-sandbox:uid=N`).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import zipfile

from lib import ROOT


SETUP = """#!/bin/sh
# Gradescope runs this once on its Ubuntu image, as root.
set -e
apt-get update
apt-get install -y make gcc gcc-multilib binutils python3 python3-clang-14 git bubblewrap
"""

RUN = """#!/bin/sh
# Gradescope runs this for each submission; the files are in
# $AUTOGRADER/submission, the results go to $AUTOGRADER/results/results.json.
AUTOGRADER=${AUTOGRADER:-/autograder}
export AUTOGRADER
exec python3 "$AUTOGRADER/source/nickel/tools/autograder" run --lab %s
"""


def grader_version():
    p = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=12"], cwd=ROOT,
                       capture_output=True, text=True)
    return p.stdout.strip() or "unknown"


def tracked_files():
    p = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                       cwd=ROOT, capture_output=True, check=True)
    return [f for f in p.stdout.decode().split("\0")
            if f and os.path.isfile(os.path.join(ROOT, f))]


def make_zip(lab, out):
    if not os.path.isfile(os.path.join(ROOT, "labs", lab, "grade.py")):
        raise SystemExit("autograder: no lab %r (labs/%s/grade.py)" % (lab, lab))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in (("setup.sh", SETUP), ("run_autograder", RUN % lab)):
            info = zipfile.ZipInfo(name)
            info.external_attr = 0o755 << 16
            z.writestr(info, text)
        for f in tracked_files():
            z.write(os.path.join(ROOT, f), os.path.join("nickel", f))
        z.writestr("nickel/.grader-version", grader_version() + "\n")
    print("autograder: lab %s written to %s" % (lab, out))


def submission_dir(base, source, work):
    """A directory with the lab's source file at its path: the submission
    itself when it is a whole tree, else one made around the lone file."""
    if os.path.lexists(os.path.join(base, source)):
        return base
    lone = os.path.join(base, os.path.basename(source))
    student = os.path.join(work, "submission")
    os.makedirs(os.path.join(student, os.path.dirname(source)))
    if os.path.isfile(lone) and not os.path.islink(lone):
        shutil.copy(lone, os.path.join(student, source))
    return student


def test_output(t):
    if t["passed"]:
        return "passed"
    lines = []
    if t.get("measured") and t.get("actual") is not None:
        lines.append("measured: %s\nexpected %s, actual %s" % (t["measured"], t["expected"],
                                                             t["actual"]))
    if t.get("problem"):
        lines.append("problem: %s" % t["problem"])
    lines.append("look at: %s; %s" % (", ".join(t["functions"]), t["spec"]))
    lines.append("rerun: %s" % t["rerun"])
    return "\n".join(lines)


def results(record):
    """Gradescope's results.json from a grade-submissions grade.json."""
    sub = record["submission"]
    tests = []
    for lab in record["labs"].values():
        for t in lab["tests"]:
            tests.append({"name": t["name"], "score": t["points"], "max_score": t["max"],
                          "status": "passed" if t["passed"] else "failed",
                          "output": test_output(t),
                          "visibility": "after_published" if t.get("hidden") else "visible"})
    output = "status: %s" % sub["status"]
    if sub.get("reason"):
        output += "\n%s" % sub["reason"]
    output += "\nsandbox: %s" % sub.get("sandbox", "")
    return {"score": record["total"]["points"], "output": output, "visibility": "visible",
            "extra_data": {"sandbox": sub.get("sandbox", "")}, "tests": tests}


def ensure_repository():
    """The zip's tree has no .git; tools/handout reads `git ls-files`."""
    if os.path.isdir(os.path.join(ROOT, ".git")):
        return
    for cmd in (["init", "-q"], ["add", "-A"],
                ["-c", "user.name=autograder", "-c", "user.email=autograder@nickel.invalid",
                 "commit", "-qm", "the teacher's tree"]):
        subprocess.run(["git"] + cmd, cwd=ROOT, check=True, capture_output=True)


def run(lab):
    base = os.environ.get("AUTOGRADER", "/autograder")
    ensure_repository()
    work = os.path.join(base, "work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    source = load_source(lab)
    student = submission_dir(os.path.join(base, "submission"), source, work)
    out = os.path.join(work, "grades")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "grade-submissions"),
                        "--lab", lab, "--out", out, "--jobs", "1"] + sandbox_flags(base, work)
                       + [student], capture_output=True, text=True)
    os.makedirs(os.path.join(base, "results"), exist_ok=True)
    dest = os.path.join(base, "results", "results.json")
    gj = os.path.join(out, os.path.basename(os.path.normpath(student)), "grade.json")
    if p.returncode != 0 or not os.path.isfile(gj):
        res = {"score": 0, "output": "the autograder failed: %s" % (
            p.stderr.strip().splitlines() or ["no message"])[-1], "tests": []}
    else:
        with open(gj) as f:
            res = results(json.load(f))
    with open(dest, "w") as f:
        json.dump(res, f, indent=1)
    print(p.stdout)
    return 0


def sandbox_flags(base, work):
    """[] where bubblewrap works; else ["--no-sandbox"], the teacher's copy,
    the submission and the work folder first made root's alone (only when
    the teacher's copy is the zip's, under $AUTOGRADER/source)."""
    from lib.grading import sandbox
    if sandbox.bwrap_works():
        return []
    source = os.path.join(base, "source")
    if os.path.commonpath([ROOT, source]) == source:
        for d in (source, os.path.join(base, "submission"), work):
            os.chmod(d, 0o700)
    return ["--no-sandbox"]


def load_source(lab):
    import importlib.util
    spec = importlib.util.spec_from_file_location("grade", os.path.join(ROOT, "labs", lab,
                                                                        "grade.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.SOURCE


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["make", "run"])
    ap.add_argument("--lab", required=True)
    ap.add_argument("--out", help="the zip (make; default build/autograder/LAB.zip)")
    a = ap.parse_args()
    if a.what == "make":
        make_zip(a.lab, a.out or os.path.join(ROOT, "build", "autograder", a.lab + ".zip"))
        return 0
    return run(a.lab)

