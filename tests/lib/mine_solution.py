"""The teacher's solution of lab mine (kernel/sched/mine.c) booted: hogs at
nice 0, 5, 10 and 19 on one CPU share it in the ratio of their slices,
5 ms * (20 - nice).  Left out of the lab mine handout (labs/mine/handout.py):
a student's policy has its own numbers."""
from lib.traces import nickel_log as L
from scenario import Scenario
from mine import hogs_of

SLICES = {0: 100, 5: 75, 10: 50, 19: 5}
SHARE_TOLERANCE = 3.0                       # percentage points


def shares_follow_slices(nices, start_ms=5000):
    """One CPU: each hog's part of the hogs' time is its slice over the sum
    of the slices (one slice each per epoch), within SHARE_TOLERANCE."""
    total = sum(SLICES[n] for n in nices)
    expected = [100.0 * SLICES[n] / total for n in nices]

    def verify(log):
        dumps = [d for d in L.stat_dumps(log) if d["uptime_ms"] >= start_ms]
        if len(dumps) < 2:
            return ["need 2 stat dumps after %d ms, got %d" % (start_ms, len(dumps))]
        hogs = hogs_of(dumps[-1])
        if len(hogs) != len(nices):
            return ["%d hogs, expected %d" % (len(hogs), len(nices))]
        got = L.shares(dumps[0], dumps[-1])
        spent = sum(got[h["pid"]] for h in hogs)
        rows, bad = [], False
        for h, want in zip(hogs, expected):
            have = 100.0 * got[h["pid"]] / spent if spent else 0.0
            off = abs(have - want) > SHARE_TOLERANCE
            bad |= off
            rows.append("    nice %3d  expected %5.1f  actual %5.1f%s"
                        % (h["nice"], want, have, "  <<" if off else ""))
        if bad:
            return ["hog shares off by more than %.1f points:\n%s"
                    % (SHARE_TOLERANCE, "\n".join(rows))]
        return []
    return verify


SCENARIOS = [
    Scenario("mine-shares-nice-0-5-10-19-follow-slices",
             args="policy=mine demo=nice nice=0,5,10,19 stats=5000 run=21 check=1", smp=1,
             expect=[r"demo nice: 4 hogs"],
             verify=shares_follow_slices((0, 5, 10, 19)), timeout=240),
]
