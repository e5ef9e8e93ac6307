"""grading.py - what a graded test is, and how tools/grade runs one.

A lab's labs/<lab>/grade.py lists its tests (format: labs/GRADING.md):

  UnitTest  one UNIT_TEST of a graded host C test, labs/<lab>/test_*.c,
            run alone (build/grade/<lab>/test_X NAME); its GRADE_EQ /
            GRADE_NEAR checks print `EXPECT ...` lines (labs/graded.h).
  SimTest   one run of the host simulator (build/schedsim/schedsim ARGS);
            a check function turns its output into Expects.
  QemuTest  one boot of the kernel in QEMU (tools/nickel-qemu); a check
            function turns the serial log into Expects.  Skipped with
            tools/grade --host-only.

A test passes when every Expect holds, and then earns all its points.
"""
import os
import re
import shlex
import signal
import subprocess
import sys

from . import nickel_log  # noqa: E402

UNIT_TIMEOUT = 30      # seconds for one graded host test
SIM_TIMEOUT = 120      # seconds for one schedsim run


class Expect:
    """One number compared with what it should be.  relation "=" means
    |actual - expected| <= tolerance; ">=" and "<=" compare with a bound."""

    def __init__(self, what, expected, actual, tolerance=0, relation="="):
        self.what, self.expected, self.actual = what, expected, actual
        self.tolerance, self.relation = tolerance, relation

    @property
    def ok(self):
        if self.actual is None:
            return False
        if self.relation == ">=":
            return self.actual >= self.expected
        if self.relation == "<=":
            return self.actual <= self.expected
        return abs(self.actual - self.expected) <= self.tolerance

    def expected_text(self):
        if self.relation == "=":
            return "%s (+-%s)" % (number(self.expected), number(self.tolerance))
        return "%s %s" % (self.relation, number(self.expected))


def near(what, expected, actual, tolerance):
    return Expect(what, expected, actual, tolerance)


def at_least(what, bound, actual):
    return Expect(what, bound, actual, 0, ">=")


def at_most(what, bound, actual):
    return Expect(what, bound, actual, 0, "<=")


def number(x):
    if x is None:
        return "nothing"
    if isinstance(x, float) and not x.is_integer():
        return "%.2f" % x
    return "%d" % x


class Outcome:
    """What one run of a test gave: its Expects, and a message when the
    program could not say (it crashed, did not compile, timed out)."""

    def __init__(self, expects=(), message=None, skipped=False):
        self.expects, self.message, self.skipped = list(expects), message, skipped

    @property
    def passed(self):
        return (not self.skipped and self.message is None and bool(self.expects)
                and all(e.ok for e in self.expects))

    def first_bad(self):
        for e in self.expects:
            if not e.ok:
                return e
        return None


class Test:
    """What every kind of graded test has: a name, points, the functions it
    exercises (the handout check needs them), where to read, a hint."""
    qemu = False

    def __init__(self, name, points, functions, spec, hint=""):
        if not re.match(r"^[A-Za-z0-9_.-]+$", name or ""):
            raise ValueError("test name %r: letters, digits, _ . - only" % name)
        if not isinstance(points, int) or points <= 0:
            raise ValueError("test %s: points must be a positive integer" % name)
        if not functions:
            raise ValueError("test %s: name the functions it exercises" % name)
        self.name, self.points = name, points
        self.functions, self.spec, self.hint = list(functions), spec, hint

    def targets(self, lab):
        """What make must build before this test runs."""
        return []


class UnitTest(Test):
    def __init__(self, name, points, source, functions, spec, hint=""):
        Test.__init__(self, name, points, functions, spec, hint)
        self.source = source          # test_X.c in the lab's folder

    def binary(self, lab):
        return os.path.join("build", "grade", lab, self.source[:-2])

    def targets(self, lab):
        return [self.binary(lab)]

    def rerun(self, lab):
        return "make %s && %s %s" % (self.binary(lab), self.binary(lab), self.name)

    def run(self, root, lab):
        cmd = [os.path.join(root, self.binary(lab)), self.name]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, cwd=root,
                               timeout=UNIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            return Outcome(message="did not finish in %d s (an endless loop?)" % UNIT_TIMEOUT)
        return unit_outcome(p.stdout, p.returncode)


EXPECT_LINE = re.compile(r"^EXPECT (ok|bad) expected=(\S+) actual=(\S+) "
                         r"tolerance=(\S+)(?: relation=(<=|>=))?: (.*)$")


def unit_outcome(stdout, returncode):
    """The Expects of a graded host test's output (labs/graded.h)."""
    expects = []
    for line in stdout.splitlines():
        m = EXPECT_LINE.match(line)
        if m:
            expects.append(Expect(m.group(6), float(m.group(2)), float(m.group(3)),
                                  float(m.group(4)), m.group(5) or "="))
    if returncode < 0:
        return Outcome(expects, "the test program was killed by %s%s" % (
            signal.Signals(-returncode).name, SIGNAL_HINTS.get(-returncode, "")))
    if returncode not in (0, 1):
        return Outcome(expects, "the test program exited with status %d" % returncode)
    if not expects:
        return Outcome(message="the test printed no EXPECT line")
    if returncode == 1 and all(e.ok for e in expects):
        fail = [l for l in stdout.splitlines() if l.startswith("FAIL ")]
        return Outcome(expects, fail[0] if fail else "the test failed")
    return Outcome(expects)


