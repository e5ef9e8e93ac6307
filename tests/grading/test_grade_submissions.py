#!/usr/bin/env python3
"""tests/grading/test_grade_submissions.py - a course's worth of lab `time`
submissions through tools/grade-submissions, cheats included.

Makes the submissions of a course, as bundles, repositories and
directories (the teacher's solution, the handout's stub, each
labs/time/wrong/*.patch, code that does not compile, a corrupt bundle, a
missing file, an endless loop, and the cheats of tests/grading/cheats/time/),
grades them with --jobs 2 and checks grades.csv and each grade.json.  In
make test each kind once (20 submissions); with NICKEL_GRADE_COURSE=30 (make
test-grade-course) 30, the teacher's, the stub and the wrong solutions
several times over, for the timings of docs/teaching.md:

  * the teacher's solution scores 100% however it arrives (bundle,
    repository, directory);
  * the stub scores what tools/grade gives the handout, and every wrong
    solution loses points;
  * every cheat scores no more than the stub, and its row's reason names
    what was refused (or ignored) and, for a body, the line;
  * code that does not compile is a row with status no-build naming the
    line (the function keeps its stub); a broken submission is a row with
    status broken and its reason, 0 points; the endless loop costs its test's limit once (its grade takes
    less than 2 x (UNIT_TIMEOUT + SIM_TIMEOUT)), not a limit per test;
  * grades.csv has the columns a gradebook reads, one row per submission.

Prints `PASS name` / `FAIL name: why` and the seconds taken (for
docs/teaching.md); exit 1 on any failure.  Takes 1-2 minutes (thirty:
2-4).
In a student's tree (no labs/time/handout.py) it has nothing to grade.
"""
import csv
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from report import Report  # noqa: E402

report = Report("grade-submissions:")
result = report.result

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CHEATS = os.path.join(ROOT, "tests", "grading", "cheats", "time")
SOURCE = "kernel/sched/nick.c"

STUB_PRIORITY = "\tif (rt_task(p))\n\t\treturn p->prio;\n\treturn p->static_prio;\n"
STUB_SLICE = "\treturn 10 * MIN_TIMESLICE;\n"
# tests/run.py's time scale (default 3): the limits below are for it, and
# stretch with it on a loaded host.
STRETCH = max(1.0, float(os.environ.get("NICKEL_TIMEOUT_SCALE", "3")) / 3)



def run(cmd, cwd, **kw):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=True, **kw)


# ---- making the submissions ------------------------------------------------

def as_dir(subs, who, text, link=None):
    d = os.path.join(subs, who, os.path.dirname(SOURCE))
    os.makedirs(d)
    if link:
        os.symlink(link, os.path.join(d, "nick.c"))
    else:
        with open(os.path.join(d, "nick.c"), "w") as f:
            f.write(text)
    return os.path.join(subs, who)


def as_repo(subs, who, text, link=None):
    repo = as_dir(subs, who, text, link)
    run(["git", "init", "-q"], repo)
    run(["git", "add", "-A"], repo)
    run(["git", "-c", "user.name=s", "-c", "user.email=s@x", "commit", "-qm", "lab"], repo)
    return repo


def as_bundle(subs, who, text, link=None):
    repo = as_repo(os.path.join(subs, ".repos"), who, text, link)
    bundle = os.path.join(subs, who + ".bundle")
    run(["git", "bundle", "create", "-q", bundle, "--all"], repo)
    return bundle


def replaced(text, old, new):
    if text.count(old) != 1:
        raise RuntimeError("the handout's stub changed: %r found %d times" % (old, text.count(old)))
    return text.replace(old, new)


def cheat(name):
    with open(os.path.join(CHEATS, name)) as f:
        return f.read()


def wrong_solution(patch, teacher_text, tmp):
    """The teacher's nick.c with a labs/time/wrong patch applied."""
    d = tempfile.mkdtemp(dir=tmp)
    os.makedirs(os.path.join(d, os.path.dirname(SOURCE)))
    with open(os.path.join(d, SOURCE), "w") as f:
        f.write(teacher_text)
    run(["git", "apply", "--include=" + SOURCE, patch], d)
    with open(os.path.join(d, SOURCE)) as f:
        return f.read()


