"""schedlat: scheduling delays per task from a nickel trace, the table
`perf sched latency` prints on Linux.

    schedlat LOG [--kind all|wakeup|preempted] [--by-pid] [--csv SAMPLES.csv]

A delay is the time a runnable task waited for a CPU: from its sched_wakeup,
or from the sched_switch that preempted it (prev_state=R), to the
sched_switch that runs it again (tools/lib/traces/wakeups.py has the rules).  --kind
picks one of the two (default: both, as perf counts them).  One row per
program name (the two xclients together), or per task with --by-pid: waits,
avg, p50, p99 (nearest rank, as the lab programs compute them) and max in
ms, worst max first.  --csv writes every sample: comm, pid, since_us (guest
time the wait began), latency_us, kind.
The trace holds the last events of the run (the kernel keeps a ring per
CPU), so the first seconds of a long run may be missing.  A log without a
trace or with a malformed one is an error (exit 1, `schedlat: FILE:LINE: why`).
"""
import argparse
import csv
import sys

from lib.traces import wakeups
from lib.lab.labcommon import trace_events_of


def rows(samples, by_pid, kind):
    groups = {}
    for comm, pid, _at, us, k in samples:
        if kind != "all" and k != kind:
            continue
        key = "%s:%d" % (comm, pid) if by_pid else comm
        groups.setdefault(key, []).append(us)
    out = []
    for key, lat in groups.items():
        lat.sort()
        out.append((key, wakeups.summary(lat)))
    out.sort(key=lambda r: (-r[1]["max_us"], r[0]))
    return out


def render(table):
    lines = [" %-20s | %8s | %9s | %9s | %9s | %9s" % (
        "task", "waits", "avg ms", "p50 ms", "p99 ms", "max ms"),
        "-" * 80]
    for key, s in table:
        lines.append(" %-20s | %8d | %9.3f | %9.3f | %9.3f | %9.3f" % (
            key, s["n"], s["avg_us"] / 1000.0, s["p50_us"] / 1000.0,
            s["p99_us"] / 1000.0, s["max_us"] / 1000.0))
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log")
    p.add_argument("--by-pid", action="store_true", help="one row per task, not per name")
    p.add_argument("--kind", choices=["all", "wakeup", "preempted"], default="all",
                   help="which waits to count (default: all, as perf)")
    p.add_argument("--csv", metavar="FILE", help="write every sample to FILE")
    a = p.parse_args(argv)
    _, events = trace_events_of("schedlat", a.log)
    samples = wakeups.samples(events)
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["comm", "pid", "since_us", "latency_us", "kind"])
            w.writerows(samples)
    sys.stdout.write(render(rows(samples, a.by_pid, a.kind)))
    return 0

