"""shares.py - the CPU-share check of the scheduler scenarios
(tests/scenarios/sched.py, smp.py, policy.py): the hogs' shares between two
stat dumps against the spec's re-computation."""
from lib.traces import nickel_log as L
import spec_model

TOLERANCE = 1.5      # percentage points, per task
WARMUP_DUMP = 0      # first periodic dump (10 s) starts the measurement


def share_table(policy, nices, expected=None, tolerance=TOLERANCE):
    """Verify: shares between the warm-up dump and the last one match the
    spec's re-computation (or `expected`); on failure print an
    expected-vs-actual table."""
    if expected is None:
        expected = spec_model.shares(policy, nices)

    def verify(log):
        dumps = L.stat_dumps(log)
        if len(dumps) < 2:
            return ["need 2 stat dumps, got %d" % len(dumps)]
        first, last = dumps[WARMUP_DUMP], dumps[-1]
        hogs = [t for t in last.tasks if t["name"] == "hog"]
        if len(hogs) != len(nices):
            return ["%d hogs in the last dump, expected %d" % (len(hogs), len(nices))]
        wrong = [t["pid"] for t in hogs if t["policy"] != policy]
        if wrong:
            return ["hogs %s report another policy than %s" % (wrong, policy)]
        got = L.shares(first, last)
        rows, bad = [], False
        for hog, want in zip(sorted(hogs, key=lambda t: t["pid"]), expected):
            have = got[hog["pid"]]
            off = abs(have - want) > tolerance
            bad |= off
            rows.append("    nice %3d  expected %5.1f  actual %5.1f  %+5.1f%s" % (
                hog["nice"], want, have, have - want, "  <<" if off else ""))
        if bad:
            return ["shares off by more than %.1f points over %d ms:\n%s" % (
                tolerance, last["uptime_ms"] - first["uptime_ms"], "\n".join(rows))]
        return []
    return verify
