#!/usr/bin/env python3
"""tests/grading/test_grade.py - the grader (tools/grade) must tell right from wrong.

  * the teacher's tree grades 100% in every lab (host tests only: the QEMU
    tests are left out with --host-only to keep make test fast);
  * every wrong solution, labs/<lab>/wrong/<name>.patch applied to a copy
    of the tree, loses points, and at least the graded tests its header
    names under "Caught by:" fail (printed: which tests caught it);
  * every handout (tools/handout, make handout) grades below 100%, and each
    function the lab stubs out fails at least one graded test that names it;
  * code that does not compile grades 0, each test showing the compiler's
    error, and is no tool error;
  * bad input gets exit status 2 and one line; --strict exits 1 on a lost
    point; grade.json holds what a course's scripts need.
Takes ~20-60 s: a copy recompiles only the files its patch changes (the
grader's objects come along) and links the test and the simulator.
In a student's tree (a handout: no labs/*/handout.py) only the bad-input
check runs: there the code is unfinished by design.
Prints `PASS name` / `FAIL name (file:line): why`; exit 1 on any failure.
"""
import concurrent.futures as cf
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LABS = os.path.join(ROOT, "labs")
from report import Report  # noqa: E402

report = Report("grade:")
result = report.result


def lab_names():
    return sorted(os.path.basename(os.path.dirname(p))
                  for p in glob.glob(os.path.join(LABS, "*", "grade.py")))


def grade(tree, lab, *extra):
    """Run tree's tools/grade on one lab, host tests only: (status, the
    lab's grade.json record or None, stdout, stderr)."""
    out = os.path.join(tempfile.mkdtemp(prefix="grade-json-"), "grade.json")
    p = subprocess.run([sys.executable, os.path.join(tree, "tools", "grade"), "--lab", lab,
                        "--host-only", "--json", out] + list(extra),
                       capture_output=True, text=True, cwd=tree, timeout=600)
    record = None
    if os.path.exists(out):
        with open(out) as f:
            record = json.load(f)["labs"].get(lab)
    shutil.rmtree(os.path.dirname(out))
    return p.returncode, record, p.stdout, p.stderr


def failing(record):
    return [t["name"] for t in record["tests"] if not t["passed"] and not t["skipped"]]


def copy_tree(dest):
    """The tree's files (as git sees them, new ones included) with their
    times, and the grader's objects, so a copy recompiles only what a
    patch changes."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], cwd=ROOT, capture_output=True,
                           check=True).stdout
    subprocess.run("tar -cf - --null -T - | tar -xf - -C %s" % dest, shell=True,
                   input=files, cwd=ROOT, check=True)
    objs = os.path.join(ROOT, "build", "grade-obj")
    if os.path.isdir(objs):
        shutil.copytree(objs, os.path.join(dest, "build", "grade-obj"))


def patch_header(patch):
    with open(patch) as f:
        return f.read().split("\ndiff --git", 1)[0]


def caught_by(patch):
    """The graded tests the patch's header says catch it."""
    m = re.search(r"^Caught by: (.*)$", patch_header(patch), re.M)
    return m.group(1).replace(",", " ").split() if m else []


def header_problem(patch, lab):
    """The header says which mistake it models and which tests catch it."""
    if not patch_header(patch).startswith("Wrong solution (lab %s): " % lab):
        return "the header does not start with 'Wrong solution (lab %s): '" % lab
    if not caught_by(patch):
        return "the header has no 'Caught by: test, ...' line"
    return None


# ---- the teacher's tree --------------------------------------------------

def test_teacher_tree(lab):
    """100%, and grade.json with the fields a course's scripts read."""
    rc, rec, out, err = grade(ROOT, lab)
    if rc != 0 or rec is None:
        return "tools/grade exited %d: %s" % (rc, (err.strip() or out[-300:]))
    if rec["points"] != rec["max"]:
        return "%d/%d points; failing: %s" % (rec["points"], rec["max"],
                                               ", ".join(failing(rec)))
    return json_problem(rec)


JSON_FIELDS = {"name", "points", "max", "passed", "expected", "actual", "tolerance", "rerun"}


def json_problem(rec):
    for t in rec["tests"]:
        missing = JSON_FIELDS - set(t)
        if missing:
            return "grade.json: test %s lacks %s" % (t["name"], ", ".join(sorted(missing)))
        if t["passed"] and t["expected"] is None:
            return "grade.json: test %s passed without an expected value" % t["name"]
    return None if rec["tests"] else "grade.json: no tests"


# ---- wrong solutions -----------------------------------------------------

