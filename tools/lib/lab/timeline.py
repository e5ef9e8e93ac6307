"""timeline: nickel trace (trace=1) -> per-CPU timeline picture (PNG or SVG).

    timeline LOG -o OUT.svg [-o OUT.png] [--from-ms A] [--to-ms B] [--csv SEGMENTS.csv]

One lane per CPU; a bar for each stretch a task ran (from the sched_switch
that picked it to the next switch on that CPU), coloured by program name;
a small triangle under the lane for each wake-up, at the CPU it targets,
coloured by the woken program.  Idle (pid 0) is left blank.  Times on the
axis are ms from the first event.  --csv writes the bars drawn: cpu,
start_us, end_us, comm, pid.  A truncated trace or a malformed event line
is an error (exit 1, `timeline: FILE:LINE: why`).
"""
import argparse
import csv

from lib.lab import plotting
from lib.lab.labcommon import die, trace_events_of

LANE = 0.8                                  # lane height; lanes 1 apart


def segments(events):
    """(cpu, start_us, end_us, comm, pid) for every stretch a task ran."""
    cur, out = {}, []
    end = events[-1]["us"] if events else 0
    for ev in events:
        if ev["event"] != "sched_switch":
            continue
        c = ev["cpu"]
        if c in cur:
            out.append((c, cur[c][0], ev["us"], cur[c][1], cur[c][2]))
        cur[c] = (ev["us"], ev["next_comm"], ev["next_pid"])
    for c, (start, comm, pid) in sorted(cur.items()):
        out.append((c, start, end, comm, pid))
    return [s for s in out if s[4] != 0]


def clipped(events, t0, t1):
    """The segments overlapping [t0, t1], cut to it."""
    return [(c, max(s, t0), min(e, t1), comm, pid)
            for c, s, e, comm, pid in segments(events) if e >= t0 and s <= t1]


def draw(events, t0, t1, outputs):
    cpus = sorted({e["cpu"] for e in events} |
                  {e.get("target_cpu", 0) for e in events if e["event"] == "sched_wakeup"})
    ncpu = max(cpus) + 1 if cpus else 1
    fig, (ax,) = plotting.figure(10, 1.2 + 0.9 * ncpu)
    first = events[0]["us"]

    def ms(us):
        return (us - first) / 1000.0

    names = []
    for c, s, e, comm, pid in clipped(events, t0, t1):
        ax.broken_barh([(ms(s), ms(e) - ms(s))], (c - LANE / 2, LANE),
                       facecolors=plotting.colour(comm))
        if comm not in names:
            names.append(comm)
    wakes = [ev for ev in events if ev["event"] == "sched_wakeup" and t0 <= ev["us"] <= t1]
    for ev in wakes:
        ax.plot(ms(ev["us"]), ev.get("target_cpu", ev["cpu"]) + LANE / 2 + 0.08, "^",
                ms=4, color=plotting.colour(ev["woken_comm"]), clip_on=False)
    for n in names:
        ax.bar(0, 0, color=plotting.colour(n), label=n)     # legend entries only
    ax.set_xlim(ms(t0), ms(t1))
    ax.set_ylim(ncpu - 0.5 + 0.25, -0.5)
    ax.set_yticks(range(ncpu), ["cpu%d" % c for c in range(ncpu)])
    ax.set_xlabel("guest time since the trace's first event (ms)")
    ax.set_title("who ran when (bars) and wake-ups (triangles, at the CPU they target)")
    ax.grid(axis="y", visible=False)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.5 / (0.3 + 0.9 * ncpu)),
              ncol=min(len(names), 8), frameon=False)
    plotting.save(fig, outputs)


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["cpu", "start_us", "end_us", "comm", "pid"])
        w.writerows(rows)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log")
    p.add_argument("-o", "--output", action="append", required=True,
                   help="picture to write (.png or .svg); may be given twice")
    p.add_argument("--from-ms", type=float, default=None,
                   help="start, ms after the first event (default: the start)")
    p.add_argument("--to-ms", type=float, default=None,
                   help="end, ms after the first event (default: the end)")
    p.add_argument("--csv", metavar="FILE", help="write the bars drawn to FILE")
    a = p.parse_args(argv)
    for out in a.output:
        if plotting.check_output(out):
            die("timeline", plotting.check_output(out))
    _, events = trace_events_of("timeline", a.log)
    first = events[0]["us"]
    t0 = first + (a.from_ms or 0) * 1000
    t1 = first + a.to_ms * 1000 if a.to_ms is not None else events[-1]["us"]
    if t1 <= t0:
        die("timeline", "--from-ms must be before --to-ms")
    if a.csv:
        write_csv(a.csv, clipped(events, t0, t1))
    draw(events, t0, t1, a.output)
    return 0

