#!/usr/bin/env python3
"""tests/grading/test_grading_lib.py - the pieces of the grader, one by one,
without building anything (a few seconds):

  * grading.unit_outcome: a test whose process exits 0 before its PASS
    line fails, and says after how many checks; a crash names the signal
    and the program's last words on stderr;
  * grading.judged: checks that are not the teacher's, or fewer than the
    teacher's, fail the test;
  * grading.run_limited: a looping program is killed at its limit, and
    the next test of the run gets AFTER_A_LOOP seconds only;
  * grading.panic_text: the kernel's PANIC line for a failing QEMU row;
    QemuTest's limit is a few times its normal length, not the 300 s asked;
  * splice: each kind of refused body (preprocessor, asm, __attribute__,
    extern, an unknown name) names the function and the line; locals and
    for-loop variables are accepted; a missing function is refused; a
    changed handout function outside the lab's is reported as ignored
    (the full set of cases: tests/grading/test_grade_cases.py).
Prints PASS/FAIL lines; exit 1 on a failure.
"""
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
from lib import grading  # noqa: E402
from lib.grading import splice
from report import Report  # noqa: E402

report = Report("grading-lib:")
result = report.result




OK1 = "EXPECT ok expected=3 actual=3 tolerance=0: first\n"
OK2 = "EXPECT ok expected=5 actual=5 tolerance=0: second\n"
REF = [{"what": "first", "expected": 3.0, "tolerance": 0.0, "relation": "="},
       {"what": "second", "expected": 5.0, "tolerance": 0.0, "relation": "="}]


def test_unit_outcome():
    o = grading.unit_outcome(OK1 + OK2 + "PASS unit/test_x.c:t\n", 0, "t")
    result("whole-test-passes", None if o.passed else "expected a pass, got %s" % o.message)
    o = grading.unit_outcome(OK1, 0, "t")
    result("exit-0-before-the-end-fails", None if not o.passed and "after 1 checks" in
           (o.message or "") else "expected a failure after 1 check, got %r" % o.message)
    o = grading.unit_outcome(OK1, -6, "t", "test_x: unit.c:9: main: Assertion `x' failed.\n")
    result("crash-names-signal-and-assertion", None if "SIGABRT" in o.message and
           "Assertion" in o.message else "got %r" % o.message)


def test_judged():
    good = grading.unit_outcome(OK1 + OK2 + "PASS unit/test_x.c:t\n", 0, "t")
    result("teacher-checks-pass", None if grading.judged(good, REF).passed else
           "the teacher's own checks failed")
    short = grading.unit_outcome(OK1 + "PASS unit/test_x.c:t\n", 0, "t")
    o = grading.judged(short, REF)
    result("fewer-checks-fail", None if not o.passed and "1 of its 2" in o.message else
           "got %r" % o.message)
    fake = grading.unit_outcome("EXPECT ok expected=1 actual=1 tolerance=0: all good\n"
                                "PASS unit/test_x.c:t\n", 0, "t")
    o = grading.judged(fake, REF)
    result("foreign-check-fails", None if not o.passed and "differs" in o.message else
           "got %r" % o.message)


def timed_out_after(cmd, seconds):
    """(TimedOut's text or 'no TimedOut', seconds it took)."""
    start = time.time()
    try:
        grading.run_limited(cmd, ROOT, seconds)
        said = "no TimedOut"
    except grading.TimedOut as e:
        said = str(e)
    return said, time.time() - start


def test_limits():
    grading.start_run()
    loop = [sys.executable, "-c", "while True: pass"]
    first, took1 = timed_out_after(loop, 2)
    second, took2 = timed_out_after(loop, 2)
    problem = None
    if "2 s" not in first or took1 > 4:
        problem = "first loop: %r after %.1f s" % (first, took1)
    elif "%g s" % grading.AFTER_A_LOOP not in second or took2 > grading.AFTER_A_LOOP + 2:
        problem = "second loop: %r after %.1f s" % (second, took2)
    result("a-loop-costs-its-limit-once", problem, "%.1f s, then %.1f s" % (took1, took2))
    grading.start_run()
    p = grading.run_limited([sys.executable, "-c", "print(6 * 7)"], ROOT, 2)
    result("start-run-restores-the-limit", None if p.stdout.strip() == "42" else
           "got %r" % p.stdout)


def test_qemu_rows():
    text = grading.panic_text("boot\nnickel: PANIC on cpu 0: list corrupted\nbacktrace\n")
    result("panic-line-in-the-row", None if "list corrupted" in text else "got %r" % text)
    t = grading.QemuTest("q", 1, "policy=mine -- hogs=4 seconds=8", lambda log: [],
                         ["f"], "spec", timeout=300)
    want = grading.QEMU_LIMIT_FACTOR * (8 + grading.QEMU_BOOT_SECONDS)
    result("qemu-limit-from-its-length", None if t.timeout == want else
           "expected %d s, got %d s" % (want, t.timeout), "%d s, not 300" % t.timeout)


HANDOUT = "static int f(int a)\n{\n\treturn 0;\n}\n\nstatic int h(void)\n{\n\treturn 1;\n}\n"
SRC = os.path.join("kernel", "sched", "x.c")


def take(student):
    """splice.take of a student's x.c against HANDOUT, in a made-up tree."""
    root = tempfile.mkdtemp(prefix="splice-")
    os.makedirs(os.path.join(root, "kernel", "sched"))
    try:
        return splice.take(student, splice.Pristine(HANDOUT, ["f"], root, SRC), SRC)
    finally:
        shutil.rmtree(root)


def refused(body):
    why = take("static int f(int a)\n{\n%s\n}\n" % body).refused
    return str(why["f"]) if "f" in why else None


def test_splice():
    cases = [("preprocessor", "#include \"x.c\"", "preprocessor directive"),
             ("asm", "\tasm(\"hlt\");", "inline assembly"),
             ("attribute", "\t__attribute__((unused)) int b = a;", "__attribute__"),
             ("extern", "\textern int printf(const char *, ...);", "extern"),
             ("unknown-name", "\tint b = a;\n\tb = getpid();", "`getpid`")]
    for name, body, want in cases:
        why = refused(body)
        result("refuses-" + name, None if why and want in why and "line" in why and
               "in f" in why else "expected %r with a line, got %r" % (want, why))
    for name, body in (("locals", "\tint b = a, c[2] = {0}, *d = &b;\n\treturn b + c[0] + *d;"),
                       ("for-variable", "\tfor (int i = 0; i < a; i++)\n\t\ta--;\n\treturn a;")):
        why = refused(body)
        result("accepts-" + name, None if why is None else "refused: %s" % why)
    why = take("int g(void);\n").refused
    result("refuses-a-missing-function", None if "no function f" in str(why.get("f")) else
           "got %r" % why)
    line = take(HANDOUT.replace("return 1;", "return 2;")).ignored
    result("reports-code-outside-the-bodies", None if line == 8 else "got %r" % line)


def main():
    test_unit_outcome()
    test_judged()
    test_limits()
    test_qemu_rows()
    test_splice()
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
