"""lab: run one lab scenario under nick, o1 and rr and write the classroom
handout - a markdown report with the numbers side by side and the pictures.

    lab [--scenario desktop|compile] [--hogs 4] [--seconds 6] [--smp 1]
        [--xnice N] [--no-trace] [--icount] [--cal-ns NS] [--out DIR] [--timeout S]
    lab --from-logs NICK.log O1.log RR.log [--out DIR]   (report only)
    lab ... --trace-table     (and on stdout: lat lines beside the trace's delays)

Runs tools/nickel-qemu three times in parallel (needs `make` and `make
user` first), keeps each serial log as DIR/POLICY.log and writes
DIR/report.md, DIR/latency.svg and .png (tools/latency: scheduling delay
CDFs from the trace), DIR/POLICY.csv (tools/nickstat) and
DIR/timeline-POLICY.svg and .png (tools/timeline).  Every run traces
(trace=1; the kernel dumps its trace, the last 8192 events per CPU, when
init exits) unless --no-trace.  --icount runs QEMU with -icount (guest
time = instructions run: the same numbers on a busy host, as the -icount
lab tests; the guest then calibrates its own work).  The table's numbers
come from each log's final stat dump.  A run that fails, or a truncated log, is an
error naming the log file.
"""
import argparse
import concurrent.futures as cf
import os
import time

from lib import ROOT, TOOLS
from lib.lab import latency, nickstat, timeline
from lib.lab.labcommon import die, dumps_of, read_log, run_to_log, worst_lats
from lib.lab.progress import Progress

POLICIES = ["nick", "o1", "rr"]
ICOUNT = "-icount shift=4,sleep=off"      # as tests/scenarios/lab.py
PROGRAMS = {"desktop": ["desktop", "xserver", "xclient", "audio", "video", "hog"],
            "compile": ["compiledemo", "xserver", "xclient", "compile"]}


def kernel_args(a, policy):
    init = "desktop" if a.scenario == "desktop" else "compiledemo"
    seconds = a.seconds
    extra = "" if a.no_trace else "trace=1 "   # dumped when init exits
    load = "hogs=%d" % a.hogs if a.scenario == "desktop" else "jobs=%d" % a.jobs
    cal = " cal_ns=%d" % a.cal_ns if a.cal_ns and not getattr(a, "icount", False) else ""
    return "policy=%s %sinit=%s -- %s seconds=%d xnice=%d%s" % (
        policy, extra, init, load, seconds, a.xnice, cal)


def qemu_command(a, policy):
    """The nickel-qemu command line of one run of a.scenario (also used by
    tools/bench-matrix).  The files by paths relative to the working
    directory: the guest sees their names (multiboot command lines), and
    under nick a longer path alone moves the -icount numbers."""
    cmd = ["python3", os.path.join(TOOLS, "nickel-qemu"), "--smp", str(a.smp),
           "--mem", "32", "--kernel", os.path.relpath(os.path.join(ROOT, "build", "nickel.elf")),
           "--append", kernel_args(a, policy)]
    for prog in PROGRAMS[a.scenario]:
        cmd += ["--module", os.path.relpath(os.path.join(ROOT, "build", "user", prog + ".elf"))]
    if getattr(a, "icount", False):
        cmd += ["--qemu-flags", ICOUNT]
    return cmd


def run_one(a, policy, progress):
    log = os.path.join(a.out, policy + ".log")
    t0 = time.time()
    problem = run_to_log(qemu_command(a, policy), log, a.timeout)
    if problem:
        die("lab", "%s: %s" % (log, problem))
    progress.finished(policy, "ok", time.time() - t0)
    return log


def missing_programs(scenario):
    """The build/user/*.elf a scenario needs that are not built."""
    return [p for p in PROGRAMS[scenario]
            if not os.path.exists(os.path.join(ROOT, "build", "user", p + ".elf"))]


