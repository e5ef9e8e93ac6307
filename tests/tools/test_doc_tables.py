#!/usr/bin/env python3
"""test_doc_tables.py - tools/doc-tables on recorded runs
(tests/tools/data/doc-tables/; no QEMU).

  doc-tables-abuse-table-from-recorded-runs: the abuse table of the three
    recorded runs, cell for cell, against the values read off their logs by
    hand (the last cheat report, the last dump's cheat and hog lines).
  doc-tables-abuse-notes-follow-the-numbers: a cheat at another prio than
    the hog's and nick's best loses its note; a share of 3% gets its ms.
  doc-tables-abuse-last-report-is-the-logs-last: --last-report prints
    nick's last `cheat pid=` line as it is in the log.
  doc-tables-nice-shares-hand-worked: each hog's share is 100 x its run_ms
    gained from the first dump to the last over the uptime gained, worked
    here from the logs' task lines with a regex of its own.
  doc-tables-ipcshare-table-from-recorded-runs: the ipcshare table of the
    six recorded runs against each log's share_pct= values read here: the
    handoff run's self phase, then each run's call phase.
  doc-tables-entry-table-from-recorded-runs: the int 0x80 / fast entry
    table of the four recorded runs against their `bench name=null ... ns=`
    lines read here.
  doc-tables-balance-ranges-over-the-runs: the kernel's (3 boots) and
    schedsim's (2 runs) balancer tables: each cell the least-most of the
    runs' numbers read here ("40" when they agree, tried on an edited log).
  doc-tables-docs-blocks-have-the-tools-header: every marked block of
    README.md and docs/ whose command is tools/doc-tables TABLE begins with
    the header the tool prints for TABLE (on the recorded runs).
  doc-tables-log-without-report-one-line-error: a log without the cheat's
    report is one line naming the log, exit 1.
Prints PASS/FAIL name with expected-vs-actual; exits 1 on a failure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "doc-tables")
DATA = os.path.join(ROOT, "tests", "tools", "data", "doc-tables")
from report import Report  # noqa: E402

report = Report("tools:")


RUNS = {}


def tool(*args):
    """(status, stdout, stderr); the runs on DATA once each (the logs do not change)."""
    if args not in RUNS or DATA not in args:
        p = subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True)
        RUNS[args] = (p.returncode, p.stdout, p.stderr)
    return RUNS[args]


def rows(text):
    return [[c.strip() for c in l.strip().strip("|").split("|")]
            for l in text.splitlines() if l.startswith("|") and not l.startswith("|---")]


def edited(name, old, new):
    """A copy of DATA into a temporary directory, one log's OLD (a regex)
    made NEW."""
    d = tempfile.mkdtemp(prefix="doc-tables-")
    for f in os.listdir(DATA):
        shutil.copy(os.path.join(DATA, f), d)
    path = os.path.join(d, name)
    text = open(path).read()
    assert re.search(old, text, re.M), old
    open(path, "w").write(re.sub(old, new, text, flags=re.M))
    return d


rc, out, err = tool("abuse", "--from-logs", DATA)
want = [["policy", "cheat's real share (TSC)", "cheat `run_ms` (the tick's view)",
         "cheat `sleep_avg` / `prio`", "hog `run_ms`"],
        ["nick", "59%", "0", "1000 / 110 (the best a nice-0 task can have)", "4998 of 5000"],
        ["rr", "0% (24 ms in 4 s)", "0", "-", "5000 of 5002"],
        ["o1", "0% (23 ms in 4 s)", "0", "10 / 125 (the hog's own prio)", "4998 of 5000"]]
report.result("doc-tables-abuse-table-from-recorded-runs",
              [] if rc == 0 and rows(out) == want else
              ["expected exit 0 and %s, got %d: %s %s" % (want, rc, rows(out), err.strip())])

p = []
d = edited("abuse-nick.log", "name=cheat cpu=0 state=R policy=nick nice=0 static_prio=120 "
           "prio=110", "name=cheat cpu=0 state=R policy=nick nice=0 static_prio=120 prio=115")
rc, out, err = tool("abuse", "--from-logs", d, "--policies", "nick")
got = rows(out)[1:2]
if rc != 0 or got[0][3:4] != ["1000 / 115"]:
    p.append("prio 115 (neither the best nor the hog's): expected '1000 / 115', got %d: %s %s"
             % (rc, got, err.strip()))
d = edited("abuse-nick.log", "cpu_ms=2399 elapsed_ms=4000 cpu_pct=59",
           "cpu_ms=120 elapsed_ms=4000 cpu_pct=3")
rc, out, err = tool("abuse", "--from-logs", d, "--policies", "nick")
got = rows(out)[1:2]
if rc != 0 or got[0][1:2] != ["3% (120 ms in 4 s)"]:
    p.append("a 3%% share: expected '3%% (120 ms in 4 s)', got %d: %s %s"
             % (rc, got, err.strip()))
report.result("doc-tables-abuse-notes-follow-the-numbers", p)

rc, out, err = tool("abuse", "--from-logs", DATA, "--policies", "nick", "--last-report")
want = re.findall(r"^cheat pid=.*$", open(os.path.join(DATA, "abuse-nick.log")).read(),
                  re.M)[-1] + "\n"
report.result("doc-tables-abuse-last-report-is-the-logs-last",
              [] if rc == 0 and out == want else
              ["expected %r, got %d: %r %s" % (want, rc, out, err.strip())])

p = []
rc, out, err = tool("nice", "--from-logs", DATA)
got = {r[0]: r[1:] for r in rows(out)}
for policy in ("nick", "o1", "rr"):
    text = open(os.path.join(DATA, "nice-%s.log" % policy)).read()
    dumps = text.split("=== stats ")[1:]
    up = [int(re.search(r"uptime_ms=(\d+)", x).group(1)) for x in (dumps[0], dumps[-1])]
    run = [dict((int(pid), int(ms)) for pid, ms in
                re.findall(r"^task pid=(\d+) name=hog .* run_ms=(\d+) ", x, re.M))
           for x in (dumps[0], dumps[-1])]
    want = ["%.1f" % (100.0 * (run[1][pid] - run[0][pid]) / (up[1] - up[0]))
            for pid in sorted(run[1])]
    if got.get(policy) != want:
        p.append("%s: expected %s, got %s" % (policy, want, got.get(policy)))
if rc != 0 or got.get("policy") != ["nice 0", "nice 5", "nice 10", "nice 19"]:
    p.append("expected exit 0 and the header nice 0 .. nice 19, got %d: %s %s"
             % (rc, got.get("policy"), err.strip()))
report.result("doc-tables-nice-shares-hand-worked", p)

p = []
rc, out, err = tool("ipcshare", "--from-logs", DATA)
got = {r[0]: r[1:] for r in rows(out)}


def pct(policy, mode, phase):
    text = open(os.path.join(DATA, "ipcshare-%s-%s.log" % (policy, mode))).read()
    return re.search(r"^ipcshare: phase=%s .* share_pct=(\d+)" % phase, text, re.M).group(1) + " %"


for policy in ("rr", "o1", "nick"):
    want = [pct(policy, "handoff", "self"), pct(policy, "handoff", "call"),
            pct(policy, "donate", "call")]
    if got.get(policy) != want:
        p.append("%s: expected %s, got %s" % (policy, want, got.get(policy)))
if rc != 0 or [r[0] for r in rows(out)] != ["policy", "rr", "o1", "nick"]:
    p.append("expected exit 0 and the rows policy, rr, o1, nick; got %d: %s %s"
             % (rc, rows(out), err.strip()))
report.result("doc-tables-ipcshare-table-from-recorded-runs", p)

p = []
rc, out, err = tool("entry", "--from-logs", DATA)
for call in ("getpid", "getppid"):
    want = [call] + ["%.0f" % float(re.search(
        r"^bench name=null n=\d+ ns=([\d.]+) call=%s" % call,
        open(os.path.join(DATA, "entry-%s-%s.log" % (call, e))).read(), re.M).group(1))
        for e in ("int80", "fast")]
    if want not in rows(out):
        p.append("expected the row %s in %s" % (want, rows(out)))
if rc != 0 or rows(out)[:1] != [["call", "int 0x80", "fast entry"]]:
    p.append("expected exit 0 and the header call | int 0x80 | fast entry, got %d: %s %s"
             % (rc, rows(out)[:1], err.strip()))
report.result("doc-tables-entry-table-from-recorded-runs", p)

def spans(lists):
    return [str(min(v)) if min(v) == max(v) else "%d-%d" % (min(v), max(v))
            for v in zip(*lists)]


p = []
kern = {k: [] for k in ("idle", "busy")}
for n in (1, 2, 3):
    text = open(os.path.join(DATA, "balance-run%d.log" % n)).read()
    for k in kern:
        line = re.search(r"^\| %s tick, cycles \|(.*)\|$" % k, text, re.M).group(1)
        kern[k].append([int(x) for x in line.split("|")])
sim = {k: [[], []] for k in ("idle", "busy")}
for n in (1, 2):
    for cpus in (2, 4, 8, 16, 32, 64):
        text = open(os.path.join(DATA, "balance-sim-run%d-%dcpu.log" % (n, cpus))).read()
        for k in sim:
            sim[k][n - 1].append(int(re.search(r"tick_%s_cyc=(\d+)" % k, text).group(1)))
for name, got in (("balance", kern), ("balance-sim", sim)):
    rc, out, err = tool(name, "--from-logs", DATA)
    want = [["CPUs", "2", "4", "8", "16", "32", "64"]] + [
        ["%s tick, cycles" % k] + spans(got[k]) for k in ("idle", "busy")]
    if rc != 0 or rows(out) != want:
        p.append("%s: expected exit 0 and %s, got %d: %s %s"
                 % (name, want, rc, rows(out), err.strip()))
d = edited("balance-sim-run2-2cpu.log", r"tick_idle_cyc=\d+",
           "tick_idle_cyc=%d" % sim["idle"][0][0])
rc, out, err = tool("balance-sim", "--from-logs", d)
if rc != 0 or rows(out)[1][1] != str(sim["idle"][0][0]):
    p.append("runs that agree: expected the one number %d, got %d: %s %s"
             % (sim["idle"][0][0], rc, rows(out)[1:2], err.strip()))
report.result("doc-tables-balance-ranges-over-the-runs", p)

p, seen = [], 0
for doc in ["README.md"] + ["docs/" + f for f in sorted(os.listdir(os.path.join(ROOT, "docs")))
                            if f.endswith(".md")]:
    lines = open(os.path.join(ROOT, doc)).read().split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"<!-- numbers [^:]*: tools/doc-tables (\S+)(.*) -->$", line)
        if not m or "--last-report" in m.group(2):
            continue
        seen += 1
        rc, out, err = tool(m.group(1), "--from-logs", DATA)
        head = next(l for l in lines[i + 1:] if l.strip())
        if rc != 0 or out.splitlines()[0] != head:
            p.append("%s:%d: header %r, the tool prints %r (exit %d %s)"
                     % (doc, i + 1, head, out.splitlines()[:1], rc, err.strip()))
if seen < 5:
    p.append("expected at least 5 doc-tables blocks in README.md and docs/, found %d" % seen)
report.result("doc-tables-docs-blocks-have-the-tools-header", p)

d = edited("abuse-rr.log", r"^cheat pid=.*\n", "")
rc, out, err = tool("abuse", "--from-logs", d)
lines = err.strip().splitlines()
report.result("doc-tables-log-without-report-one-line-error",
              [] if rc == 1 and len(lines) == 1 and "abuse-rr.log" in lines[0]
              and "no `cheat pid=" in lines[0] and not out else
              ["expected exit 1 and one line naming abuse-rr.log, got %d: %r %r"
               % (rc, err, out)])

sys.exit(report.status())
