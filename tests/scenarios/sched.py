"""Scheduler scenarios: CPU shares of nice'd hogs under each policy
measured from the stat dumps, the live policy switch, idle accounting."""
import re
from lib.traces import nickel_log as L
import spec_model
from scenario import Scenario, ICOUNT
from shares import share_table

TOLERANCE = 1.5      # percentage points, per task


def nice_scenario(name, policy, nices):
    nice_arg = ",".join(str(n) for n in nices)
    return Scenario(
        name,
        args="policy=%s demo=nice nice=%s stats=10000 run=31 check=1" % (policy, nice_arg),
        smp=1, expect=[r"demo nice: %d hogs" % len(nices)],
        verify=share_table(policy, nices), timeout=240)


def every_task_once(log):
    """Live switches: every dump lists the same tasks, each exactly once, the
    header's policy follows the keys, and nr_running equals the R tasks."""
    dumps = L.stat_dumps(log)
    policies = [d["policy"] for d in dumps]
    want = ["nick", "o1", "rr", "mine", "cfs", "eevdf", "nick"]
    if policies[:7] != want:
        return ["dump policies %s, expected %s first" % (policies, want)]
    problems = []
    base = sorted(t["pid"] for t in dumps[0].tasks)
    for i, d in enumerate(dumps[:7]):
        pids = [t["pid"] for t in d.tasks]
        if sorted(pids) != base:
            problems.append("dump %d lists pids %s, expected %s" % (i, sorted(pids), base))
        running = sum(1 for t in d.tasks if t["state"] == "R")
        if d.cpus[0]["nr_running"] != running:
            problems.append("dump %d: nr_running=%d but %d tasks in state R"
                            % (i, d.cpus[0]["nr_running"], running))
        wrong = [t["pid"] for t in d.tasks if t["policy"] != d["policy"]]
        if wrong:
            problems.append("dump %d (%s): tasks %s report another policy"
                            % (i, d["policy"], wrong))
    added = [d for d in dumps[7:8]]
    if not added or len(added[0].tasks) != len(base) + 1:
        problems.append("key + did not add exactly one task")
    return problems


def idle_grows(log):
    """With nothing to run, idle_ms grows by (nearly) the elapsed time."""
    dumps = L.stat_dumps(log)
    if len(dumps) < 3:
        return ["need 3 dumps, got %d" % len(dumps)]
    a, b = dumps[1], dumps[-1]
    dt = b["uptime_ms"] - a["uptime_ms"]
    didle = b.cpus[0]["idle_ms"] - a.cpus[0]["idle_ms"]
    if dt <= 0 or didle < 0.9 * dt:
        return ["idle_ms grew %d in %d ms (expected >= 90%%)" % (didle, dt)]
    return []


def hogs_keep_cpu_busy(log):
    dumps = L.stat_dumps(log)
    a, b = dumps[0], dumps[-1]
    didle = b.cpus[0]["idle_ms"] - a.cpus[0]["idle_ms"]
    if didle > 5:
        return ["cpu idle for %d ms while 2 hogs ran" % didle]
    return []


NO_APIC_ICOUNT = "-cpu qemu32,-apic " + ICOUNT


