"""wakeups: wake-up latency from a nickel trace, as `perf sched latency`
measures it on Linux: for every successful sched_wakeup of a task, the time
until a sched_switch puts that task on a CPU.

Shared by tools/schedlat (the table) and tools/latency (the CDF plots).
Events come from nickel_log.trace_events (docs/contract.md, "Trace").
"""


def percentile(sorted_us, pct):
    """Nearest rank, as the lab programs compute it (user/lab/lab.c): the
    smallest sample with at least pct% of the samples at or below it."""
    if not sorted_us:
        return 0
    rank = (len(sorted_us) * pct + 99) // 100
    return sorted_us[max(rank, 1) - 1]


def samples(events):
    """[(comm, pid, since_us, latency_us, kind)] in the order the tasks ran.

    Like `perf sched latency`, two kinds of wait end when a sched_switch
    picks a task, on any CPU (the balancer may move it):
    - 'wakeup': from the first successful sched_wakeup of a task that is
      not running.  A second wake-up before it ran is the same wait; a
      wake-up of a task still on a CPU (woken before it got to sleep) is
      no wait and is skipped.
    - 'preempted': from a sched_switch that took the task off its CPU while
      still runnable (prev_state=R) - preemption or an expired slice.
    Waits still open when the trace ends are left out."""
    running = {}        # cpu -> pid on it
    pending = {}        # pid -> (since_us, kind)
    out = []
    for ev in events:
        if ev["event"] == "sched_wakeup":
            pid = ev["woken_pid"]
            if ev.get("success", 1) and pid not in running.values() \
                    and pid not in pending:
                pending[pid] = (ev["us"], "wakeup")
            continue
        running[ev["cpu"]] = ev["next_pid"]
        if ev["prev_state"] == "R" and ev["prev_pid"] != 0:
            pending[ev["prev_pid"]] = (ev["us"], "preempted")
        waited = pending.pop(ev["next_pid"], None)
        if waited is not None:
            out.append((ev["next_comm"], ev["next_pid"], waited[0],
                        ev["us"] - waited[0], waited[1]))
    return out


def by_name(samples_, kind="wakeup"):
    """{comm: sorted latencies in us} of one kind of wait (the two xclients
    together); kind None: every wait."""
    out = {}
    for comm, _pid, _at, us, k in samples_:
        if kind is None or k == kind:
            out.setdefault(comm, []).append(us)
    for v in out.values():
        v.sort()
    return out


def summary(sorted_us):
    """n, avg, p50, p99 and max of sorted latencies (us), as a lat line
    reports them."""
    n = len(sorted_us)
    return {"n": n, "avg_us": sum(sorted_us) // n if n else 0,
            "p50_us": percentile(sorted_us, 50), "p99_us": percentile(sorted_us, 99),
            "max_us": sorted_us[-1] if n else 0}