def try_wrong(patch):
    """Grade a copy of the tree with the patch applied: (problem, detail)."""
    lab = os.path.basename(os.path.dirname(os.path.dirname(patch)))
    if header_problem(patch, lab):
        return header_problem(patch, lab), ""
    tmp = tempfile.mkdtemp(prefix="grade-wrong-")
    try:
        copy_tree(tmp)
        p = subprocess.run(["git", "apply", patch], cwd=tmp, capture_output=True, text=True)
        if p.returncode != 0:
            return "does not apply to the tree: %s" % p.stderr.strip().splitlines()[0], ""
        rc, rec, out, err = grade(tmp, lab, "--strict")
        if rec is None or rc == 2:
            return "tools/grade exited %d: %s" % (rc, err.strip()), ""
        caught = failing(rec)
        if rec["points"] >= rec["max"] or not caught:
            return "graded %d/%d: no graded test catches it" % (rec["points"], rec["max"]), ""
        if rc != 1:
            return "--strict exited %d after losing points, expected 1" % rc, ""
        missed = [t for t in caught_by(patch) if t not in caught]
        if missed:
            return "its header says %s catch it, but they pass (caught by %s)" % (
                ", ".join(missed), ", ".join(caught)), ""
        return None, "%d/%d, caught by %s" % (rec["points"], rec["max"], ", ".join(caught))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def try_broken_build():
    """Code that does not compile costs every test of the lab, with the
    compiler's message, and is no tool error (exit 0)."""
    tmp = tempfile.mkdtemp(prefix="grade-broken-")
    try:
        copy_tree(tmp)
        with open(os.path.join(tmp, "kernel", "sched", "nick.c"), "a") as f:
            f.write("\n#error graded-tree-does-not-compile\n")
        rc, rec, out, err = grade(tmp, "time")
        if rc != 0 or rec is None:
            return "exit %d (want 0: a grade is not an error): %s" % (rc, err.strip()), ""
        unexplained = [t["name"] for t in rec["tests"]
                       if t["passed"] or "graded-tree-does-not-compile" not in (t["problem"] or "")]
        if rec["points"] != 0 or unexplained:
            return "%d/%d points; tests without the compiler's message: %s" % (
                rec["points"], rec["max"], ", ".join(unexplained)), ""
        return None, "0/%d, each test shows the #error" % rec["max"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---- handouts ------------------------------------------------------------

def marked_functions(lab, source):
    """The functions of `source` with a `/* LAB lab: begin */` marker."""
    names, current = [], None
    with open(os.path.join(ROOT, source)) as f:
        for line in f:
            m = re.match(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\(", line)
            if m and not line.startswith(("if", "while", "for", "return")):
                current = m.group(1)
            if re.search(r"/\*\s*LAB %s: begin\s*\*/" % re.escape(lab), line) and current:
                names.append(current)
    return sorted(set(names))


def try_handout(lab):
    """Make the lab's handout, grade it: (problem, detail)."""
    tmp = tempfile.mkdtemp(prefix="grade-handout-")
    out_dir = os.path.join(tmp, lab)
    try:
        p = subprocess.run(["make", "-s", "--no-print-directory", "handout", "LAB=" + lab,
                            "OUT=" + out_dir], cwd=ROOT, capture_output=True, text=True)
        if p.returncode != 0:
            return "make handout LAB=%s failed: %s" % (lab, (p.stderr.strip() or "?")
                                                       .splitlines()[-1]), ""
        leaks = glob.glob(os.path.join(out_dir, "labs", "*", "wrong"))
        if leaks:
            return "the handout ships %s (the solution as patch context)" % (
                os.path.relpath(leaks[0], out_dir)), ""
        objs = os.path.join(ROOT, "build", "grade-obj")
        if os.path.isdir(objs):
            shutil.copytree(objs, os.path.join(out_dir, "build", "grade-obj"))
        rc, rec, out, err = grade(out_dir, lab)
        if rec is None:
            return "tools/grade in the handout exited %d: %s" % (rc, err.strip()), ""
        if rec["points"] >= rec["max"]:
            return "the handout grades %d/%d" % (rec["points"], rec["max"]), ""
        source = load_source(lab)
        bad = [t for t in rec["tests"] if not t["passed"] and not t["skipped"]]
        unseen = [f for f in marked_functions(lab, source)
                  if not any(f in t["functions"] for t in bad)]
        if unseen:
            return "stubbed but no graded test naming it fails: %s" % ", ".join(unseen), ""
        return None, "%d/%d; %d tests fail" % (rec["points"], rec["max"], len(bad))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def load_source(lab):
    with open(os.path.join(LABS, lab, "grade.py")) as f:
        return re.search(r'^SOURCE = "([^"]+)"', f.read(), re.M).group(1)


# ---- the tool itself -----------------------------------------------------

def test_bad_input():
    tool = [sys.executable, os.path.join(ROOT, "tools", "grade")]
    for args, word in ((["--lab", "no-such-lab"], "no lab"),
                       (["--test", "("], "regular expression"),
                       (["--min-score", "150"], "between 0 and 100")):
        p = subprocess.run(tool + args, capture_output=True, text=True, cwd=ROOT)
        lines = p.stderr.strip().splitlines()
        if p.returncode != 2 or len(lines) != 1 or word not in lines[0]:
            return "grade %s: exit %d, stderr %r (want 2 and one line with %r)" % (
                " ".join(args), p.returncode, p.stderr.strip(), word)
    return None


def teacher_tree():
    """The teacher's tree holds labs/*/handout.py (the stubs); a student's
    tree (make handout) does not, and its code is unfinished by design:
    there the student's measure is make grade, not these checks."""
    return bool(glob.glob(os.path.join(LABS, "*", "handout.py")))


def main():
    start = time.time()
    labs = lab_names()
    result("rejects-bad-input", test_bad_input())
    if not teacher_tree():
        print("# test_grade.py: a student's tree (no labs/*/handout.py): "
              "the teacher's checks are left out; run make grade")
        return report.status()
    for lab in labs:
        result("teacher-tree-%s-100-percent" % lab, test_teacher_tree(lab))
    patches = sorted(glob.glob(os.path.join(LABS, "*", "wrong", "*.patch")))
    handouts = [lab for lab in labs if os.path.exists(os.path.join(LABS, lab, "handout.py"))]
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        wrong = {p: pool.submit(try_wrong, p) for p in patches}
        hand = {lab: pool.submit(try_handout, lab) for lab in handouts}
        broken = pool.submit(try_broken_build)
        for p, fut in wrong.items():
            name = os.path.relpath(p, LABS).replace("/wrong/", "/")[:-len(".patch")]
            result("wrong-%s-loses-points" % name, *fut.result())
        for lab, fut in hand.items():
            result("handout-%s-fails-every-stubbed-function" % lab, *fut.result())
        result("code-that-does-not-compile-grades-0", *broken.result())
    print("# test_grade.py: %.0f s" % (time.time() - start))
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