SIGNAL_HINTS = {
    signal.SIGFPE: " (an integer division by zero?)",
    signal.SIGSEGV: " (a bad pointer, or a list corrupted by a wrong enqueue?)",
    signal.SIGABRT: " (an assertion or a lock checker stopped it)",
}


class SimTest(Test):
    def __init__(self, name, points, args, check, functions, spec, hint=""):
        Test.__init__(self, name, points, functions, spec, hint)
        self.args, self.check = args, check

    def targets(self, lab):
        return [SCHEDSIM]

    def rerun(self, lab):
        return "make %s && %s %s" % (SCHEDSIM, SCHEDSIM, self.args)

    def run(self, root, lab):
        cmd = [os.path.join(root, SCHEDSIM)] + shlex.split(self.args)
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, cwd=root,
                               timeout=SIM_TIMEOUT)
        except subprocess.TimeoutExpired:
            return Outcome(message="schedsim did not finish in %d s" % SIM_TIMEOUT)
        if p.returncode != 0:
            why = (p.stderr.strip().splitlines() or ["no message"])[-1]
            return Outcome(message="schedsim stopped with status %d: %s" % (p.returncode, why))
        return checked(self.check, p.stdout)


SCHEDSIM = os.path.join("build", "grade", "schedsim")     # mk/grade.mk

# QEMU with -icount: guest time is the count of instructions run, so a busy
# host cannot stretch a tick or stall a request (tests/scenarios/lab.py).
ICOUNT = "-icount shift=4,sleep=off"


class QemuTest(Test):
    qemu = True

    def __init__(self, name, points, append, check, functions, spec, hint="",
                 modules=("hog",), smp=1, mem=64, timeout=120, qemu_flags=""):
        Test.__init__(self, name, points, functions, spec, hint)
        self.append, self.check, self.modules = append, check, list(modules)
        self.smp, self.mem, self.timeout = smp, mem, timeout
        self.qemu_flags = qemu_flags

    def targets(self, lab):
        return ["build/nickel.elf", "user"]

    def command(self):
        modules = ["build/user/%s.elf" % m for m in self.modules]
        cmd = ["python3", "tools/nickel-qemu", "--smp", str(self.smp), "--mem", str(self.mem),
               "--kernel", "build/nickel.elf", "--timeout", str(self.timeout),
               "--append", self.append]
        for m in modules:
            cmd += ["--module", m]
        if self.qemu_flags:
            cmd += ["--qemu-flags=" + self.qemu_flags]
        return cmd

    def rerun(self, lab):
        return " ".join(shlex.quote(c) for c in self.command())

    def run(self, root, lab):
        try:
            p = subprocess.run(self.command(), capture_output=True, text=True, cwd=root,
                               timeout=self.timeout + 60)
        except subprocess.TimeoutExpired:
            return Outcome(message="QEMU did not finish in %d s" % (self.timeout + 60))
        if p.returncode != 0:
            return Outcome(message="QEMU run ended with status %d (1: kernel panic, "
                           "2: no power-off, 124: timeout)" % p.returncode)
        return checked(self.check, p.stdout)


def checked(check, text):
    """A check function's Expects, or what went wrong reading the output."""
    try:
        expects = list(check(text))
    except (nickel_log.LogError, LookupError, ValueError, ZeroDivisionError) as e:
        return Outcome(message="the output could not be read: %s" % e)
    return Outcome(expects)


# ---- helpers for the check functions of grade.py files -------------------

def hog_shares(text, name="hog"):
    """CPU % of each task called `name`, in pid order, between the first
    and the last stat dump (the first one is the warm-up)."""
    dumps = nickel_log.stat_dumps(text)
    if len(dumps) < 2:
        raise ValueError("%d stat dumps, need two (stats=MS)" % len(dumps))
    got = nickel_log.shares(dumps[0], dumps[-1])
    hogs = sorted((t for t in dumps[-1].tasks if t["name"] == name), key=lambda t: t["pid"])
    if not hogs:
        raise ValueError("no task named %s in the last stat dump" % name)
    return [got[t["pid"]] for t in hogs]


def latency(text, name):
    """The last stat dump's `lat` lines of the tasks called `name`."""
    dumps = nickel_log.stat_dumps(text)
    if not dumps:
        raise ValueError("no stat dump in the output")
    lats = [l for l in dumps[-1].lats if l.get("name") == name]
    if not lats:
        raise ValueError("no lat line for %s in the last stat dump" % name)
    return lats