def hog_shares_beside_a_sleeper(policy, nices, start_ms=5000, min_wakeups=50):
    """Verify: between the first dump at >= start_ms and the last one, the
    hogs' shares of the time the hogs got match the spec's re-computation,
    while the stats thread (a timer sleeper) woke at least min_wakeups times.
    The stats thread's own CPU time is left out: the model is hogs only."""
    expected = spec_model.shares(policy, nices)

    def verify(log):
        dumps = [d for d in L.stat_dumps(log) if d["uptime_ms"] >= start_ms]
        if len(dumps) < 2:
            return ["need 2 stat dumps after %d ms, got %d" % (start_ms, len(dumps))]
        first, last = dumps[0], dumps[-1]
        hogs = sorted((t for t in last.tasks if t["name"] == "hog"), key=lambda t: t["pid"])
        sleeper, sleeper0 = last.task(name="stats"), first.task(name="stats")
        if len(hogs) != len(nices) or not sleeper or not sleeper0:
            return ["%d hogs and no stats thread in the dumps" % len(hogs)]
        woke = sleeper["wakeups"] - sleeper0["wakeups"]
        if woke < min_wakeups:
            return ["stats thread woke %d times, expected >= %d" % (woke, min_wakeups)]
        got = L.shares(first, last)
        total = sum(got[h["pid"]] for h in hogs)
        rows, bad = [], False
        for hog, want in zip(hogs, expected):
            have = 100.0 * got[hog["pid"]] / total if total else 0.0
            off = abs(have - want) > TOLERANCE
            bad |= off
            rows.append("    nice %3d  expected %5.1f  actual %5.1f  %+5.1f%s" % (
                hog["nice"], want, have, have - want, "  <<" if off else ""))
        if bad:
            return ["hog shares off by more than %.1f points beside %d timer wake-ups:\n%s"
                    % (TOLERANCE, woke, "\n".join(rows))]
        return []
    return verify


def no_apic_nice_scenario(name, policy, nices):
    """No local APIC: the PIT's interrupt runs both the scheduler tick and
    the sleep timers.  The tick must come first (Linux: scheduler_tick in
    the hard interrupt, timers in the softirq); the other order let the
    tick see the stats thread just woken, collapse the running hog's nick
    slice and expire it (nice 0 / 5 got 45 / 55 of the hogs' time)."""
    nice_arg = ",".join(str(n) for n in nices)
    return Scenario(
        name,
        args="policy=%s demo=nice nice=%s stats=100 run=16 check=1" % (policy, nice_arg),
        smp=1, qemu_flags=NO_APIC_ICOUNT, expect=[r"demo nice: %d hogs" % len(nices)],
        verify=hog_shares_beside_a_sleeper(policy, nices), timeout=400)


SWITCH_KEYS = [
    (r"demo hogs: 2 hogs", "s"), (r"=== end", "r"),
    (r"policy nick -> o1", "s"), (r"=== end", "r"),
    (r"policy o1 -> rr", "s"), (r"=== end", "r"),
    (r"policy rr -> mine", "s"), (r"=== end", "r"),
    (r"policy mine -> cfs", "s"), (r"=== end", "r"),
    (r"policy cfs -> eevdf", "s"), (r"=== end", "r"),
    (r"policy eevdf -> nick", "s"), (r"=== end", "+"),
    (r"added hog pid \d+", "s"), (r"=== end", "h"),
]

SCENARIOS = [
    nice_scenario("sched-shares-nick-nice-0-5-10-19", "nick", (0, 5, 10, 19)),
    nice_scenario("sched-shares-o1-nice-0-5-10-19", "o1", (0, 5, 10, 19)),
    nice_scenario("sched-shares-nick-nice-0-19", "nick", (0, 19)),
    nice_scenario("sched-shares-rr-nice-0-5-10-19", "rr", (0, 5, 10, 19)),
    no_apic_nice_scenario("sched-shares-nick-nice-0-5-no-apic-tick-before-timers",
                          "nick", (0, 5)),
    Scenario("sched-live-policy-switch-keeps-every-task",
             args="demo=hogs hogs=2 run=12 check=1", smp=1, keys=SWITCH_KEYS,
             expect=[r"policy eevdf -> nick", r"nickel keys: s stat dump"],
             verify=every_task_once, timeout=150),
    Scenario("sched-idle-cpu-accounts-idle-time",
             args="demo=none stats=1000 run=5 check=1", smp=1,
             verify=idle_grows, timeout=120),
    Scenario("sched-hogs-leave-no-idle-time",
             args="demo=hogs hogs=2 stats=2000 run=7 check=1", smp=1,
             verify=hogs_keep_cpu_busy, timeout=120),
]