def make_submissions(subs, tmp, thirty):
    """{student id: (path, what it is)}: 20 submissions, each kind once
    (30 with `thirty`)."""
    with open(os.path.join(ROOT, SOURCE)) as f:
        teacher = f.read()
    handout = os.path.join(tmp, "handout")
    run([sys.executable, "tools/handout", "time", "--out", handout], ROOT)
    with open(os.path.join(handout, SOURCE)) as f:
        stub = f.read()
    made = {}

    def add(kind, who, text, how=as_dir, link=None):
        made[who] = (how(subs, who, text, link), kind)

    forms = (as_bundle, as_repo, as_dir)
    for i, how in enumerate(forms * 2 if thirty else forms):
        add("teacher", "teacher%d" % i, teacher, how)
    add("teacher", "teacher-no-markers",
        "".join(l for l in teacher.splitlines(True) if "/* LAB " not in l), as_bundle)
    for i, how in enumerate((as_bundle, as_repo, as_dir, as_bundle) if thirty else (as_dir,)):
        add("stub", "stub%d" % i, stub, how)
    patches = sorted(glob.glob(os.path.join(ROOT, "labs", "time", "wrong", "*.patch")))
    for n, patch in enumerate(patches * 2 if thirty else patches):
        name = os.path.basename(patch)[:-6]
        add("wrong", "wrong%d-%s" % (n, name), wrong_solution(patch, teacher, tmp),
            (as_bundle, as_dir)[n % 2])
    add("nobuild", "nocompile", replaced(stub, STUB_SLICE, "\treturn 10 * ;\n"), as_bundle)
    add("broken", "nofile", stub, as_repo)
    os.remove(os.path.join(made["nofile"][0], SOURCE))
    run(["git", "commit", "-qam", "gone"], made["nofile"][0])
    corrupt = os.path.join(subs, "corrupt.bundle")
    with open(corrupt, "wb") as f:
        f.write(b"# v2 git bundle\n" + os.urandom(300))
    made["corrupt"] = (corrupt, "broken")
    add("loop", "loop", replaced(stub, STUB_SLICE, "\tfor (;;)\n\t\t;\n" + STUB_SLICE), as_dir)
    add("cheat", "cheat-constructor", stub + cheat("constructor.c"), as_bundle)
    add("cheat", "cheat-include", cheat("include.c"), as_repo)
    add("cheat", "cheat-symlink", "", as_bundle, link="../../../../kernel/sched/nick.c")
    add("cheat", "cheat-symlink-dir", "", as_dir, link="../../../../kernel/sched/nick.c")
    add("cheat", "cheat-early-exit", replaced(stub, STUB_PRIORITY, cheat("early_exit.c")),
        as_dir)
    add("cheat", "cheat-libc", replaced(stub, STUB_PRIORITY, cheat("libc_in_body.c")),
        as_repo)
    add("cheat", "cheat-undeclared-exit",
        replaced(stub, STUB_PRIORITY, "\tif (p->prio == 0)\n\t\texit(0);\n" + STUB_PRIORITY),
        as_dir)
    shutil.rmtree(os.path.join(subs, ".repos"), ignore_errors=True)
    return made, handout


# ---- the checks ------------------------------------------------------------

def stub_points(handout):
    out = os.path.join(tempfile.mkdtemp(), "g.json")
    subprocess.run([sys.executable, "tools/grade", "--lab", "time", "--host-only", "--json",
                    out], cwd=handout, capture_output=True, check=True)
    with open(out) as f:
        return json.load(f)["total"]["points"]


