"""lib.grading - what a graded test is, how tools/grade (grade.py) runs one;
its modules judge a submission (splice, cparse, coderules, sandbox, mutate)
or are teaching commands (submissions, autograder, mutation: tools/mutate).

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
import resource
import shlex
import signal
import subprocess
import sys

from lib.traces import nickel_log  # noqa: E402


class ToolError(Exception):
    """A teaching command (grade, grade-submissions, mutate) cannot run:
    one line for the user, exit status 2."""


def command_main(name, run):
    """run() as the command `name`: a ToolError is one line on stderr and
    exit status 2, an interrupt exit status 130."""
    try:
        return run()
    except ToolError as e:
        print("%s: %s" % (name, e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130

# Limits of one run.  A graded host test takes milliseconds and a graded
# schedsim run well under a second, so these are many times their normal
# length; once a test of a run has hit its limit (an endless loop), the
# later tests get AFTER_A_LOOP seconds each: a looping function costs its
# limit once, not once per test.  CPU time is held to the same number of
# seconds (RLIMIT_CPU), memory to MEMORY_LIMIT bytes (RLIMIT_AS).
UNIT_TIMEOUT = 10      # seconds for one graded host test
SIM_TIMEOUT = 30       # seconds for one schedsim run
AFTER_A_LOOP = 1       # seconds for each later test once one has looped
MEMORY_LIMIT = 512 << 20


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


class TimedOut(Exception):
    """A run hit its wall-clock limit; str() says how long it had."""


_looped = []       # a test of this run hit its limit (start_run resets)


def start_run():
    """A new run of a lab's tests: each test has its full limit again."""
    del _looped[:]


def limit_for(seconds):
    """The wall-clock limit of the next test: its own, or AFTER_A_LOOP once
    a test of this run has looped."""
    return min(seconds, AFTER_A_LOOP) if _looped else seconds


def _limited(cpu_seconds):
    def apply():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    return apply


def run_limited(cmd, cwd, seconds, memory=True):
    """Run cmd with a wall-clock limit (and CPU and memory limits when
    memory is true); the whole process group is killed at the limit.
    Returns the CompletedProcess; raises TimedOut."""
    limit = limit_for(seconds)
    preexec = _limited(int(limit) + 1) if memory else os.setsid
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, errors="replace", preexec_fn=preexec)
    try:
        out, err = p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.communicate()
        _looped.append(cmd)
        raise TimedOut("did not finish in %g s%s" % (
            limit, " (the limit once an earlier test has looped)" if limit < seconds else
            " (an endless loop?)"))
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)


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
            p = run_limited(cmd, root, UNIT_TIMEOUT)
        except TimedOut as e:
            return Outcome(message=str(e))
        return unit_outcome(p.stdout, p.returncode, self.name, p.stderr)


EXPECT_LINE = re.compile(r"^EXPECT (ok|bad) expected=(\S+) actual=(\S+) "
                         r"tolerance=(\S+)(?: relation=(<=|>=))?: (.*)$")


def unit_outcome(stdout, returncode, name=None, stderr=""):
    """The Expects of a graded host test's output (labs/graded.h).  A test
    passed only when its program says so (`PASS unit/FILE:name`) after its
    checks: a process that ends early, whatever its status, failed."""
    expects = []
    for line in stdout.splitlines():
        m = EXPECT_LINE.match(line)
        if m:
            expects.append(Expect(m.group(6), float(m.group(2)), float(m.group(3)),
                                  float(m.group(4)), m.group(5) or "="))
    if returncode < 0:
        return Outcome(expects, "the test program was killed by %s%s%s" % (
            signal.Signals(-returncode).name, SIGNAL_HINTS.get(-returncode, ""),
            said(stderr)))
    if returncode not in (0, 1):
        return Outcome(expects, "the test program exited with status %d%s" % (
            returncode, said(stderr)))
    if not expects:
        return Outcome(message="the test printed no EXPECT line")
    if returncode == 1 and all(e.ok for e in expects):
        fail = [l for l in stdout.splitlines() if l.startswith("FAIL ")]
        return Outcome(expects, fail[0] if fail else "the test failed")
    if returncode == 0 and name and not re.search(r"^PASS \S+:%s$" % re.escape(name),
                                                  stdout, re.M):
        return Outcome(expects, "the test's process ended (status 0) after %d checks, "
                       "before the test was done" % len(expects))
    return Outcome(expects)


def said(stderr):
    """The program's last words (an assertion's text), for a failing row."""
    lines = [l.strip() for l in (stderr or "").splitlines() if l.strip()]
    return ": %s" % lines[-1][:200] if lines else ""