def hog_share(final, first):
    """Percent of the machine the hogs (or compile jobs) got."""
    up = final["uptime_ms"] * max(final.header.get("cpus", 1), 1)
    run = sum(t["run_ms"] for t in final.tasks if t["name"] in ("hog", "compile"))
    return 100.0 * run / up if up else 0.0


def window_start(text):
    """ms into the trace of the timeline's 300 ms window: one second after
    the xserver first ran (the desktop is up and the load warm), or 0."""
    from lib.traces import nickel_log
    events = nickel_log.trace_events(text, strict=False)
    for ev in events:
        if ev["event"] == "sched_switch" and ev["next_comm"] == "xserver":
            return (ev["us"] - events[0]["us"]) // 1000 + 1000
    return 0


def fmt_ms(lat, key):
    return "%.1f" % (lat[key] / 1000.0) if lat else "-"


def fmt_pct(lat):
    return "%d%%" % lat["deadlines_met_pct"] if lat and lat["deadlines_met_pct"] >= 0 else "-"


def table(logs):
    rows = ["| policy | xclient p50 ms | xclient p99 ms | xserver p99 ms | audio p99 ms "
            "| audio deadlines | video p99 ms | video deadlines | hog CPU |",
            "|---|---|---|---|---|---|---|---|---|"]
    for policy, path in logs:
        dumps = dumps_of("lab", path)
        lats = worst_lats(dumps[-1])
        x, s, au, v = (lats.get(n) for n in ("xclient", "xserver", "audio", "video"))
        rows.append("| %s | %s | %s | %s | %s | %s | %s | %s | %.0f%% |" % (
            policy, fmt_ms(x, "p50_us"), fmt_ms(x, "p99_us"), fmt_ms(s, "p99_us"),
            fmt_ms(au, "p99_us"), fmt_pct(au), fmt_ms(v, "p99_us"), fmt_pct(v),
            hog_share(dumps[-1], dumps[0])))
    return "\n".join(rows)


def trace_ms(us):
    """A delay from the trace: two decimals below 10 ms, one above."""
    v = us / 1000.0
    return "%.2f" % v if v < 10 else "%.1f" % v


def trace_table(logs):
    """The lat lines beside the trace's scheduling delays, one row per
    policy (docs/lab.md, "Re-checked from the trace")."""
    rows = ["| policy | xclient p50 / p99 ms (lat) | xclient delay p99 ms (trace) "
            "| xserver p99 ms (lat) | xserver delay p50 / p99 ms (trace) | audio met "
            "| audio delay p99 ms (trace) |", "|---|---|---|---|---|---|---|"]
    for policy, path in logs:
        run = latency.Run(path, policy)
        if not run.traced:
            die("lab", "%s: no trace (--trace-table needs trace=1 runs)" % path)
        d = {n: latency.wakeups.summary(run.samples.get(n, []))
             for n in ("xclient", "xserver", "audio")}
        x, s, au = (run.lats.get(n) for n in ("xclient", "xserver", "audio"))
        rows.append("| %s | %s / %s | %s | %s | %s / %s | %s | %s |" % (
            policy, fmt_ms(x, "p50_us"), fmt_ms(x, "p99_us"), trace_ms(d["xclient"]["p99_us"]),
            fmt_ms(s, "p99_us"), trace_ms(d["xserver"]["p50_us"]),
            trace_ms(d["xserver"]["p99_us"]), fmt_pct(au), trace_ms(d["audio"]["p99_us"])))
    return "\n".join(rows)


