"""grade - run the labs' graded tests and say, with numbers, where you stand.

    tools/grade [--lab NAME] [--test REGEX] [--host-only] [--verbose]
                [--json FILE] [--strict] [--min-score PCT] [--list]
                [--reference JSON] [--refused JSON]

Each lab (labs/<lab>/grade.py, format in labs/GRADING.md) lists its tests
and their points.  For every test one row: name, points, PASS or FAIL, and
on a failure what was measured, expected vs actual with the tolerance,
where to look (function, spec section) and the command that reruns that
test alone.  Then the lab's total and the grand total, in points and %.
Everything also goes to grade.json (per lab, per test), for a course's
scripts.  `make grade [LAB=name] [GRADEFLAGS=...]` runs this.

A lab's hidden tests (labs/<lab>/hidden/grade.py, in the teacher's tree
only) run with the others and are counted apart.
--host-only skips the tests that boot QEMU (slow without KVM): they count
neither for nor against the total.  Exit status: 0 whatever the score (a
grade is not an error); 1 with --strict when a point was lost, or with
--min-score when the total is below it; 2 when the grader itself cannot run
(an unknown lab, a broken grade.py, no make).
"""
import argparse
import importlib.util
import json
import os
import re
import signal
import subprocess

from lib import ROOT, grading
from lib.grading import ToolError, command_main

LABS_DIR = os.path.join(ROOT, "labs")
SPEC = "docs/scheduler-spec.md"


# ---- finding and loading the labs ----------------------------------------

def load_file(path, modname, label):
    """The Python file at path as module modname; an error in it is a
    ToolError naming label."""
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:
        raise ToolError("%s: %s: %s" % (label, type(e).__name__, e))
    return mod


def lab_names():
    names = [d for d in sorted(os.listdir(LABS_DIR))
             if os.path.isfile(os.path.join(LABS_DIR, d, "grade.py"))] \
        if os.path.isdir(LABS_DIR) else []
    return sorted(names, key=lambda n: (load_lab(n).WEEK, n))


_loaded = {}


def load_lab(name):
    """labs/<name>/grade.py as a module, checked for the format's fields."""
    if name in _loaded:
        return _loaded[name]
    path = os.path.join(LABS_DIR, name, "grade.py")
    if not os.path.isfile(path):
        raise ToolError("no lab %r (labs/%s/grade.py missing)" % (name, name))
    mod = load_file(path, "grade_" + name, "labs/%s/grade.py" % name)
    for field in ("LAB", "TITLE", "WEEK", "SOURCE", "TESTS"):
        if not hasattr(mod, field):
            raise ToolError("labs/%s/grade.py: no %s (labs/GRADING.md)" % (name, field))
    if mod.LAB != name:
        raise ToolError("labs/%s/grade.py: LAB is %r, not %r" % (name, mod.LAB, name))
    mod.TESTS = list(mod.TESTS) + hidden_tests(name)
    seen = set()
    for t in mod.TESTS:
        if not isinstance(t, grading.Test):
            raise ToolError("labs/%s/grade.py: TESTS holds %r, not a test" % (name, t))
        if t.name in seen:
            raise ToolError("labs/%s/grade.py: two tests named %s" % (name, t.name))
        seen.add(t.name)
    _loaded[name] = mod
    return mod


def hidden_tests(name):
    """The TESTS of labs/<name>/hidden/grade.py, the teacher's tests that
    no handout ships (labs/GRADING.md), each marked hidden."""
    path = os.path.join(LABS_DIR, name, "hidden", "grade.py")
    if not os.path.isfile(path):
        return []
    mod = load_file(path, "hidden_" + name, "labs/%s/hidden/grade.py" % name)
    tests = list(getattr(mod, "TESTS", []))
    for t in tests:
        t.hidden = True
    return tests


# ---- building ------------------------------------------------------------

def build(targets):
    """make the targets; returns {target: None or the compiler's complaint}.
    One make for all of them; only when that fails, one per target, to
    say which does not build."""
    if not targets or make(targets)[0] == 0:
        return {t: None for t in targets}
    problems = {}
    for target in targets:
        rc, text = make([target])
        problems[target] = None if rc == 0 else first_error(text)
    return problems


def make(targets):
    try:
        p = subprocess.run(["make", "-s", "--no-print-directory"] + targets, cwd=ROOT,
                           capture_output=True, text=True)
    except OSError as e:
        raise ToolError("cannot run make: %s" % e)
    return p.returncode, p.stdout + p.stderr


def first_error(text):
    lines = text.splitlines()
    errors = [l for l in lines if re.search(r"\berror\b", l)]
    return (errors or lines or ["make failed"])[0].strip()