def check_rows(rows, made, stub, out):
    by = {r["student"]: r for r in rows}
    missing = sorted(set(made) - set(by))
    result("one-row-per-submission", "no row for %s" % missing if missing else None,
           "%d rows" % len(rows))
    need = ["student", "commit", "points", "max", "percent", "status", "grader_version",
            "graded_at", "sandbox"]
    result("csv-columns", None if all(c in rows[0] for c in need) else
           "columns %s, need %s" % (list(rows[0]), need))
    for who, (path, kind) in sorted(made.items()):
        r = by.get(who)
        if r is None:
            continue
        pts, status, reason = int(r["points"]), r["status"], r["reason"]
        with open(os.path.join(out, who, "grade.json")) as f:
            sub = json.load(f)["submission"]
        problem = None
        full = int(r["max"])
        if kind == "teacher" and (pts != full or status != "graded"):
            problem = "expected %d/%d graded, got %d %s: %s" % (full, full, pts, status, reason)
        elif kind == "teacher" and path.endswith(".bundle") and len(r["commit"]) != 40:
            problem = "a bundle's row has no commit: %r" % r["commit"]
        elif kind == "stub" and pts != stub:
            problem = "expected the stub's %d points, got %d (%s)" % (stub, pts, reason)
        elif kind == "wrong" and not pts < full:
            problem = "a wrong solution lost no point"
        elif kind == "cheat" and (pts > stub or not reason):
            problem = "expected at most the stub's %d points and a reason, got %d: %r" % (
                stub, pts, reason)
        elif kind == "nobuild" and (pts > stub or status != "no-build" or
                                    not re.search(r"line \d+", reason)):
            problem = "expected no-build, at most the stub's %d and the line, got %d %s %r" % (
                stub, pts, status, reason)
        elif kind == "broken" and (pts != 0 or not reason):
            problem = "expected 0 points and a reason, got %d %s %r" % (pts, status, reason)
        elif kind == "loop" and (pts > stub or "did not finish" not in
                                 open(os.path.join(out, who, "report.txt")).read()):
            problem = "expected at most %d points and a 'did not finish' row, got %d" % (
                stub, pts)
        elif r["sandbox"] != "bwrap" or sub.get("sandbox") != "bwrap":
            problem = "expected the mode bwrap in grades.csv and grade.json, got %r, %r" % (
                r["sandbox"], sub.get("sandbox"))
        elif sub.get("student") != who or "grader_version" not in sub:
            problem = "grade.json's submission block is incomplete: %s" % sub
        detail = "%d/%s %s%s" % (pts, r["max"], status, (": " + reason[:100]) if reason else "")
        result("%s:%s" % (kind, who), problem, detail)
    loop = by.get("loop")
    if loop:
        bound = 2 * (10 + 30) * STRETCH
        result("loop-costs-its-limit-once", None if float(loop["seconds"]) < bound else
               "the looping submission took %s s, expected under %.0f" % (loop["seconds"], bound),
               "%s s" % loop["seconds"])
    line_named = [w for w in ("cheat-early-exit", "cheat-libc") if w in by and
                  not re.search(r"line \d+", by[w]["reason"])]
    result("refusal-names-the-line", "no line in the reason of %s" % line_named
           if line_named else None)


def main():
    if not os.path.isfile(os.path.join(ROOT, "labs", "time", "handout.py")):
        print("PASS grade-submissions:student-tree (nothing to grade in a handout)")
        return 0
    tmp = tempfile.mkdtemp(prefix="grade-subs-")
    try:
        subs, out = os.path.join(tmp, "subs"), os.path.join(tmp, "out")
        os.makedirs(subs)
        made, handout = make_submissions(subs, tmp, os.environ.get("NICKEL_GRADE_COURSE") == "30")
        stub = stub_points(handout)
        start = time.time()
        p = subprocess.run([sys.executable, "tools/grade-submissions", "--lab", "time",
                            "--out", out, "--jobs", "2"] + [made[w][0] for w in sorted(made)],
                           cwd=ROOT, capture_output=True, text=True,
                           timeout=1800 * STRETCH)
        took = time.time() - start
        result("exit-status", None if p.returncode == 0 else
               "exit %d: %s" % (p.returncode, p.stderr.strip()[-300:]))
        if p.returncode != 0:
            return 1
        with open(os.path.join(out, "grades.csv")) as f:
            rows = list(csv.DictReader(f))
        check_rows(rows, made, stub, out)
        per = [float(r["seconds"]) for r in rows if r["status"] != "broken"
               and r["student"] != "loop"]
        print("time: %d submissions with --jobs 2 in %.0f s (grader set-up included); "
              "%.1f s per graded submission (median %.1f)" % (
                  len(rows), took, sum(per) / len(per), sorted(per)[len(per) // 2]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
