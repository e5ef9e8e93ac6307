"""bench-matrix: the lab's benchmark matrix (`make bench`).

Every policy (nick, o1, rr, cfs, eevdf) x load (desktop with 0 hogs, desktop
with 4 hogs, compile with 4 jobs) x CPU count (1, 2, 4): 45 QEMU runs of the lab
demos (the same runs tools/lab makes, cal_ns fixed so every run does the
same work), --parallel at a time.  Results in OUT (bench/out):

    matrix.csv    one row per run (columns: see CSV_COLUMNS below)
    summary.md    the markdown table, also printed on stdout, then the same
                  runs as one row per load and CPU count, a column per
                  policy: X p99 ms / audio deadlines met (compile: X p99)
    *.svg, *.png  bar charts: X request p50/p99, audio/video deadlines met,
                  hog CPU, compile jobs per second
    logs/POLICY-LOAD-Ncpu.log   each run's serial log

    bench-matrix [--seconds 6] [--parallel 2] [--quick] [--only REGEX] [--out DIR]
    bench-matrix --from-logs DIR [--out DIR]      (tables and charts only)

Numbers come from each log's final stat dump (`lat` lines, hog `run_ms`)
and the compile demo's `compile ... done=N` line.  A run that fails is
reported with its log's name and left out of the tables (exit status 1);
a malformed log given to --from-logs is an error naming file and line.
"""
import argparse
import concurrent.futures as cf
import csv
import os
import re
import sys
import time

from lib import ROOT
from lib.lab import lab, plotting
from lib.lab.labcommon import die, dumps_of, read_log, run_to_log, worst_lats
from lib.lab.progress import Progress

POLICIES = lab.POLICIES + ["cfs", "eevdf"]   # tools/lab's three, and Linux's later two
LOADS = {"desktop-0hogs": ("desktop", 0), "desktop-4hogs": ("desktop", 4),
         "compile": ("compile", 0)}
COMPILE_JOBS = 4
CPUS = [1, 2, 4]
CSV_COLUMNS = ["policy", "load", "cpus", "uptime_ms", "x_n", "x_p50_us", "x_p99_us",
               "xserver_p99_us", "audio_p99_us", "audio_met_pct", "video_p99_us",
               "video_met_pct", "hogs", "hog_cpu_pct", "hog_cpus", "compile_jobs_done",
               "compile_jobs_per_s"]


def run_name(policy, load, cpus):
    return "%s-%s-%dcpu" % (policy, load, cpus)


def selected_runs(a):
    """(policy, load, cpus) of every run asked for, biggest machines first
    (they take longest, so two at a time finish closer together)."""
    cpus = [1] if a.quick else CPUS
    runs = [(p, l, c) for c in reversed(cpus) for l in LOADS for p in POLICIES]
    if a.only:
        try:
            pat = re.compile(a.only)
        except re.error as e:
            die("bench-matrix", "--only %r: %s" % (a.only, e))
        runs = [r for r in runs if pat.search(run_name(*r))]
        if not runs:
            die("bench-matrix", "--only %r matches no run (names look like %s)"
                % (a.only, run_name("nick", "desktop-4hogs", 1)))
    return runs


def boot_one(a, run):
    """Boot one run, its log in OUT/logs; (log, problem or None, wall s)."""
    policy, load, cpus = run
    scenario, hogs = LOADS[load]
    ns = argparse.Namespace(scenario=scenario, hogs=hogs, jobs=COMPILE_JOBS,
                            seconds=a.seconds, smp=cpus, xnice=0, no_trace=True,
                            cal_ns=a.cal_ns)
    log = os.path.join(a.out, "logs", run_name(*run) + ".log")
    t0 = time.time()
    problem = run_to_log(lab.qemu_command(ns, policy), log, a.timeout)
    return log, problem, time.time() - t0


def boot_all(a, runs):
    """Every run, a.parallel at a time; the logs that worked, in run order."""
    for scenario in sorted(set(LOADS[l][0] for _, l, _ in runs)):
        for prog in lab.missing_programs(scenario):
            die("bench-matrix", "build/user/%s.elf missing: run make user" % prog)
    if not os.path.exists(os.path.join(ROOT, "build", "nickel.elf")):
        die("bench-matrix", "build/nickel.elf missing: run make")
    os.makedirs(os.path.join(a.out, "logs"), exist_ok=True)
    logs, failed = [], []
    progress = Progress("bench-matrix", len(runs))
    with cf.ThreadPoolExecutor(a.parallel) as ex:
        futures = {ex.submit(boot_one, a, r): r for r in runs}
        for fut in cf.as_completed(futures):
            log, problem, wall = fut.result()
            progress.finished(run_name(*futures[fut]),
                              "FAILED: %s: %s" % (log, problem) if problem else "ok", wall)
            (failed if problem else logs).append(log)
    return sorted(logs), failed


