#!/usr/bin/env python3
"""tests/tools/test_tools.py - golden-file tests of the lab tools (nickstat,
timeline, latency, schedlat, trace2dat, lab, bench-matrix, compare-linux) on
logs recorded from real nickel runs (tests/tools/data/*.log, see README there), the
trace's ftrace text format, and trace.dat read back by trace-cmd.
Prints `PASS name` / `FAIL name (file:line): why` (tests/lib/report.py); exit 1
on any failure.

    tests/tools/test_tools.py [--update]     --update rewrites the golden files
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "data")
TOOLS = os.path.join(ROOT, "tools")
from lib.traces import nickel_log  # noqa: E402
from lib.traces import wakeups  # noqa: E402
import traces  # noqa: E402  (tests/lib/traces.py)
from lib.lab import progress  # noqa: E402
from report import Report  # noqa: E402

report = Report("tools:")
result = report.result
# Logs with a trace from the current kernel (its ftrace header), and all logs
# with a trace (older ones have the short header).
NEW_TRACES = ["trace-smp2-nick.log"]
TRACES = ["trace-nick.log", "desktop-o1.log"] + NEW_TRACES


def run(tool, *args):
    p = subprocess.run([sys.executable, os.path.join(TOOLS, tool)] + list(args),
                       capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def data(name):
    return os.path.join("tests", "tools", "data", name)


def golden(name, produced, update):
    """Compare produced text with data/NAME (or write it with --update)."""
    path = os.path.join(DATA, name)
    if update:
        with open(path, "w") as f:
            f.write(produced)
        return None
    if not os.path.exists(path):
        return "no golden file %s (run with --update)" % path
    want = open(path).read()
    if want == produced:
        return None
    for i, (a, b) in enumerate(zip(want.splitlines(), produced.splitlines()), 1):
        if a != b:
            return "differs from %s at line %d:\n    want %s\n    got  %s" % (
                name, i, a[:120], b[:120])
    return "differs from %s in length (%d vs %d lines)" % (
        name, len(want.splitlines()), len(produced.splitlines()))


def pictures_say(paths, texts):
    """None when every .png is a PNG and every .svg holds each of texts (the
    SVGs keep their text as text), else what is wrong."""
    for path in paths:
        if not os.path.exists(path):
            return "%s not written" % os.path.basename(path)
        body = open(path, "rb").read()
        if path.endswith(".png") and not body.startswith(b"\x89PNG"):
            return "%s is not a PNG" % os.path.basename(path)
        if path.endswith(".svg"):
            missing = [t for t in texts if t.encode() not in body]
            if missing:
                return "%s lacks the text %r" % (os.path.basename(path), missing)
    return None


def golden_cases(update):
    rc, out, err = run("nickstat", data("desktop-nick.log"))
    result("nickstat-csv", "exit %d: %s" % (rc, err) if rc else
           golden("desktop-nick.csv", out, update))
    rc, out, err = run("nickstat", "--lat", data("desktop-rr.log"))
    result("nickstat-lat-csv", "exit %d: %s" % (rc, err) if rc else
           golden("desktop-rr-lat.csv", out, update))
    rc, out, err = run("schedlat", data("trace-nick.log"))
    result("schedlat-table", "exit %d: %s" % (rc, err) if rc else
           golden("trace-nick-schedlat.txt", out, update))
    with tempfile.TemporaryDirectory() as d:
        pics = [os.path.join(d, "t.svg"), os.path.join(d, "t.png")]
        seg = os.path.join(d, "seg.csv")
        rc, _, err = run("timeline", data("trace-nick.log"), "-o", pics[0], "-o", pics[1],
                         "--csv", seg)
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        result("timeline-segments-csv", prob or golden("trace-nick-timeline.csv",
                                                       open(seg).read(), update))
        result("timeline-png-and-svg-with-labelled-axes", prob or pictures_say(
            pics, ["who ran when", "cpu0", "guest time since the trace", "(ms)", "xserver"]))
    with tempfile.TemporaryDirectory() as d:
        pics = [os.path.join(d, "l.svg"), os.path.join(d, "l.png")]
        args = [data("desktop-%s.log" % p) for p in ("nick", "o1", "rr")]
        rc, out, err = run("latency", *(args + ["-o", pics[0], "-o", pics[1]]))
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        result("latency-table-md", prob or golden("desktop-latency.md", out, update))
        result("latency-png-and-svg-panel-per-program-with-units", prob or pictures_say(
            pics, ["xclient", "xserver", "audio", "video", "scheduling delay (ms, log scale)",
                   "delays at or below", "o1: n=", "nick: lat line p50, p99, max"]))
    with tempfile.TemporaryDirectory() as d:
        rc, _, err = run("lab", "--from-logs", *[data("desktop-%s.log" % p) for p in
                                                 ("nick", "o1", "rr")] + ["--out", d])
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        md = "" if prob else open(os.path.join(d, "report.md")).read()
        result("lab-report-md", prob or golden("desktop-report.md", md, update))
    with tempfile.TemporaryDirectory() as d:    # traced logs (the rows' labels are lab's)
        rc, out, err = run("lab", "--from-logs", data("trace-nick.log"),
                           data("trace-smp2-nick.log"), data("trace-nick.log"),
                           "--out", d, "--trace-table")
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        result("lab-trace-table-md", prob or golden("trace-lab-table.md", out, update))
        rc, _, err = run("lab", "--from-logs", *[data("desktop-%s.log" % p) for p in
                                                 ("nick", "o1", "rr")] + ["--out", d, "--trace-table"])
        want = "lab: %s: no trace (--trace-table needs trace=1 runs)" % data("desktop-nick.log")
        result("lab-trace-table-untraced-log-one-line",
               None if rc == 1 and err.strip() == want else "exit %d, stderr %r" % (rc, err))


def bench_matrix_cases(update):
    """tools/bench-matrix on the recorded matrix logs (data/bench/*.log):
    CSV, summary table and one chart against golden files."""
    with tempfile.TemporaryDirectory() as d:
        rc, out, err = run("bench-matrix", "--from-logs", data("bench"), "--out", d)
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        files = {} if prob else {f: open(os.path.join(d, f)).read()
                                 for f in ("matrix.csv", "summary.md")}
        charts = prob or pictures_say(
            [os.path.join(d, "x_p99" + ext) for ext in (".svg", ".png")],
            ["X request-to-reply p99", "ms (log scale)", "desktop-4hogs", "nick", "o1", "rr"])
    result("bench-matrix-csv", prob or golden("bench-matrix.csv", files["matrix.csv"], update))
    result("bench-matrix-summary-md",
           prob or golden("bench-summary.md", files["summary.md"], update) or
           (None if out == files["summary.md"] else "stdout is not summary.md"))
    result("bench-matrix-x-p99-png-and-svg-with-units", charts)


def compare_linux_cases(update):
    """tools/compare-linux on recorded runs (data/compare-linux/*.log, one
    make compare-linux): the tables against a golden file, the medians
    against values worked out by hand from the logs, and a log cut before
    cmpbench's end or with a bad line as one-line errors naming the line."""
    with tempfile.TemporaryDirectory() as d:
        rc, out, err = run("compare-linux", "--from-logs", data("compare-linux"), "--out", d)
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        md = "" if prob else open(os.path.join(d, "compare-linux.md")).read()
    result("compare-linux-table-md", prob or golden("compare-linux.md", md, update) or
           (None if out == md else "stdout is not compare-linux.md"))
    if update:
        return
    result("compare-linux-medians-hand-worked", prob or compare_medians_problem(md))
    with tempfile.TemporaryDirectory() as d:
        text = open(os.path.join(DATA, "compare-linux", "linux-r1.log")).read().splitlines()
        end = next(i for i, l in enumerate(text) if l.startswith("bench end"))
        cut = os.path.join(d, "cut.log")
        open(cut, "w").write("\n".join(text[:end]) + "\n")
        bad_at = next(i for i, l in enumerate(text) if "name=reqreply" in l)
        bad = list(text)
        bad[bad_at] = re.sub(r"p99_us=\d+", "p99_us=1", bad[bad_at])
        os.makedirs(os.path.join(d, "bad"))
        badlog = os.path.join(d, "bad", "linux-r1.log")
        open(badlog, "w").write("\n".join(bad) + "\n")
        for name, args, want in [
                ("cut-before-bench-end", ["--from-logs", d, "--out", d],
                 "%s:%d: no 'bench end' line" % (cut, end)),
                ("p99-below-p50", ["--from-logs", os.path.dirname(badlog), "--out", d],
                 "%s:%d: malformed bench line (p50 <= p99 <= max does not hold)"
                 % (badlog, bad_at + 1))]:
            rc, _, err = run("compare-linux", *args)
            lines = err.strip().splitlines()
            result("compare-linux-%s-clear-error" % name,
                   None if rc == 1 and len(lines) == 1 and want in lines[0] else
                   "exit %d, stderr %r, expected one line containing %r" % (rc, err, want))
    rc, _, err = run("compare-linux", "--systems", "nick,bsd")
    result("compare-linux-bad-system-clear-error",
           None if rc == 1 and err.count("\n") == 1 and "bsd" in err else
           "exit %d: %r" % (rc, err))


def compare_linux_shares_cases():
    """compare-linux's shares table on three rounds of cfs and Linux
    (data/compare-linux-shares/): the weight table's row worked out by
    hand, each hog's median against the middle of its runs' pct= values
    read from the logs separately, the most-off column by hand; a shares
    line whose shares do not add up to 100 is a one-line error."""
    src = os.path.join(DATA, "compare-linux-shares")
    with tempfile.TemporaryDirectory() as d:
        rc, out, err = run("compare-linux", "--from-logs", src, "--out", d)
    if rc:
        return result("compare-linux-shares-table", "exit %d: %s" % (rc, err.strip()))
    rows = {c[0]: c for c in cells_of(out.split("Hog shares on one CPU")[-1])}
    want = {"weight table": ["", "75.3 / 24.7", "24.1 / 73.3 / 2.6", "49.6 / 49.6 / 0.7",
                             "0"]}
    for system, label, off in (("cfs", "cfs", "0.8"), ("linux", "Linux CFS", "3.0")):
        texts = [open(os.path.join(src, "%s-r%d.log" % (system, r))).read() for r in (1, 2, 3)]
        cells = []
        for mix in ("0/5", "0/-5/10", "0/0/19"):
            runs = [[float(x) for x in re.search(r"nices=%s ms=\d+ pct=([\d./]+)" % mix,
                                                 t).group(1).split("/")] for t in texts]
            cells.append(" / ".join("%.1f" % sorted(r[i] for r in runs)[1]
                                    for i in range(len(runs[0]))))
        want[label] = ["3"] + cells + ["%s points" % off]
    bad = ["%s: %s, expected %s" % (k, rows.get(k, [None])[1:], v)
           for k, v in want.items() if rows.get(k, [None])[1:] != v]
    result("compare-linux-shares-table-medians-and-weights", "; ".join(bad) or None)
    with tempfile.TemporaryDirectory() as d:
        text = open(os.path.join(src, "cfs-r1.log")).read()
        at = text.index("pct=", text.index("name=shares"))
        open(os.path.join(d, "cfs-r1.log"), "w").write(text[:at] + "pct=60.0/20.0" +
                                                        text[text.index(" ", at):])
        rc, _, err = run("compare-linux", "--from-logs", d, "--out", d)
        lines = err.strip().splitlines()
        result("compare-linux-shares-not-adding-to-100-clear-error",
               None if rc == 1 and len(lines) == 1 and "adding up to 100" in lines[0] else
               "exit %d, stderr %r" % (rc, err))


def compare_medians_problem(md):
    """Each system's medians in the table against the middle value of its
    runs' lines, taken from the logs by a separate reading."""
    rows = {cells[0]: cells for cells in cells_of(md)
            if len(cells) > 2 and cells[1].isdigit()}
    medians = {}
    labels = {"nick": "nick", "o1": "o1", "rr": "rr", "linux": "Linux CFS"}
    d = os.path.join(DATA, "compare-linux")
    for system, label in labels.items():
        logs = sorted(f for f in os.listdir(d) if f.startswith(system + "-r"))
        texts = [open(os.path.join(d, f)).read() for f in logs]
        null = [float(re.search(r"^bench name=null .*ns=([\d.]+)", t, re.M).group(1))
                for t in texts]
        pipe = [float(re.search(r"^bench name=pipe .*rt_us=([\d.]+)", t, re.M).group(1))
                for t in texts]
        quiet = [re.search(r"^bench name=reqreply hogs=0 n=\d+ p50_us=(\d+) p99_us=(\d+) "
                           r"max_us=(\d+)", t, re.M).groups() for t in texts]
        mid = lambda xs: sorted(xs)[len(xs) // 2]     # an odd count of runs
        want = [label, str(len(logs)),
                " / ".join(str(mid([int(q[i]) for q in quiet])) for i in range(3))]
        got = rows.get(label)
        if got is None:
            return "no row %r in the table" % label
        if got[:3] != want:
            return "%s: row starts %s, expected %s" % (label, got[:3], want)
        if got[-2:] != ["%.1f" % mid(pipe), "%.0f" % mid(null)]:
            return "%s: pipe/null %s, expected %s" % (
                label, got[-2:], ["%.1f" % mid(pipe), "%.0f" % mid(null)])
        medians[system] = (mid(pipe), mid(null))
    ratios = next((c for c in cells_of(md) if c[0] == "Linux / nick"), None)
    quotients = [medians["linux"][i] / medians["nick"][i] for i in (0, 1)]
    want = [("%.1f" if q >= 1 else "%.2f") % q for q in quotients]
    if ratios is None or ratios[-2:] != want:
        return "Linux / nick row: pipe/null %s, expected %s" % (
            ratios and ratios[-2:], want)
    return None


def cells_of(md):
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in md.splitlines() if line.startswith("|")]


def truncated_cases():
    """A log cut inside a stat dump or a trace: exit 1 and one line naming
    the file and line."""
    with tempfile.TemporaryDirectory() as d:
        text = open(os.path.join(DATA, "desktop-nick.log")).read().splitlines()
        cut = next(i for i, l in enumerate(text) if l.startswith("task ")) + 3
        stats = os.path.join(d, "cut-stats.log")
        open(stats, "w").write("\n".join(text[:cut]) + "\n")
        trace_text = open(os.path.join(DATA, "trace-nick.log")).read().splitlines()
        tcut = next(i for i, l in enumerate(trace_text) if "sched_switch" in l) + 20
        trace = os.path.join(d, "cut-trace.log")
        open(trace, "w").write("\n".join(trace_text[:tcut]) + "\n")
        cases = [("nickstat", [stats], "%s:%d: log ends inside a stat dump" % (stats, cut)),
                 ("latency", [stats, "-o", os.path.join(d, "x.svg")],
                  "%s:%d: log ends inside a stat dump" % (stats, cut)),
                 ("lab", ["--from-logs", stats, stats, stats, "--out", d],
                  "%s:%d: log ends inside a stat dump" % (stats, cut)),
                 ("bench-matrix", ["--from-logs", d, "--out", os.path.join(d, "o")],
                  "%s:%d: log ends inside a stat dump" % (stats, cut)),
                 ("timeline", [trace, "-o", os.path.join(d, "x.svg")],
                  "%s:%d: trace starting at line" % (trace, tcut)),
                 ("schedlat", [trace], "%s:%d: trace starting at line" % (trace, tcut)),
                 ("trace2dat", [trace, "-o", os.path.join(d, "x.dat")],
                  "%s:%d: trace starting at line" % (trace, tcut))]
        for tool, args, want in cases:
            rc, out, err = run(tool, *args)
            lines = err.strip().splitlines()
            prob = None
            if rc != 1:
                prob = "exit %d, expected 1" % rc
            elif len(lines) != 1 or want not in lines[0]:
                prob = "stderr %r, expected one line containing %r" % (err.strip(), want)
            result("%s-truncated-log-clear-error" % tool, prob)
        rc, _, err = run("nickstat", os.path.join(d, "missing.log"))
        result("nickstat-missing-file-clear-error",
               None if rc == 1 and "missing.log" in err else "exit %d: %r" % (rc, err))


def switch(us, cpu, prev, prev_pid, state, nxt, next_pid):
    return {"event": "sched_switch", "us": us, "cpu": cpu, "pid": prev_pid,
            "prev_comm": prev, "prev_pid": prev_pid, "prev_prio": 120, "prev_state": state,
            "next_comm": nxt, "next_pid": next_pid, "next_prio": 120}


def wakeup(us, cpu, comm, pid, success=1):
    return {"event": "sched_wakeup", "us": us, "cpu": cpu, "pid": 9, "woken_comm": comm,
            "woken_pid": pid, "woken_prio": 120, "success": success, "target_cpu": cpu}


def wakeup_cases():
    """tools/lib/traces/wakeups.py on a hand-made trace, every rule once: A waits 200 us
    from its first wake-up (the second is the same wait); B, preempted by A
    at 1300, waits 150 us and runs on the other CPU; a wake-up of A while
    it runs, one with success=0 and one still open at the end count not."""
    events = [switch(1000, 0, "A", 1, "S", "B", 2), wakeup(1100, 0, "A", 1),
              wakeup(1150, 0, "A", 1), switch(1300, 0, "B", 2, "R", "A", 1),
              wakeup(1350, 1, "A", 1), switch(1400, 0, "A", 1, "S", "<idle>", 0),
              switch(1450, 1, "<idle>", 0, "R", "B", 2), wakeup(1500, 0, "C", 3, 0),
              wakeup(1600, 1, "A", 1)]
    want = [("A", 1, 1100, 200, "wakeup"), ("B", 2, 1300, 150, "preempted")]
    got = wakeups.samples(events)
    result("wakeups-hand-worked-delays", None if got == want else
           "expected %s, got %s" % (want, got))
    # nearest rank: p50 of 10,20,30 is the 2nd (ceil(1.5)), p99 the 3rd;
    # p99 of 1..100 is 99, of 1..200 the 198th.
    checks = [(wakeups.percentile([10, 20, 30], 50), 20),
              (wakeups.percentile([10, 20, 30], 99), 30),
              (wakeups.percentile(list(range(1, 101)), 99), 99),
              (wakeups.percentile(list(range(1, 201)), 99), 198),
              (wakeups.summary([10, 20, 30])["avg_us"], 20)]
    bad = [(g, w) for g, w in checks if g != w]
    result("wakeups-nearest-rank-percentiles-hand-worked", None if not bad else
           "got/expected %s" % bad)


def progress_cases():
    """tools/lib/lab/progress.py's line on a fake clock: 4 runs, the first done at
    60 s (pace 60 s: 3 left, 180 s = 3 min), the second at 90 s (pace 45 s:
    2 left, 90 s), the last at 200 s."""
    times = iter([0, 60, 90, 150, 200])
    p = progress.Progress("t", 4, clock=lambda: next(times))
    got = [p.line("a", "ok", 60), p.line("b", "ok", 30), p.line("c", "ok", 60),
           p.line("d", "FAILED", 50)]
    want = ["t: [1/4] a ok (60 s); 3 left, about 3 min more",
            "t: [2/4] b ok (30 s); 2 left, about 90 s more",
            "t: [3/4] c ok (60 s); 1 left, about 50 s more",
            "t: [4/4] d FAILED (50 s); all done in 3 min"]
    bad = [(g, w) for g, w in zip(got, want) if g != w]
    result("progress-runs-left-and-estimate-hand-worked",
           None if not bad else "got/expected %s" % bad)


def top_cases(update):
    """tools/nickel-top on a recorded desktop run with a dump every second:
    the screens (golden), each task's CPU% worked out from the log's own
    run_ms and uptime_ms, and in tmux the keys r + - s t passed on, x not,
    q quitting."""
    log = data("top-desktop-nick.log")
    rc, out, err = run("nickel-top", "--replay", log, "--batch", "--interval", "0")
    prob = "exit %d: %s" % (rc, err.strip()) if rc else None
    result("nickel-top-batch-screens", prob or golden("top-desktop-nick.txt", out, update))
    if update:
        return
    result("nickel-top-cpu-percent-from-run-ms", prob or top_cpu_problem(out, log))
    result("nickel-top-tmux-keys-pass-through-and-q-quits", top_tmux_problem(log))


def top_cpu_problem(out, log):
    """The second screen's CPU% of every task against 100 * delta run_ms /
    delta uptime_ms between the log's first two dumps."""
    dumps = nickel_log.stat_dumps(open(os.path.join(ROOT, log)).read())
    screen = out.split("\f")[1]
    dt = dumps[1]["uptime_ms"] - dumps[0]["uptime_ms"]
    for t in dumps[1].tasks:
        t0 = dumps[0].task(pid=t["pid"])
        want = 100.0 * (t["run_ms"] - (t0["run_ms"] if t0 else 0)) / dt
        m = re.search(r"^\s*%d %-16s\s+\d+ \S+\s+([\d.]+)" % (t["pid"], re.escape(t["name"])),
                      screen, re.M)
        if not m:
            return "pid %d not on the second screen" % t["pid"]
        if abs(float(m.group(1)) - want) > 0.051:
            return "pid %d: CPU%% %s on screen, expected %.1f" % (t["pid"], m.group(1), want)
    return None


def tmux(*args):
    return subprocess.run(["tmux"] + list(args), capture_output=True, text=True)


def top_tmux_problem(log):
    if not shutil.which("tmux"):
        return "tmux missing: run make deps"
    with tempfile.TemporaryDirectory() as d:
        keys, session = os.path.join(d, "keys"), "nickel-top-test-%d" % os.getpid()
        cmd = "%s %s --replay %s --interval 2 --keys-out %s; echo EXITED; sleep 30" % (
            sys.executable, os.path.join(TOOLS, "nickel-top"), os.path.join(ROOT, log), keys)
        if tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "40", cmd).returncode:
            return "tmux new-session failed"
        try:
            pane = wait_pane(session, "PID NAME")
            if "PID NAME" not in pane:
                return "no task table on the screen: %r" % pane[:200]
            for k in ["r", "+", "-", "s", "t", "x"]:
                tmux("send-keys", "-t", session, "-l", k)
                time.sleep(0.3)
            tmux("send-keys", "-t", session, "-l", "q")
            pane = wait_pane(session, "EXITED")
            if "EXITED" not in pane:
                return "q did not quit"
            sent = open(keys).read() if os.path.exists(keys) else ""
            return None if sent == "r+-st" else "keys passed on: %r, expected 'r+-st'" % sent
        finally:
            tmux("kill-session", "-t", session)


def wait_pane(session, text, seconds=30):
    """The pane's text once it shows text (or after seconds)."""
    pane, end = "", time.time() + seconds
    while time.time() < end:
        pane = tmux("capture-pane", "-p", "-t", session).stdout
        if text in pane:
            break
        time.sleep(0.3)
    return pane


def trace_format_cases():
    """The current kernel's trace (recorded logs) in ftrace's text format."""
    for name in NEW_TRACES:
        problems = traces.ftrace_text_problems(open(os.path.join(DATA, name)).read())
        result("trace-text-follows-ftrace-format-%s" % name[:-4],
               "; ".join(problems[:3]) if problems else None)


def trace_dat_cases():
    """Every event of each recorded trace back from trace-cmd report."""
    if not shutil.which("trace-cmd"):
        result("trace2dat-trace-cmd-installed", "trace-cmd missing: run make deps")
        return
    for name in TRACES:
        events = nickel_log.trace_events(open(os.path.join(DATA, name)).read())
        result("trace2dat-trace-cmd-report-gives-every-event-%s" % name[:-4],
               traces.trace_dat_problem(run, data(name), events))


def help_cases():
    for tool in ("nickstat", "timeline", "latency", "schedlat", "trace2dat", "lab",
                 "bench-matrix", "nickel-top", "compare-linux", "fuzz-compare"):
        rc, out, _ = run(tool, "--help")
        result("%s-help" % tool, None if rc == 0 and "usage:" in out else
               "--help exited %d" % rc)
    rc, _, err = run("fuzz-compare", "--kernel", sys.executable,
                     "--from-logs", "/nonexistent/fuzz-logs")
    lines = err.strip().splitlines()
    result("fuzz-compare-missing-logs-clear-error",
           None if rc != 0 and len(lines) == 1 and "/nonexistent/fuzz-logs" in lines[0]
           else "exit %d, stderr %r" % (rc, err))


def main():
    update = "--update" in sys.argv[1:]
    golden_cases(update)
    bench_matrix_cases(update)
    compare_linux_cases(update)
    top_cases(update)
    if not update:
        compare_linux_shares_cases()
        wakeup_cases()
        progress_cases()
        trace_format_cases()
        trace_dat_cases()
        truncated_cases()
        help_cases()
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