# ---- running and printing ------------------------------------------------

def run_lab(mod, args):
    """Run the lab's selected tests; print a row per test; return its record
    (None when --test selects none of its tests)."""
    tests = [t for t in mod.TESTS if not args.test or re.search(args.test, t.name)]
    if not tests:
        return None
    skip = [t for t in tests if t.qemu and args.host_only]
    targets = sorted(set(x for t in tests if t not in skip for x in t.targets(mod.LAB)))
    broken = {k: v for k, v in build(targets).items() if v}
    print("== lab %s (week %d): %s   [%s]" % (mod.LAB, mod.WEEK, mod.TITLE, mod.SOURCE))
    for target, why in sorted(broken.items()):
        print("   does not build: %s\n      %s" % (target, why))
    record = {"lab": mod.LAB, "title": mod.TITLE, "tests": []}
    grading.start_run()
    for t in tests:
        outcome = outcome_of(t, mod, broken, skip, args)
        print_row(t, outcome, mod, args.verbose)
        record["tests"].append(test_record(t, outcome, mod))
    done = [r for r in record["tests"] if not r["skipped"]]
    record["points"] = sum(r["points"] for r in done)
    record["max"] = sum(r["max"] for r in done)
    record["skipped_max"] = sum(r["max"] for r in record["tests"] if r["skipped"])
    hidden = [r for r in done if r["hidden"]]
    record["hidden_points"] = sum(r["points"] for r in hidden)
    record["hidden_max"] = sum(r["max"] for r in hidden)
    print_total("total " + mod.LAB, record)
    if hidden:
        print("   %-46s %3d/%-3d" % ("  of which hidden tests", record["hidden_points"],
                                    record["hidden_max"]))
    print()
    return record


def outcome_of(t, mod, broken, skip, args):
    if t in skip:
        return grading.Outcome(skipped=True, message="boots QEMU: skipped (--host-only)")
    refused = [f for f in t.functions if f in args.refused]
    if refused:
        return grading.Outcome(message="not graded: %s" % args.refused[refused[0]])
    for target in t.targets(mod.LAB):
        if target in broken:
            return grading.Outcome(message="%s does not build: %s" % (target, broken[target]))
    outcome = t.run(ROOT, mod.LAB)
    if isinstance(t, grading.UnitTest) and args.reference is not None:
        return grading.judged(outcome, reference_checks(args.reference, mod.LAB, t.name))
    return outcome


def reference_checks(reference, lab, name):
    """The checks of test `name` in the grader's own run (a grade.json of
    the teacher's tree); [] when that run has no such test (then any
    output fails)."""
    for rec in reference.get("labs", {}).get(lab, {}).get("tests", []):
        if rec["name"] == name:
            return rec["checks"]
    return []


def print_row(t, outcome, mod, verbose):
    """name, points, PASS/FAIL/SKIP; under a failure what a student needs."""
    if outcome.skipped:
        word, got = "SKIP", 0
    else:
        word, got = ("PASS", t.points) if outcome.passed else ("FAIL", 0)
    print("   %-46s %3d/%-3d %s%s" % (t.name, got, t.points, word,
                                   " (hidden test)" if getattr(t, "hidden", False) else ""))
    if verbose:
        for e in outcome.expects:
            print("      %-3s %s: expected %s, actual %s" % (
                "ok" if e.ok else "BAD", e.what, e.expected_text(), grading.number(e.actual)))
    if outcome.skipped:
        print("      rerun:    %s" % t.rerun(mod.LAB))
    elif not outcome.passed:
        print_failure(t, outcome, mod)


def print_failure(t, outcome, mod):
    bad = outcome.first_bad()
    if bad is not None:
        print("      measured: %s" % bad.what)
        print("      expected %s, actual %s%s" % (bad.expected_text(), grading.number(bad.actual),
                                             wrapped(bad.actual)))
    if outcome.message:
        print("      problem:  %s" % outcome.message)
    print("      look at:  %s in %s; %s" % (", ".join(t.functions), mod.SOURCE, t.spec))
    if t.hint:
        print("      hint:     %s" % t.hint)
    print("      rerun:    %s" % t.rerun(mod.LAB))


def wrapped(actual):
    """A 32-bit unsigned value just below 2^32 is a negative number that
    wrapped: say so, it is the usual reason for such a value."""
    if actual is not None and 2 ** 32 - 2 ** 20 <= actual < 2 ** 32:
        return " (= %d as a signed 32-bit number: an unsigned field went below 0)" % (
            actual - 2 ** 32)
    return ""