def run_config(path, text):
    """(load, seconds) of a log, from the launcher's first line."""
    m = re.search(r"^desktop: hogs=(\d+) seconds=(\d+)", text, re.M)
    if m:
        return "desktop-%dhogs" % int(m.group(1)), int(m.group(2))
    m = re.search(r"^compiledemo: jobs=\d+ burst_ms=\d+ seconds=(\d+)", text, re.M)
    if m:
        return "compile", int(m.group(1))
    die("bench-matrix", "%s: neither a desktop nor a compiledemo run "
        "(no 'desktop: hogs=' or 'compiledemo: jobs=' line)" % path)


def hog_numbers(final):
    """(number of hogs, mean % of its lifetime a hog ran, CPUs' worth the
    hogs got): a hog's lifetime is run + wait + sleep ms in the dump."""
    hogs = [t for t in final.tasks if t["name"] == "hog"]
    if not hogs:
        return 0, None, None
    pct = [100.0 * t["run_ms"] / max(t["run_ms"] + t["wait_ms"] + t["sleep_ms"], 1)
           for t in hogs]
    return len(hogs), sum(pct) / len(pct), sum(t["run_ms"] for t in hogs) / final["uptime_ms"]


def measure(path):
    """One CSV row (dict) from a run's log."""
    text = read_log("bench-matrix", path)
    final = dumps_of("bench-matrix", path, text)[-1]
    load, seconds = run_config(path, text)
    lats = worst_lats(final)

    def lat(name, key):
        return lats[name][key] if name in lats else None

    def met(name):
        v = lat(name, "deadlines_met_pct")
        return v if v is not None and v >= 0 else None

    hogs, hog_pct, hog_cpus = hog_numbers(final)
    m = re.search(r"^compile jobs=\d+ burst_ms=\d+ done=(\d+)", text, re.M)
    done = int(m.group(1)) if m else None
    return {"policy": final["policy"], "load": load, "cpus": final["cpus"],
            "uptime_ms": final["uptime_ms"], "x_n": lat("xclient", "n"),
            "x_p50_us": lat("xclient", "p50_us"), "x_p99_us": lat("xclient", "p99_us"),
            "xserver_p99_us": lat("xserver", "p99_us"),
            "audio_p99_us": lat("audio", "p99_us"), "audio_met_pct": met("audio"),
            "video_p99_us": lat("video", "p99_us"), "video_met_pct": met("video"),
            "hogs": hogs, "hog_cpu_pct": hog_pct, "hog_cpus": hog_cpus,
            "compile_jobs_done": done,
            "compile_jobs_per_s": done / seconds if done is not None and seconds else None}


def order(row):
    return (list(LOADS).index(row["load"]), row["cpus"], POLICIES.index(row["policy"]))


def cell(v, fmt="%s"):
    return "" if v is None else (fmt % v if isinstance(v, float) else str(v))


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        for r in rows:
            w.writerow([cell(r[c], "%.2f") for c in CSV_COLUMNS])


def ms(us):
    return "-" if us is None else "%.1f" % (us / 1000.0)


def pct(v):
    return "-" if v is None else "%.0f%%" % v


def summary(rows):
    """The markdown table: one row per run."""
    out = ["| load | CPUs | policy | X p50 ms | X p99 ms | xserver p99 ms | audio met "
           "| video met | hog CPU (each) | compile jobs/s |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["load"], r["cpus"], r["policy"], ms(r["x_p50_us"]), ms(r["x_p99_us"]),
            ms(r["xserver_p99_us"]), pct(r["audio_met_pct"]), pct(r["video_met_pct"]),
            pct(r["hog_cpu_pct"]),
            "-" if r["compile_jobs_per_s"] is None else "%.1f" % r["compile_jobs_per_s"]))
    return "\n".join(out) + "\n" + by_policy(rows)


def policies_of(rows):
    """The policies that have a run among rows, in POLICIES' order."""
    return [p for p in POLICIES if any(r["policy"] == p for r in rows)]


