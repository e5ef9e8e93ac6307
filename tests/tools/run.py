#!/usr/bin/env python3
"""tests/tools/run.py - golden-file tests of the lab tools (nickstat,
timeline, latency, lab, bench-matrix) on logs recorded from real nickel runs
(tests/tools/data/*.log, see README there).  Prints `PASS name` /
`FAIL name: why`; exit 1 on any failure.

    tests/tools/run.py [--update]     --update rewrites the golden files
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "data")
TOOLS = os.path.join(ROOT, "tools")
failed = 0


def result(name, problem):
    global failed
    if problem:
        failed += 1
        print("FAIL tools:%s: %s" % (name, problem))
    else:
        print("PASS tools:%s" % name)


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


def output_file(tool, args, suffix):
    """Run a tool that writes -o FILE; (problem, text of the file)."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out" + suffix)
        rc, _, err = run(tool, *(args + ["-o", out]))
        if rc != 0:
            return "exit %d: %s" % (rc, err.strip()), ""
        return None, open(out).read()


def golden_cases(update):
    rc, out, err = run("nickstat", data("desktop-nick.log"))
    result("nickstat-csv", "exit %d: %s" % (rc, err) if rc else
           golden("desktop-nick.csv", out, update))
    rc, out, err = run("nickstat", "--lat", data("desktop-rr.log"))
    result("nickstat-lat-csv", "exit %d: %s" % (rc, err) if rc else
           golden("desktop-rr-lat.csv", out, update))
    prob, svg = output_file("timeline", [data("trace-nick.log")], ".svg")
    result("timeline-svg", prob or golden("trace-nick-timeline.svg", svg, update))
    prob, svg = output_file("latency", [data("desktop-%s.log" % p) for p in
                                        ("nick", "o1", "rr")], ".svg")
    result("latency-svg", prob or golden("desktop-latency.svg", svg, update))
    with tempfile.TemporaryDirectory() as d:
        rc, _, err = run("lab", "--from-logs", *[data("desktop-%s.log" % p) for p in
                                                 ("nick", "o1", "rr")] + ["--out", d])
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        md = "" if prob else open(os.path.join(d, "report.md")).read()
        result("lab-report-md", prob or golden("desktop-report.md", md, update))


def bench_matrix_cases(update):
    """tools/bench-matrix on the recorded matrix logs (data/bench/*.log):
    CSV, summary table and one chart against golden files."""
    with tempfile.TemporaryDirectory() as d:
        rc, out, err = run("bench-matrix", "--from-logs", data("bench"), "--out", d)
        prob = "exit %d: %s" % (rc, err.strip()) if rc else None
        files = {} if prob else {f: open(os.path.join(d, f)).read()
                                 for f in ("matrix.csv", "summary.md", "x_p99.svg")}
    result("bench-matrix-csv", prob or golden("bench-matrix.csv", files["matrix.csv"], update))
    result("bench-matrix-summary-md",
           prob or golden("bench-summary.md", files["summary.md"], update) or
           (None if out == files["summary.md"] else "stdout is not summary.md"))
    result("bench-matrix-x-p99-svg", prob or golden("bench-x-p99.svg", files["x_p99.svg"],
                                                    update))


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


def help_cases():
    for tool in ("nickstat", "timeline", "latency", "lab", "bench-matrix"):
        rc, out, _ = run(tool, "--help")
        result("%s-help" % tool, None if rc == 0 and "usage:" in out else
               "--help exited %d" % rc)


def main():
    update = "--update" in sys.argv[1:]
    golden_cases(update)
    bench_matrix_cases(update)
    if not update:
        truncated_cases()
        help_cases()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