def print_total(label, rec):
    pct = 100.0 * rec["points"] / rec["max"] if rec["max"] else 0.0
    skipped = " (QEMU tests skipped: %d points)" % rec["skipped_max"] if rec["skipped_max"] else ""
    print("   %-46s %3d/%-3d %5.1f%%%s" % (label, rec["points"], rec["max"], pct, skipped))


def test_record(t, outcome, mod):
    bad = outcome.first_bad()
    shown = bad or (outcome.expects[0] if outcome.expects else None)
    return {
        "name": t.name,
        "points": t.points if outcome.passed else 0,
        "max": t.points,
        "passed": outcome.passed,
        "skipped": outcome.skipped,
        "measured": shown.what if shown else None,
        "expected": shown.expected if shown else None,
        "actual": shown.actual if shown else None,
        "tolerance": shown.tolerance if shown else None,
        "relation": shown.relation if shown else None,
        "problem": outcome.message,
        "functions": t.functions,
        "spec": t.spec,
        "kind": type(t).__name__,
        "hidden": getattr(t, "hidden", False),
        "rerun": t.rerun(mod.LAB),
        "checks": [{"what": e.what, "expected": e.expected, "actual": e.actual,
                    "tolerance": e.tolerance, "relation": e.relation, "ok": e.ok}
                   for e in outcome.expects],
    }


def list_tests(names):
    for name in names:
        mod = load_lab(name)
        print("== lab %s (week %d): %s   [%s]" % (name, mod.WEEK, mod.TITLE, mod.SOURCE))
        for t in mod.TESTS:
            print("   %-46s %3d  %-8s %s" % (t.name, t.points, type(t).__name__,
                                            ", ".join(t.functions)))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lab", help="grade this lab only (default: every lab)")
    ap.add_argument("--test", metavar="REGEX", help="only the tests whose name matches")
    ap.add_argument("--host-only", action="store_true", help="skip the tests that boot QEMU")
    ap.add_argument("--verbose", "-v", action="store_true", help="print every check")
    ap.add_argument("--json", default=os.path.join(ROOT, "grade.json"),
                    help="where to write the results (default: grade.json at the top)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a point was lost")
    ap.add_argument("--min-score", type=float, metavar="PCT",
                    help="exit 1 when the total is below PCT percent")
    ap.add_argument("--list", action="store_true", help="list the tests and their points")
    ap.add_argument("--reference", metavar="JSON",
                    help="the grade.json of the teacher's tree: each host test must print "
                    "exactly its checks (tools/grade-submissions)")
    ap.add_argument("--refused", metavar="JSON",
                    help="{function: why} of code the grader refused: the tests that "
                    "exercise one fail with that reason (tools/grade-submissions)")
    a = ap.parse_args()
    a.reference = read_json(a.reference, "--reference") if a.reference else None
    a.refused = read_json(a.refused, "--refused") if a.refused else {}
    if a.test:
        try:
            re.compile(a.test)
        except re.error as e:
            raise ToolError("--test %r is not a regular expression: %s" % (a.test, e))
    if a.min_score is not None and not 0 <= a.min_score <= 100:
        raise ToolError("--min-score must be between 0 and 100, not %s" % a.min_score)
    return a


def read_json(path, option):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise ToolError("%s %s: %s" % (option, path, e))


def run():
    args = parse_args()
    names = [args.lab] if args.lab else lab_names()
    if not names:
        raise ToolError("no labs found (labs/*/grade.py)")
    for name in names:
        load_lab(name)
    if args.list:
        list_tests(names)
        return 0
    records = [r for r in (run_lab(load_lab(n), args) for n in names) if r]
    if not records:
        raise ToolError("no test matches --test %r" % args.test)
    total = {"points": sum(r["points"] for r in records),
             "max": sum(r["max"] for r in records),
             "skipped_max": sum(r["skipped_max"] for r in records)}
    print_total("TOTAL", total)
    total["percent"] = round(100.0 * total["points"] / total["max"], 1) if total["max"] else 0.0
    for r in records:
        r["percent"] = round(100.0 * r["points"] / r["max"], 1) if r["max"] else 0.0
    with open(args.json, "w") as f:
        json.dump({"labs": {r["lab"]: r for r in records}, "total": total}, f, indent=1)
    print("   (written to %s)" % os.path.relpath(args.json))
    if args.strict and total["points"] < total["max"]:
        return 1
    if args.min_score is not None and total["percent"] < args.min_score:
        return 1
    return 0


def main():
    """run() as a command (lib.grading.command_main)."""
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)      # `tools/grade | head` ends quietly
    return command_main("grade", run)
