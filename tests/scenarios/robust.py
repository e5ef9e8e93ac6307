"""Robustness scenarios: the seeded fuzzer, the
regression tests of the bugs it found, exhaustion.  docs/robustness.md."""
import os
import re
from scenario import Scenario, ROOT

USER = os.path.join(ROOT, "build", "user")


def elf(name):
    return os.path.join(USER, name + ".elf")


SUMMARY = (r"^fuzz: seed=(\d+) batches=(\d+) calls=(\d+) children_killed=(\d+) "
           r"exited=(\d+) timeouts=(\d+) strays=(\d+) free_pages_before=(\d+) "
           r"free_pages_after=(\d+)")


def fuzz_counts(seed, batches, calls_per_batch):
    """The summary names the seed, every batch ran, calls were made, and
    free_pages is back where it was once every batch is reaped."""
    def verify(log):
        m = re.search(SUMMARY, log, re.M)
        if not m:
            return ["no fuzz summary line"]
        s, b, calls = int(m.group(1)), int(m.group(2)), int(m.group(3))
        before, after = int(m.group(8)), int(m.group(9))
        problems = []
        if s != seed:
            problems.append("seed %d, expected %d" % (s, seed))
        if b != batches:
            problems.append("batches done %d, expected %d" % (b, batches))
        # Roots may exit or die early; at least a tenth of the calls run.
        if calls < batches * calls_per_batch // 10 or calls > batches * calls_per_batch:
            problems.append("calls %d, expected %d..%d" % (
                calls, batches * calls_per_batch // 10, batches * calls_per_batch))
        # before is read while boot's last threads may still be freed:
        # fewer free pages after is a leak, more is not.
        if after < before:
            problems.append("free_pages %d after, %d before" % (after, before))
        return problems
    return verify


def fuzz(seed, batches=20, calls=200, smp=2):
    return Scenario(
        "fuzz-seed%d-%dx%d-smp%d-all-batches-no-panic-no-leak" % (seed, batches, calls, smp),
        args="demo=fuzz seed=%d check=1 -- batches=%d calls_per_batch=%d"
             % (seed, batches, calls),
        smp=smp, mem=64, modules=[elf("fuzz"), elf("hello")],
        expect=[r"^fuzz: seed=%d batches=%d calls_per_batch=%d" % (seed, batches, calls),
                r"nickel: init exited status=0"],
        verify=fuzz_counts(seed, batches, calls), timeout=240)


SOAK_MODULES = [elf(m) for m in
                "soak fuzz hello desktop xserver xclient audio video hog".split()]


def soak_passed(log):
    m = re.search(r"^soak: .*fuzz_runs=(\d+) fuzz_failed=(\d+) desktop_status=(-?\d+) "
                  r"free_pages_before=(\d+) free_pages_after=(\d+) slack_pages=(\d+) "
                  r"result=(\w+)", log, re.M)
    if not m:
        return ["no soak summary line"]
    runs, failed, dst, before, after, slack = (int(m.group(i)) for i in range(1, 7))
    problems = []
    if runs < 1 or failed:
        problems.append("fuzz runs %d, failed %d (expected >= 1, 0)" % (runs, failed))
    if dst != 0:
        problems.append("desktop status %d, expected 0" % dst)
    if after < before - slack:
        problems.append("free_pages %d after, %d before (slack %d)" % (after, before, slack))
    return problems


EXHAUST = Scenario("exhaust-brk-mmap-pipes-heap-fail-cleanly-free-pages-back",
         args="init=exhaust check=1", smp=2, mem=32, modules=[elf("exhaust")],
         expect=[r"exhaust: 5 passed, 0 failed", r"PASS exhaust:mmap: ",
                 r"PASS exhaust:heap_pipes: ", r"nickel: init exited status=0"],
         forbid=[r"FAIL exhaust"], timeout=240)

SOAK = Scenario("soak-60s-fuzz-plus-desktop-smp4-no-panic-no-leak",
                args="init=soak check=1 -- seconds=60", smp=4, mem=64,
                modules=SOAK_MODULES,
                expect=[r"soak: .*result=PASS", r"nickel: init exited status=0"],
                verify=soak_passed, timeout=600)

# The fuzz seeds, exhaustion and the 60 s soak run in make test (and alone
# in make test-fuzz).
FUZZ_TESTS = [fuzz(1, smp=1), fuzz(2, smp=1), fuzz(7, smp=1), fuzz(1, smp=2),
              fuzz(3, smp=2), SOAK, EXHAUST]

SCENARIOS = FUZZ_TESTS + [
    Scenario("fuzzregress-kernel-bugs-the-fuzzer-found-stay-fixed",
             args="init=fuzzregress check=1", smp=2, mem=32,
             modules=[elf("fuzzregress")],
             expect=[r"fuzzregress: \d+ passed, 0 failed",
                     r"^lat name=x_===_end_y n=1 ",
                     r"nickel: init exited status=0"],
             forbid=[r"FAIL fuzzregress"], timeout=120),
]