def judged(outcome, reference):
    """The outcome held against the grader's own list of the test's checks
    (`reference`: dicts with what, expected, tolerance, relation, from the
    teacher's run): a check that is not the grader's, or a list that ends
    before the grader's, fails the test whatever the program said."""
    if reference is None or outcome.skipped or outcome.message:
        return outcome
    for i, e in enumerate(outcome.expects):
        if i >= len(reference):
            return Outcome(outcome.expects, "check %d (%s) is not one of the grader's %d "
                           "checks" % (i + 1, e.what, len(reference)))
        r = reference[i]
        if (e.what, e.expected, e.tolerance, e.relation) != (
                r["what"], r["expected"], r["tolerance"], r["relation"]):
            return Outcome(outcome.expects, "check %d differs from the grader's: printed "
                           "%r expected %s, the grader's is %r expected %s" % (
                               i + 1, e.what, number(e.expected), r["what"],
                               number(r["expected"])))
        if not e.ok:
            return outcome
    if len(outcome.expects) < len(reference):
        return Outcome(outcome.expects, "the test ended after %d of its %d checks"
                       % (len(outcome.expects), len(reference)))
    return outcome


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
            p = run_limited(cmd, root, SIM_TIMEOUT)
        except TimedOut as e:
            return self.with_cause(Outcome(message="schedsim " + str(e)), root)
        if p.returncode != 0:
            why = (p.stderr.strip().splitlines() or ["no message"])[-1]
            if p.returncode < 0:
                why = "killed by %s" % signal.Signals(-p.returncode).name
            return self.with_cause(Outcome(message="schedsim stopped with status %d: %s"
                                           % (p.returncode, why)), root)
        return self.with_cause(checked(self.check, p.stdout), root)

    def with_cause(self, outcome, root):
        """A failed run again with check=1 (every run queue checked on every
        tick, docs/selfcheck.md): the first broken invariant, in one line,
        is usually the cause.  Added to the outcome's message."""
        if outcome.passed or "check=1" in self.args:
            return outcome
        cmd = [os.path.join(root, SCHEDSIM)] + shlex.split(self.args) + ["check=1"]
        try:
            p = run_limited(cmd, root, SIM_TIMEOUT)
        except TimedOut:
            return outcome
        broken = [l for l in p.stderr.splitlines() if "check:" in l]
        if not broken:
            return outcome
        cause = "with check=1: %s" % broken[0].strip()
        message = "%s; %s" % (outcome.message, cause) if outcome.message else cause
        return Outcome(outcome.expects, message)


SCHEDSIM = os.path.join("build", "grade", "schedsim")     # mk/grade.mk

# QEMU with -icount: guest time is the count of instructions run, so a busy
# host cannot stretch a tick or stall a request (tests/scenarios/lab.py).
ICOUNT = "-icount shift=4,sleep=off"
QEMU_BOOT_SECONDS = 30     # a boot under TCG on a busy host, before the run
QEMU_LIMIT_FACTOR = 3


class QemuTest(Test):
    qemu = True

    def __init__(self, name, points, append, check, functions, spec, hint="",
                 modules=("hog",), smp=1, mem=64, timeout=120, qemu_flags="",
                 normal=None):
        Test.__init__(self, name, points, functions, spec, hint)
        self.append, self.check, self.modules = append, check, list(modules)
        self.smp, self.mem = smp, mem
        self.qemu_flags = qemu_flags
        # The limit: QEMU_LIMIT_FACTOR times the run's normal length (given,
        # or the guest's seconds= plus QEMU_BOOT_SECONDS), never more than
        # the timeout asked for: a hung kernel costs minutes, not 300 s.
        if normal is None:
            m = re.search(r"\bseconds=(\d+)", append)
            normal = (int(m.group(1)) if m else 0) + QEMU_BOOT_SECONDS
        self.timeout = min(timeout, QEMU_LIMIT_FACTOR * normal)

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

    def log_path(self, lab):
        return os.path.join("build", "grade", lab, self.name + ".log")

    def run(self, root, lab):
        try:
            p = run_limited(self.command(), root, self.timeout + 30, memory=False)
        except TimedOut as e:
            return Outcome(message="QEMU " + str(e))
        log = self.log_path(lab)
        os.makedirs(os.path.dirname(os.path.join(root, log)), exist_ok=True)
        with open(os.path.join(root, log), "w") as f:
            f.write(p.stdout)
        if p.returncode != 0:
            why = {1: "kernel panic", 2: "no power-off (a triple fault, a reset)",
                   124: "timeout: no power-off in %d s" % self.timeout}.get(p.returncode, "")
            return Outcome(message="QEMU run ended with status %d (%s)%s; serial log kept "
                           "in %s" % (p.returncode, why, panic_text(p.stdout), log))
        return checked(self.check, p.stdout)


def panic_text(log):
    """The kernel's own words when it panicked: the PANIC line."""
    for line in log.splitlines():
        if "PANIC" in line:
            return ": " + line.strip()[:200]
    return ""


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
