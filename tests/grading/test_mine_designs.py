#!/usr/bin/env python3
"""tests/grading/test_mine_designs.py - lab mine's targets are open to any correct
design, and closed to the mistakes they name.

  * Four designs of policy mine, each but the first a patch of
    kernel/sched/mine.c and mine.h (labs/mine/solutions/*.patch), graded in
    a copy of the tree: each scores 100%.  The teacher's (the tree itself:
    epochs, sleep credit, nice-scaled slices), a stride scheduler that picks
    by pass through the pick hook, an MLFQ with 3 ms top-level slices, and
    a lottery that keeps its own queue (enqueue, dequeue, pick, check).
  * Three wrong policies (labs/mine/wrong/): one that starves tasks which
    run 9 ms and sleep 1 ms, one whose slices never end, one that gives
    prio 144.  Each loses points, the rows its header names fail, and a
    failing row's text names the cause (CAUSES below).  The seconds each
    grading took are printed, not asserted (a busy host stretches them):
    schedsim runs take well under a second each, and the QEMU row, left out
    here, times out at 60 s (labs/mine/grade.py).
Host tests only (tools/grade --host-only): schedsim stands for QEMU here.
A copy recompiles only mine.c's objects and links the graded test and
schedsim.  In a student's tree (no labs/mine/handout.py) it does nothing.
Prints `PASS name` / `FAIL name: why`; exit 1 on any failure.
"""
import concurrent.futures as cf
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LAB = os.path.join(ROOT, "labs", "mine")
MINUTE = 60

# wrong policy -> (a failing row that must name the cause, words of that row)
CAUSES = {
    "wake-refills-slice": ("busy_sleepers_not_starved", "ran from"),
    "slice-never-ends": ("desktop_latency_beside_4_hogs", "CPU % of hog"),
    "prio-above-139": ("every_prio_in_100_139", "prio 144"),
}


def copy_tree(dest):
    """The tree's files as git sees them (new ones included) and the
    grader's objects, times kept, so make rebuilds only what a patch touches."""
    names = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in names.splitlines():
        src = os.path.join(ROOT, name)
        if os.path.isfile(src):
            os.makedirs(os.path.dirname(os.path.join(dest, name)), exist_ok=True)
            shutil.copy2(src, os.path.join(dest, name))
    objs = os.path.join(ROOT, "build", "grade-obj")
    if os.path.isdir(objs):
        shutil.copytree(objs, os.path.join(dest, "build", "grade-obj"))


def grade(tree):
    """tools/grade --lab mine --host-only in tree: (grade.json's record, stdout, seconds)."""
    out = os.path.join(tree, "grade-mine.json")
    start = time.time()
    p = subprocess.run([sys.executable, "tools/grade", "--lab", "mine", "--host-only",
                        "--json", out], cwd=tree, capture_output=True, text=True,
                       timeout=10 * MINUTE)
    took = time.time() - start
    if not os.path.exists(out):
        return None, p.stdout + p.stderr, took
    with open(out) as f:
        return json.load(f)["labs"]["mine"], p.stdout, took


def keep_header_time(tree):
    """mk/grade.mk rebuilds every object when any kernel header changes;
    mine.h is included by mine.c alone (which the patch changed too, so it
    is rebuilt), so the patched mine.h keeps the tree's time: one object
    recompiles instead of all of them."""
    header = os.path.join("kernel", "sched", "mine.h")
    st = os.stat(os.path.join(ROOT, header))
    os.utime(os.path.join(tree, header), ns=(st.st_atime_ns, st.st_mtime_ns))


def graded_with(patch):
    """Grade a copy of the tree with the patch applied (None: the tree as it is)."""
    tmp = tempfile.mkdtemp(prefix="mine-design-")
    try:
        copy_tree(tmp)
        if patch:
            p = subprocess.run(["git", "apply", patch], cwd=tmp, capture_output=True, text=True)
            if p.returncode:
                return None, "does not apply: " + p.stderr.strip().splitlines()[0], 0
            keep_header_time(tmp)
        return grade(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def failing(rec):
    return [t for t in rec["tests"] if not t["passed"] and not t["skipped"]]


def design_problem(rec, out):
    """A correct design: every host test passes."""
    if rec is None:
        return "no grade: %s" % out.strip()[-300:]
    if rec["points"] != rec["max"]:
        return "%d/%d points, expected all; failing: %s" % (
            rec["points"], rec["max"], ", ".join(t["name"] for t in failing(rec)))
    return None


def caught_by(patch):
    with open(patch) as f:
        m = re.search(r"^Caught by: (.*)$", f.read().split("\ndiff --git", 1)[0], re.M)
    return m.group(1).replace(",", " ").split() if m else []


def row_text(out, test):
    """The grader's row for a test and the lines under it."""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^\s+%s\s" % re.escape(test), line):
            block = [line]
            for more in lines[i + 1:]:
                if not more.startswith("      "):
                    break
                block.append(more)
            return "\n".join(block)
    return ""


def wrong_problem(name, rec, out, patch):
    """A wrong policy: points lost, its rows fail, one names the cause."""
    if rec is None:
        return "no grade: %s" % out.strip()[-300:]
    bad = [t["name"] for t in failing(rec)]
    if rec["points"] >= rec["max"] or not bad:
        return "graded %d/%d: nothing caught it" % (rec["points"], rec["max"])
    missed = [t for t in caught_by(patch) if t not in bad]
    if missed:
        return "its header says %s catch it; failing: %s" % (", ".join(missed), ", ".join(bad))
    test, words = CAUSES[name]
    text = row_text(out, test)
    if words not in text:
        return "row %s does not say %r:\n%s" % (test, words, text)
    return None


def main():
    if not os.path.exists(os.path.join(LAB, "handout.py")):
        print("PASS mine-designs:skipped (a student's tree)")
        return 0
    r = subprocess.run(["make", "-s", "grade-build"], cwd=ROOT, capture_output=True, text=True)
    if r.returncode:
        print("FAIL mine-designs:build: %s" % (r.stdout + r.stderr).strip()[-300:])
        return 1
    designs = {"teacher": None}
    for name in ("stride", "mlfq", "lottery"):
        designs[name] = os.path.join(LAB, "solutions", name + ".patch")
    wrongs = {n: os.path.join(LAB, "wrong", n + ".patch") for n in CAUSES}
    want = sys.argv[1:]
    failed = 0
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {}
        for name, patch in list(designs.items()) + list(wrongs.items()):
            if not want or name in want:
                jobs[name] = (patch, pool.submit(graded_with, patch))
        for name, (patch, job) in jobs.items():
            rec, out, took = job.result()
            if name in designs:
                why = design_problem(rec, out)
                label = "design-%s-scores-100" % name
            else:
                why = wrong_problem(name, rec, out, patch)
                label = "wrong-%s-loses-points-naming-the-cause" % name
            detail = "%d/%d in %.0f s" % (rec["points"], rec["max"], took) if rec else ""
            if why:
                failed += 1
                print("FAIL mine-designs:%s: %s" % (label, why))
            else:
                print("PASS mine-designs:%s (%s)" % (label, detail))
            sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