def by_policy(rows):
    """The desktop-with-hogs and compile runs again, a column per policy:
    X p99 ms / audio deadlines met (compile: X p99 ms only), '-' where a
    policy has no run.  docs/lab.md's table is this one."""
    rows = [r for r in rows if r["load"] != "desktop-0hogs"]
    pols = policies_of(rows)
    if not rows:
        return ""
    by = {(r["load"], r["cpus"], r["policy"]): r for r in rows}
    out = ["", "| load | CPUs | " + " | ".join(pols) + " |", "|---|---|" + "---|" * len(pols)]
    for load, cpus in sorted(set((r["load"], r["cpus"]) for r in rows),
                             key=lambda k: (list(LOADS).index(k[0]), k[1])):
        cells = []
        for p in pols:
            r = by.get((load, cpus, p))
            if r is None:
                cells.append("-")
            elif load == "compile":
                cells.append(ms(r["x_p99_us"]))
            else:
                cells.append("%s / %s" % (ms(r["x_p99_us"]), pct(r["audio_met_pct"])))
        out.append("| %s | %d | %s |" % (LOADS[load][0] + (", %d hogs" % LOADS[load][1]
                                                          if LOADS[load][1] else ""),
                                         cpus, " | ".join(cells)))
    return "\n".join(out) + "\n"


CHARTS = [  # file (.svg and .png), title, y label, column, scale to the label's unit, log y
    ("x_p50", "X request-to-reply p50 (xclient)", "ms (log scale)", "x_p50_us", 0.001, True),
    ("x_p99", "X request-to-reply p99 (xclient)", "ms (log scale)", "x_p99_us", 0.001, True),
    ("audio_met", "audio deadlines met", "% of periods", "audio_met_pct", 1, False),
    ("video_met", "video deadlines met", "% of periods", "video_met_pct", 1, False),
    ("hog_cpu", "hog CPU: % of its lifetime each hog ran", "% of lifetime", "hog_cpu_pct",
     1, False),
    ("compile_jobs", "compile jobs finished per second", "jobs/s",
     "compile_jobs_per_s", 1, False),
]


def charts(out, rows):
    by = {(r["load"], r["cpus"], r["policy"]): r for r in rows}
    groups = []
    for r in rows:
        g = "%s\n%d CPU" % (r["load"], r["cpus"])
        if g not in groups:
            groups.append(g)

    def getter(col, scale):
        def value(g, policy):
            load, cpus = g.split("\n")
            r = by.get((load, int(cpus.split()[0]), policy))
            return None if r is None or r[col] is None else r[col] * scale
        return value

    for name, title, ylabel, col, scale, log in CHARTS:
        if any(r[col] is not None for r in rows):
            base = os.path.join(out, name)
            plotting.grouped_bars([base + ".svg", base + ".png"], title, ylabel, groups,
                                  policies_of(rows), getter(col, scale), log=log)


def logs_in(d):
    if not os.path.isdir(d):
        die("bench-matrix", "--from-logs %s: not a directory" % d)
    logs = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".log"))
    if not logs:
        die("bench-matrix", "--from-logs %s: no *.log files" % d)
    return logs


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=int, default=6, help="measured guest seconds per run")
    p.add_argument("--parallel", type=int, default=2, help="QEMU runs at a time")
    p.add_argument("--quick", action="store_true", help="1 CPU only (9 runs)")
    p.add_argument("--only", metavar="REGEX",
                   help="runs whose name (e.g. nick-desktop-4hogs-1cpu) matches")
    p.add_argument("--cal-ns", type=int, default=400000,
                   help="work calibration for every run (as tools/lab)")
    p.add_argument("--timeout", type=int, default=300, help="wall seconds per run")
    p.add_argument("--out", default=os.path.join("bench", "out"))
    p.add_argument("--from-logs", metavar="DIR", help="no runs: tables from DIR/*.log")
    a = p.parse_args(argv)
    if a.seconds < 1 or a.parallel < 1:
        die("bench-matrix", "--seconds and --parallel must be at least 1")
    os.makedirs(a.out, exist_ok=True)
    failed, t0 = [], time.time()
    if a.from_logs:
        logs = logs_in(a.from_logs)
    else:
        logs, failed = boot_all(a, selected_runs(a))
    rows = sorted((measure(log) for log in logs), key=order)
    write_csv(os.path.join(a.out, "matrix.csv"), rows)
    charts(a.out, rows)
    table = summary(rows)
    with open(os.path.join(a.out, "summary.md"), "w") as f:
        f.write(table)
    sys.stdout.write(table)
    if not a.from_logs:
        sys.stderr.write("bench-matrix: %d runs in %.0f s wall, results in %s\n"
                         % (len(logs) + len(failed), time.time() - t0, a.out))
    for log in failed:
        sys.stderr.write("bench-matrix: failed run: %s\n" % log)
    return 1 if failed else 0