def report(a, logs):
    """Write the pictures and DIR/report.md from the policy logs."""
    import contextlib
    import io
    delays = io.StringIO()
    with contextlib.redirect_stdout(delays):
        latency.main([p for _, p in logs] + ["-o", os.path.join(a.out, "latency.svg"),
                                             "-o", os.path.join(a.out, "latency.png")] +
                     sum((["--label", pol] for pol, _ in logs), []))
    pics = []
    for policy, path in logs:
        nickstat.main([path, "-o", os.path.join(a.out, policy + ".csv")])
        text = read_log("lab", path)
        if "# tracer:" in text:
            pic = "timeline-%s" % policy
            start = window_start(text)
            timeline.main([path, "-o", os.path.join(a.out, pic + ".svg"),
                           "-o", os.path.join(a.out, pic + ".png"), "--from-ms",
                           str(start), "--to-ms", str(start + 300)])
            pics.append((policy, pic + ".png"))
    md = ["# nickel lab: %s" % a.title, "",
          "Same workload, three schedulers (`%s`, %d CPU%s). Latencies are the "
          "worst of the tasks of one name; *deadlines* = periods whose work was "
          "done in time. Numbers: each run's final stat dump (`lat` lines)."
          % (a.scenario, a.smp, "s" if a.smp > 1 else ""), "",
          table(logs), "", "## Scheduling delay CDF (from the trace)", "",
          "![scheduling delay CDF](latency.png)", "",
          "Runnable to running: from a wake-up or a preemption to the switch that ran "
          "the program (tools/schedlat; the lat line's own p50 / p99 beside it).", "",
          delays.getvalue()]
    if pics:
        md += ["## Who ran when (300 ms, from 1 s after the xserver started)", "",
               "| " + " | ".join(p for p, _ in pics) + " |",
               "|" + "---|" * len(pics),
               "| " + " | ".join("![%s](%s)" % (p, s) for p, s in pics) + " |", ""]
    md += ["Pictures also as SVG: latency.svg, timeline-POLICY.svg.", "",
           "Raw data: " + ", ".join("[%s.log](%s.log) [%s.csv](%s.csv)" % (p, p, p, p)
                                    for p, _ in logs), ""]
    with open(os.path.join(a.out, "report.md"), "w") as f:
        f.write("\n".join(md))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scenario", choices=sorted(PROGRAMS), default="desktop")
    p.add_argument("--hogs", type=int, default=4)
    p.add_argument("--jobs", type=int, default=4, help="compile jobs (--scenario compile)")
    p.add_argument("--seconds", type=int, default=6)
    p.add_argument("--smp", type=int, default=1)
    p.add_argument("--xnice", type=int, default=0)
    p.add_argument("--no-trace", action="store_true",
                   help="boot without trace=1 (the CDFs then show the lat lines' "
                        "p50/p99/max only)")
    p.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)  # the default
    p.add_argument("--icount", action="store_true",
                   help="QEMU -icount: guest time follows instructions (reproducible)")
    p.add_argument("--cal-ns", type=int, default=400000,
                   help="work calibration passed to every run (ns per 20000 loops), "
                        "so all three policies do the same work; 0: each run "
                        "calibrates itself (noisy on a busy host)")
    p.add_argument("--out", default="lab-out")
    p.add_argument("--timeout", type=int, default=300, help="wall seconds per run")
    p.add_argument("--from-logs", nargs=3, metavar=("NICK", "O1", "RR"))
    p.add_argument("--trace-table", action="store_true",
                   help="print on stdout the lat lines beside the trace's scheduling "
                        "delays, one row per policy, instead of the report's path")
    a = p.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    if a.from_logs:
        logs = list(zip(POLICIES, a.from_logs))
        a.title = "from recorded logs"
    else:
        a.title = "%s, %s" % (a.scenario, "%d hogs" % a.hogs if a.scenario == "desktop"
                              else "%d jobs" % a.jobs)
        for prog in missing_programs(a.scenario):
            die("lab", "build/user/%s.elf missing: run make user" % prog)
        progress = Progress("lab", len(POLICIES))
        with cf.ThreadPoolExecutor(3) as ex:
            logs = list(zip(POLICIES, ex.map(lambda pol: run_one(a, pol, progress),
                                             POLICIES)))
    report(a, logs)
    if a.trace_table:
        print(trace_table(logs))
    else:
        print("lab: wrote %s" % os.path.join(a.out, "report.md"))
    return 0

