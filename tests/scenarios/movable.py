"""The balancer through the policy interface (kernel/sched/balance.c,
policy.h: movable): cfs on 2 CPUs with 3 hogs ends with both CPUs busy,
the pulls taken in cfs's order and checked by check=1 (the policy's tree
on both CPUs every 100 ms)."""
from lib.traces import nickel_log as L
from scenario import Scenario, ICOUNT

BOUND = 5.0      # percentage points, per hog


def two_busy_cpus_100_50_50(log):
    """From the first dump to the last: both CPUs >= 95% busy; 2.6.0's
    balancer leaves 2 against 1 alone (imbalance (2-1)/2 = 0), so one hog
    keeps a CPU and two share the other: 100, 50, 50 within BOUND."""
    dumps = L.stat_dumps(log)
    if len(dumps) < 2:
        return ["need 2 stat dumps, got %d" % len(dumps)]
    first, last = dumps[0], dumps[-1]
    dt = last["uptime_ms"] - first["uptime_ms"]
    problems, rows = [], []
    for c0, c1 in zip(first.cpus, last.cpus):
        busy = 100.0 - 100.0 * (c1["idle_ms"] - c0["idle_ms"]) / dt
        rows.append("cpu %d busy %.1f%% (expected >= 95)" % (c1["id"], busy))
        if busy < 95:
            problems.append("cpu %d only %.1f%% busy" % (c1["id"], busy))
    shares = L.shares(first, last)
    got = sorted(shares[t["pid"]] for t in last.tasks if t["name"] == "hog")
    want = [50.0, 50.0, 100.0]
    rows.append("hog shares %s (expected %s +- %.0f)" % (
        ["%.1f" % g for g in got], want, BOUND))
    if len(got) != 3 or any(abs(g - w) > BOUND for g, w in zip(got, want)):
        problems.append("hog shares off")
    if problems:
        problems.append("measured: " + "; ".join(rows))
    return problems


SCENARIOS = [
    # 12 s of guest time under -icount (guest time is the instruction
    # count, whatever the host's load); shares from 4 s to 12 s.
    Scenario("movable-cfs-3-hogs-on-2-cpus-both-busy-100-50-50",
             args="policy=cfs demo=hogs hogs=3 stats=4000 run=12 check=1",
             smp=2, mem=32, qemu_flags=ICOUNT,
             expect=[r"demo hogs: 3 hogs"], forbid=[r"to move from CPU"],
             verify=two_busy_cpus_100_50_50, timeout=240),
]
