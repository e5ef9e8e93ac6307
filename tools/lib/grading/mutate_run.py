"""mutate_run.py - run a lab's graded tests against each mutant (tools/mutate).

The grader is a black box: a command that grades the tree it runs in and
writes a JSON file (tools/grade --json FILE, format in labs/GRADING.md):

    {"labs": {LAB: {"points": P, "max": M, "tests": [
        {"name": N, "points": P, "max": M, "skipped": false,
         "problem": "..."}, ...]}}}

Each worker owns a scratch copy of the teacher's tree (build/mutate/LAB/wN:
the files git knows, and the grader's built objects, so a mutant costs one
recompile).  It writes a mutant into the lab's source, grades, and puts
the source back.  Verdicts, against the unmutated tree's own grade:

  killed      a graded test that passes on the teacher's code fails
  timeout     the grade did not end in time (a looping mutant): killed
  stillborn   every test failed because the code does not build: killed by
              the compiler, counted apart
  survived    every test that passed still passes
"""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

CACHED_BUILD_DIRS = ("grade-obj", "grade")     # the grader's objects (mk/grade.mk)
NOT_BUILT = re.compile(r"does not build|not compile|compil", re.I)


class Verdict:
    def __init__(self, mutant, kind, lost=(), seconds=0.0, why=""):
        self.mutant, self.kind, self.lost = mutant, kind, list(lost)
        self.seconds, self.why = seconds, why


# ---- the scratch trees ---------------------------------------------------

def tree_files(root):
    """The tree's files as git lists them (tracked, and new ones not
    ignored); every file under root but build/ when it is not a git tree."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"],
                             cwd=root, capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if os.path.join(d, x) != os.path.join(root, "build")]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


def make_scratch(root, dest, cache_from=None):
    """dest: a fresh copy of root's files (times kept), its .cache link, and
    the grader's objects from cache_from (a tree already built)."""
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    for rel in tree_files(root):
        src = os.path.join(root, rel)
        if not os.path.isfile(src) and not os.path.islink(src):
            continue            # deleted but still in git's index
        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
        shutil.copy2(src, os.path.join(dest, rel), follow_symlinks=False)
    cache = os.path.join(root, ".cache")
    if os.path.exists(cache):
        os.symlink(os.path.realpath(cache), os.path.join(dest, ".cache"))
    for name in CACHED_BUILD_DIRS if cache_from else ():
        src = os.path.join(cache_from, "build", name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(dest, "build", name), symlinks=True)


# ---- one grade -----------------------------------------------------------

def run_grade(tree, argv, timeout):
    """Run the grade command in tree (a new process group, killed whole on
    timeout).  Returns (record or None, seconds, timed_out)."""
    fd, json_path = tempfile.mkstemp(prefix="mutate-", suffix=".json")
    os.close(fd)
    os.unlink(json_path)
    argv = [a.replace("{json}", json_path) for a in argv]
    start = time.time()
    proc = subprocess.Popen(argv, cwd=tree, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        proc.wait(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        timed_out = True
    seconds = time.time() - start
    record = None
    if os.path.exists(json_path):
        try:
            with open(json_path) as f:
                record = json.load(f)
        except ValueError:
            record = None
        os.unlink(json_path)
    return record, seconds, timed_out


def lab_tests(record, lab):
    """{test name: test record} of lab in a grade's JSON, without the
    skipped ones."""
    if not record:
        return {}
    tests = record.get("labs", {}).get(lab, {}).get("tests", [])
    return {t["name"]: t for t in tests if not t.get("skipped")}


def passed(test):
    return test.get("passed", test.get("points", 0) == test.get("max", -1))


def judge(mutant, baseline, record, lab, seconds, timed_out):
    """The verdict on one mutant from its grade and the baseline's."""
    if timed_out:
        return Verdict(mutant, "timeout", seconds=seconds, why="the grade ran out of time")
    tests = lab_tests(record, lab)
    if not tests:
        return Verdict(mutant, "killed", seconds=seconds,
                       why="the grader wrote no result (it crashed?)")
    good = [n for n, t in baseline.items() if passed(t)]
    lost = [n for n in good if n in tests and not passed(tests[n])]
    if lost and all(not passed(t) and NOT_BUILT.search(t.get("problem") or "")
                    for t in tests.values()):
        return Verdict(mutant, "stillborn", lost, seconds,
                       first_problem(tests.values()))
    if lost:
        return Verdict(mutant, "killed", lost, seconds)
    return Verdict(mutant, "survived", seconds=seconds)


def first_problem(tests):
    for t in tests:
        if t.get("problem"):
            return t["problem"]
    return ""


# ---- a worker ------------------------------------------------------------

class Worker:
    """One scratch tree, grading one mutant at a time."""

    def __init__(self, tree, source, phases, lab, timeout):
        self.tree, self.source, self.lab = tree, source, lab
        self.phases, self.timeout = phases, timeout
        with open(os.path.join(tree, source)) as f:
            self.original = f.read()

    def write(self, text):
        with open(os.path.join(self.tree, self.source), "w") as f:
            f.write(text)

    def grade(self, mutant, baseline):
        """Run each phase (a grade command) until one kills the mutant."""
        self.write(mutant.apply(self.original))
        try:
            total, verdict = 0.0, None
            for argv in self.phases:
                record, seconds, timed_out = run_grade(self.tree, argv, self.timeout)
                total += seconds
                verdict = judge(mutant, baseline, record, self.lab, seconds, timed_out)
                if verdict.kind != "survived":
                    break
            verdict.seconds = total
            return verdict
        finally:
            self.write(self.original)
