#!/usr/bin/env python3
"""tests/grading/test_grade_sandbox.py - what a submission's code can see when
tools/grade-submissions grades it (tools/lib/grading/sandbox.py,
docs/teaching.md "What a submission's code can see").

Grades two submissions of lab `wakeup` (the handout's stub and a second
student) with --keep, then, in the stub's kept tree and in the very
sandbox grade-submissions builds it in, runs commands that try to open
the teacher's kernel/sched/nick.c, every file of labs/*/hidden/, the
grader's reference run (OUT/.grader/reference.json), the other student's
copy and submission: each must fail, while the tree itself stays readable,
only build/ writable.  Also:

  * the honest stub still builds and grades in the new box: the points
    tools/grade gives the handout, status graded, the mode `bwrap` in
    grades.csv and grade.json;
  * the comparison with the teacher's run is the grader's: a result from
    the sandbox that claims a pass with checks that are not the teacher's
    is failed by grade-submissions' judge(), and nothing of the reference
    is handed to the sandboxed tools/grade;
  * where bubblewrap cannot make namespaces, grading is refused in one
    line and nothing is written; --no-sandbox refuses (one line) while the
    teacher's checkout is readable by other users;
  * --no-sandbox's uid (root only) cannot read a folder of the teacher's
    (mode 0700) nor another submission's tree, can read its own tree and
    write only its build folder, and the stub grades the same as that uid;
  * Gradescope's run_autograder where bubblewrap cannot run (root): the
    teacher's nick.c uploaded alone gets full marks with --no-sandbox, and
    results.json says `no-sandbox:uid=...` in its output and extra_data.

Prints PASS/FAIL lines with expected vs actual; exit 1 on a failure.
~1 min.  In a student's tree (no labs/wakeup/handout.py) nothing to grade.
"""
import csv
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from report import Report  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
from lib.grading import sandbox, submissions  # noqa: E402

report = Report("grade-sandbox:")
result = report.result
LAB, SOURCE = "wakeup", "kernel/sched/nick.c"


def make_submissions(tmp):
    """The handout's stub twice (stub, other), as directories."""
    handout = os.path.join(tmp, "handout")
    subprocess.run([sys.executable, "tools/handout", LAB, "--out", handout], cwd=ROOT,
                   check=True, capture_output=True)
    subs = {}
    for who in ("stub", "other"):
        d = os.path.join(tmp, "subs", who)
        os.makedirs(os.path.join(d, os.path.dirname(SOURCE)))
        shutil.copy(os.path.join(handout, SOURCE), os.path.join(d, SOURCE))
        subs[who] = d
    return handout, subs


def stub_points(handout):
    out = os.path.join(handout, "stub-grade.json")
    subprocess.run([sys.executable, "tools/grade", "--lab", LAB, "--host-only", "--json",
                    out], cwd=handout, capture_output=True, check=True)
    with open(out) as f:
        return json.load(f)["total"]["points"]


def opens(box, tree, paths):
    """{path: True when a command in the box could open it}."""
    probe = 'for p; do if cat "$p" >/dev/null 2>&1 || ls "$p" >/dev/null 2>&1; ' \
            'then echo "yes $p"; else echo "no $p"; fi; done'
    p = box.run(["/bin/sh", "-c", probe, "sh"] + paths, tree, 60)
    return {l[l.index(" ") + 1:]: l.startswith("yes") for l in p.stdout.splitlines()}


def writes(box, tree, paths):
    probe = 'for p; do if (: > "$p") 2>/dev/null; then echo "yes $p"; else echo "no $p"; fi; done'
    p = box.run(["/bin/sh", "-c", probe, "sh"] + paths, tree, 60)
    return {l[l.index(" ") + 1:]: l.startswith("yes") for l in p.stdout.splitlines()}


def expect_states(name, got, want):
    """got/want: {path: bool}; one result, a row per path that differs."""
    bad = ["%s: expected %s, actual %s" % (p, want[p], got.get(p)) for p in want
           if got.get(p) != want[p]]
    result(name, "%d of %d paths not as expected" % (len(bad), len(want)) if bad else None,
           "%d paths" % len(want), rows=bad)


# ---- the view ---------------------------------------------------------------

