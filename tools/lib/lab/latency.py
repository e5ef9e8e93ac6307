"""latency: nickel runs -> scheduling delay CDFs (PNG or SVG) and a table.

    latency LOG [LOG...] -o OUT.svg [-o OUT.png] [--names xclient,xserver,audio,video]
            [--label LABEL ...]

One panel per program name; in it one curve per log (labelled with the
final dump's policy, or --label), all in one figure so the policies read
side by side.  A curve is the empirical CDF of every scheduling delay of that
program in the log's trace (trace=1): the time from its sched_wakeup, or
from the switch that preempted it, to the sched_switch that ran it, as
`perf sched latency` measures (tools/lib/traces/wakeups.py, tools/schedlat).  The x axis is logarithmic, in ms.
A log without a trace has only the lat lines' summaries: its p50, p99 and
max are drawn as three points (no curve), and the table says "lat line".

stdout gets a markdown table, per program and log: where the numbers come
from, n, p50, p99 and max in ms (from the trace, and the final dump's lat
line for comparison: the program's own clock; for xclient it measures
request-to-reply, a different thing).
A truncated or malformed log is an error (exit 1, `latency: FILE:LINE: why`).
"""
import argparse
import sys

from lib.traces import nickel_log
from lib.lab import plotting
from lib.traces import wakeups
from lib.lab.labcommon import die, dumps_of, read_log, where, worst_lats


class Run:
    """One log: its label, final lat lines and trace samples by name."""

    def __init__(self, path, label):
        text = read_log("latency", path)
        final = dumps_of("latency", path, text)[-1]
        try:
            events = nickel_log.trace_events(text)
        except nickel_log.LogError as e:
            die("latency", where(path, e))
        self.label = label or final.header.get("policy", path)
        self.lats = worst_lats(final)
        self.traced = bool(events)
        self.samples = wakeups.by_name(wakeups.samples(events), kind=None)
        if not self.lats and not self.traced:
            die("latency", "%s: no lat lines and no trace in the log" % path)


def ms(us):
    return "%.2f" % (us / 1000.0)


def table(runs, names):
    rows = ["| program | run | from | n | p50 ms | p99 ms | max ms | lat line p50 / p99 ms |",
            "|---|---|---|---|---|---|---|---|"]
    for name in names:
        for r in runs:
            lat = r.lats.get(name)
            own = "%s / %s" % (ms(lat["p50_us"]), ms(lat["p99_us"])) if lat else "-"
            if r.traced:
                s = wakeups.summary(r.samples.get(name, []))
                src = "trace"
            elif lat:
                s, src = lat, "lat line"
            else:
                continue
            rows.append("| %s | %s | %s | %d | %s | %s | %s | %s |" % (
                name, r.label, src, s["n"], ms(s["p50_us"]), ms(s["p99_us"]),
                ms(s["max_us"]), own))
    return "\n".join(rows) + "\n"


def ecdf(sorted_us):
    """x (ms) and y (fraction at or below) of a step CDF."""
    n = len(sorted_us)
    xs = [v / 1000.0 for v in sorted_us]
    return [xs[0]] + xs, [0.0] + [(i + 1) / n for i in range(n)]


def panel(ax, name, runs):
    for r in runs:
        c = plotting.colour(r.label)
        if r.traced and r.samples.get(name):
            xs, ys = ecdf(r.samples[name])
            p99 = wakeups.percentile(r.samples[name], 99) / 1000.0
            ax.step(xs, ys, where="post", color=c, lw=1.6,
                    label="%s: n=%d, p99 %.3g ms" % (r.label, len(xs) - 1, p99))
        elif not r.traced and name in r.lats:
            lat = r.lats[name]
            ax.plot([lat[k] / 1000.0 for k in ("p50_us", "p99_us", "max_us")],
                    [0.5, 0.99, 1.0], "o", color=c, mfc="none",
                    label="%s: lat line p50, p99, max (no trace)" % r.label)
    ax.set_xscale("log")
    ax.set_ylim(0, 1.02)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 0.9, 1.0], ["0", "25%", "50%", "75%", "90%", "100%"])
    ax.set_title(name)
    ax.set_xlabel("scheduling delay (ms, log scale)")
    ax.set_ylabel("delays at or below")
    ax.xaxis.set_tick_params(labelbottom=True)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=1,
              frameon=False)


def plot(runs, names, outputs):
    cols = 2 if len(names) > 1 else 1
    rows = (len(names) + cols - 1) // cols
    fig, axes = plotting.figure(5.4 * cols, 4.2 * rows, rows, cols, sharex=True)
    for ax, name in zip(axes, names):
        panel(ax, name, runs)
    for ax in axes[len(names):]:
        ax.set_visible(False)
    fig.suptitle("Scheduling delay per program: runnable (woken or preempted) to running, from the trace")
    fig.tight_layout()
    plotting.save(fig, outputs)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("logs", nargs="+")
    p.add_argument("-o", "--output", action="append", required=True,
                   help="picture to write (.png or .svg); may be given twice")
    p.add_argument("--names", default="xclient,xserver,audio,video")
    p.add_argument("--label", action="append", default=[],
                   help="label for each log in order (default: its policy)")
    a = p.parse_args(argv)
    for out in a.output:
        problem = plotting.check_output(out)
        if problem:
            die("latency", problem)
    runs = [Run(path, a.label[i] if i < len(a.label) else None)
            for i, path in enumerate(a.logs)]
    names = [n for n in a.names.split(",")
             if any(n in r.lats or n in r.samples for r in runs)]
    if not names:
        die("latency", "none of %s in the logs' lat lines or traces" % a.names)
    plot(runs, names, a.output)
    sys.stdout.write(table(runs, names))
    return 0

