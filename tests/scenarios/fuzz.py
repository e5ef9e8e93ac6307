"""The seeded system-call fuzzer (user/fuzz.c, docs/robustness.md): each
seed's batches all run, nothing panics, and every page comes back.  Its
companions: fuzzregress.py (the bugs it found), exhaust.py, soak.py."""
import re
from scenario import Scenario, user_elf

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


def fuzz(name, seed, smp, batches=20, calls=200):
    return Scenario(
        name,
        args="demo=fuzz seed=%d check=1 -- batches=%d calls_per_batch=%d"
             % (seed, batches, calls),
        smp=smp, mem=64, modules=[user_elf("fuzz"), user_elf("hello")],
        expect=[r"^fuzz: seed=%d batches=%d calls_per_batch=%d" % (seed, batches, calls),
                r"nickel: init exited status=0"],
        verify=fuzz_counts(seed, batches, calls), timeout=240)


# The fuzz seeds, exhaustion and the 60 s soak run in make test (and alone
# in make test-fuzz).
SCENARIOS = [
    fuzz("fuzz-seed1-20x200-smp1-all-batches-no-panic-no-leak", 1, smp=1),
    fuzz("fuzz-seed2-20x200-smp1-all-batches-no-panic-no-leak", 2, smp=1),
    fuzz("fuzz-seed7-20x200-smp1-all-batches-no-panic-no-leak", 7, smp=1),
    fuzz("fuzz-seed1-20x200-smp2-all-batches-no-panic-no-leak", 1, smp=2),
    fuzz("fuzz-seed3-20x200-smp2-all-batches-no-panic-no-leak", 3, smp=2),
]