def check_view(out, subs):
    trees = {who: glob.glob(os.path.join(out, ".work", "grade-%s-*" % who, "tree"))
             for who in subs}
    if not all(len(t) == 1 for t in trees.values()):
        result("kept-trees", "expected one kept tree per student, got %s" % trees)
        return
    tree, other = trees["stub"][0], trees["other"][0]
    box = sandbox.Sandbox(tree, [os.path.join(tree, "build")])   # as Lab.box
    teacher = [os.path.join(ROOT, SOURCE), ROOT] + sorted(
        glob.glob(os.path.join(ROOT, "labs", "*", "hidden", "*")))
    grader = [os.path.join(out, ".grader", "reference.json"),
              os.path.join(out, ".grader", "handout", SOURCE), os.path.join(out, "other")]
    others = [os.path.join(other, SOURCE), subs["other"], os.path.join(subs["other"], SOURCE),
              os.path.join(subs["stub"], SOURCE), "/work", "/root", "/home"]
    expect_states("cannot-open-the-teacher's-files", opens(box, tree, teacher),
                  {p: False for p in teacher})
    expect_states("cannot-open-the-grader's-reference", opens(box, tree, grader),
                  {p: False for p in grader})
    expect_states("cannot-open-another-submission", opens(box, tree, others),
                  {p: False for p in others})
    own = [os.path.join(tree, SOURCE), os.path.join(tree, "Makefile"), "/usr/bin/gcc"]
    expect_states("its-own-tree-and-the-toolchain-are-readable", opens(box, tree, own),
                  {p: True for p in own})
    w = {os.path.join(tree, SOURCE): False, os.path.join(tree, "Makefile"): False,
         os.path.join(tree, "build", "probe"): True, "/tmp/probe": True,
         "/usr/probe": False}
    expect_states("only-build-and-tmp-are-writable", writes(box, tree, list(w)), w)
    hidden = sorted(os.path.relpath(p, tree) for p in
                    glob.glob(os.path.join(tree, "labs", "*", "hidden", "*")))
    want = ["labs/wakeup/hidden/grade.py", "labs/wakeup/hidden/test_wakeup_hidden.c"]
    result("only-the-compiled-in-hidden-files-copied", None if hidden == want else
           "expected %s, actual %s" % (want, hidden))


def check_grades(out, stub):
    with open(os.path.join(out, "grades.csv")) as f:
        rows = {r["student"]: r for r in csv.DictReader(f)}
    with open(os.path.join(out, "stub", "grade.json")) as f:
        sub = json.load(f)["submission"]
    r = rows.get("stub", {})
    got = (r.get("points"), r.get("status"), r.get("sandbox"), sub.get("sandbox"))
    want = (str(stub), "graded", "bwrap", "bwrap")
    result("honest-stub-grades-in-the-box", None if got == want else
           "expected (points, status, csv sandbox, json sandbox) %s, actual %s" % (want, got),
           "%s/%s" % (r.get("points"), r.get("max")))


# ---- the judgement outside --------------------------------------------------

def check_judge(gs, out):
    """A sandbox result that passes with checks that are not the teacher's
    fails in the grader's judge(); the teacher's own result passes."""
    with open(os.path.join(out, ".grader", "reference.json")) as f:
        ref = json.load(f)
    honest, _ = gs.judge(json.loads(json.dumps(ref)), ref, LAB)
    forged = json.loads(json.dumps(ref))
    unit = [t for t in forged["labs"][LAB]["tests"] if t["kind"] == "UnitTest"]
    for t in unit:          # every check "passed", with values of its own choosing
        t["checks"] = [dict(c, expected=c["expected"] + 1, actual=c["expected"] + 1)
                       for c in t["checks"]]
    got, changed = gs.judge(forged, ref, LAB)
    full = ref["total"]["max"]
    want = full - sum(t["max"] for t in unit)
    result("judged-outside-against-the-reference",
           None if (honest["total"]["points"], got["total"]["points"]) == (full, want) else
           "expected honest %d, forged %d; actual %d, %d" % (
               full, want, honest["total"]["points"], got["total"]["points"]),
           "%d forged tests failed" % len(changed))
    missing = json.loads(json.dumps(ref))
    missing["labs"][LAB]["tests"] = []
    got, _ = gs.judge(missing, ref, LAB)
    result("a-missing-result-scores-nothing", None if got["total"]["points"] == 0 else
           "expected 0 points, actual %d" % got["total"]["points"])


def check_report(out):
    with open(os.path.join(out, "stub", "report.txt")) as f:
        text = f.read()
    result("report-holds-the-grader's-comparison", None if
           "held against the teacher's run, by the grader" in text else
           "expected the grader's comparison at the end of the report, actual:\n%s"
           % text[-300:])


# ---- refusals ---------------------------------------------------------------

def grade_cmd(out, subs, *flags):
    return [sys.executable, "tools/grade-submissions", "--lab", LAB, "--out", out] + \
        list(flags) + list(subs)


def without_bwrap(tmp):
    """An environment whose bwrap fails as in a container without
    namespaces."""
    fake = os.path.join(tmp, "fakebin")
    os.makedirs(fake, exist_ok=True)
    with open(os.path.join(fake, "bwrap"), "w") as f:
        f.write("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\n"
                "exit 1\n")
    os.chmod(os.path.join(fake, "bwrap"), 0o755)
    return dict(os.environ, PATH=fake + os.pathsep + os.environ["PATH"])


def check_refusals(tmp, subs):
    env = without_bwrap(tmp)
    out = os.path.join(tmp, "refused")
    p = subprocess.run(grade_cmd(out, [subs["stub"]]), cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    lines = p.stderr.strip().splitlines()
    ok = (p.returncode == 2 and len(lines) == 1 and "bubblewrap" in lines[0]
          and "--no-sandbox" in lines[0] and not os.path.exists(out))
    result("no-bwrap-refuses-in-one-line", None if ok else
           "expected exit 2, one line naming bubblewrap and --no-sandbox, no %s; actual "
           "exit %d, %r, exists %s" % (out, p.returncode, lines, os.path.exists(out)),
           lines[0] if lines else "")
    if os.geteuid() == 0:
        seen = sandbox.readable_by(submissions.NO_SANDBOX_UID, [ROOT, subs["stub"]])
        want = "--no-sandbox: a student's uid could read %s" % seen[0] if seen else None
    else:
        want = "--no-sandbox runs each submission as an unprivileged uid"
    if want is None:
        result("no-sandbox-refuses-while-readable", None, "nothing readable here: not tried")
        return
    p = subprocess.run(grade_cmd(out, [subs["stub"]], "--no-sandbox"), cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    lines = p.stderr.strip().splitlines()
    ok = p.returncode == 2 and len(lines) == 1 and want in lines[0] and not os.path.exists(out)
    result("no-sandbox-refuses-while-readable", None if ok else
           "expected exit 2 and one line with %r; actual exit %d, %r" % (
               want, p.returncode, lines), lines[0] if lines else "")


def alive(pid):
    """A process that exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def check_uid_mode(tmp, out, stub):
    """--no-sandbox's mechanics: two submissions' uids, a teacher's 0700
    folder; the stub's kept tree graded as the uid."""
    if os.geteuid() != 0:
        result("no-sandbox-uid", None, "not root: --no-sandbox cannot run here")
        return
    teacher = os.path.join(tmp, "teacher")
    os.makedirs(teacher, mode=0o700)
    secret = os.path.join(teacher, "nick.c")
    with open(secret, "w") as f:
        f.write("solution\n")
    base = tempfile.mkdtemp(prefix="uid-mode-", dir=tmp)
    os.chmod(tmp, 0o711)
    os.chmod(base, 0o711)
    boxes = {}
    for n, who in enumerate(("stub", "other")):
        src = glob.glob(os.path.join(out, ".work", "grade-%s-*" % who, "tree"))[0]
        tree = os.path.join(base, who, "tree")
        shutil.copytree(src, tree, symlinks=True)
        boxes[who] = (sandbox.Sandbox(tree, [os.path.join(tree, "build")],
                                      uid=submissions.NO_SANDBOX_UID + 1 + n,
                                      scratch=os.path.join(base, who, "scratch")), tree)
    box, tree = boxes["stub"]
    other = boxes["other"][1]
    want = {secret: False, teacher: False, os.path.join(other, SOURCE): False,
            os.path.join(tree, SOURCE): True}
    expect_states("no-sandbox-uid-sees-only-its-tree", opens(box, tree, list(want)), want)
    w = {os.path.join(tree, "Makefile"): False, os.path.join(tree, "build", "probe"): True,
         os.path.join(other, "build", "probe"): False}
    expect_states("no-sandbox-uid-writes-only-its-build", writes(box, tree, list(w)), w)
    p = box.run(["/bin/sh", "-c", "setsid sleep 300 >/dev/null 2>&1 & echo $!"], tree, 30)
    left = [l for l in p.stdout.split() if l.isdigit() and alive(int(l))]
    result("no-sandbox-kills-what-the-uid-left-running", "pid %s still runs after the "
           "run, expected none" % left if left else None, "expected no process of the uid")
    box = sandbox.Sandbox(tree, [os.path.join(tree, "build")], uid=submissions.NO_SANDBOX_UID + 1,
                          scratch=os.path.join(base, "stub", "scratch"))
    p = box.run(["make", "-s", "-k", "build/grade/wakeup/test_wakeup",
                 "build/grade/wakeup/hidden/test_wakeup_hidden", "build/grade/schedsim"],
                tree, 300)
    box = sandbox.Sandbox(tree, [os.path.join(tree, "res")], uid=submissions.NO_SANDBOX_UID + 1,
                          scratch=os.path.join(base, "stub", "scratch"))
    p = box.run(["python3", "tools/grade", "--lab", LAB, "--host-only", "--json",
                 "res/g.json"], tree, 300)
    try:
        with open(os.path.join(tree, "res", "g.json")) as f:
            got = json.load(f)["total"]["points"]
    except (OSError, ValueError):
        got = "no result (%s)" % (p.stderr.strip().splitlines() or ["?"])[-1]
    result("no-sandbox-uid-grades-the-stub", None if got == stub else
           "expected %s points, actual %s" % (stub, got), "%s points" % got)


def check_autograder_without_bwrap(tmp):
    """run_autograder in an /autograder tree made here, bwrap failing."""
    if os.geteuid() != 0:
        result("autograder-without-bwrap", None, "not root: Gradescope's case cannot run")
        return
    zip_path = os.path.join(tmp, "ag.zip")
    subprocess.run([sys.executable, "tools/autograder", "make", "--lab", LAB, "--out",
                    zip_path], cwd=ROOT, check=True, capture_output=True)
    ag = os.path.join(tmp, "autograder")
    for d in ("source", "submission", "results"):
        os.makedirs(os.path.join(ag, d))
    subprocess.run(["unzip", "-q", zip_path, "-d", os.path.join(ag, "source")], check=True)
    shutil.copy(os.path.join(ROOT, SOURCE), os.path.join(ag, "submission", "nick.c"))
    env = dict(without_bwrap(tmp), AUTOGRADER=ag)
    p = subprocess.run([os.path.join(ag, "source", "run_autograder")], env=env,
                       capture_output=True, text=True, timeout=900)
    try:
        with open(os.path.join(ag, "results", "results.json")) as f:
            res = json.load(f)
    except (OSError, ValueError) as e:
        res = {"score": None, "output": "no results.json (%s): %s" % (e, p.stderr[-200:])}
    full = sum(t["max_score"] for t in res.get("tests", []))
    mode = res.get("extra_data", {}).get("sandbox", "")
    ok = (res["score"] == full > 0 and mode.startswith("no-sandbox:uid=")
          and "sandbox: " + mode in res["output"])
    result("autograder-without-bwrap-grades-as-a-uid", None if ok else
           "expected full marks and a no-sandbox:uid= mode; actual score %s of %s, mode %r, "
           "output %r" % (res["score"], full, mode, res["output"][-200:]),
           "%s/%s, %s" % (res["score"], full, mode))


def main():
    if not os.path.isfile(os.path.join(ROOT, "labs", LAB, "handout.py")):
        print("PASS grade-sandbox:student-tree (nothing to grade in a handout)")
        return 0
    if not sandbox.bwrap_works():
        result("bwrap-works", "bubblewrap cannot make namespaces on this host "
               "(tools/build/deps.sh installs it; user namespaces must be allowed)")
        return report.status()
    tmp = tempfile.mkdtemp(prefix="grade-sandbox-")
    try:
        handout, subs = make_submissions(tmp)
        stub = stub_points(handout)
        out = os.path.join(tmp, "out")
        p = subprocess.run(grade_cmd(out, sorted(subs.values()), "--keep", "--jobs", "2"),
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
        if not result("grade-submissions-runs", None if p.returncode == 0 else
                      "exit %d: %s" % (p.returncode, p.stderr.strip()[-300:])):
            return report.status()
        check_grades(out, stub)
        check_view(out, subs)
        check_report(out)
        check_judge(submissions, out)
        check_refusals(tmp, subs)
        check_uid_mode(tmp, out, stub)
        check_autograder_without_bwrap(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
