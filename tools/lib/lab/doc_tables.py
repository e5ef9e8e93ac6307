"""doc-tables: the docs' tables of runs no other command prints as the
docs have them: each boots nickel a few times and prints the table in the
docs' layout (tools/docs-numbers writes them between their markers).

    doc-tables nice  [--policies nick,o1,rr] [--nices 0,5,10,19] [--seconds 31]
    doc-tables abuse [--policies nick,rr,o1] [--seconds 5] [--last-report]
    doc-tables ipcshare [--policies rr,o1,nick] [--seconds 2]
    doc-tables entry
    doc-tables balance [--runs 3]        doc-tables balance-sim [--runs 2]
    ... [--out build/doc-tables] [--timeout 300] [--from-logs DIR]

nice (README.md, "A first lab"): `demo=nice` on one CPU, a hog per nice
value, a stat dump every 10 s; each hog's share of the CPU from the first
dump (10 s) to the last (the run's end), booted as the sched-shares-*
scenarios boot it (`check=1`) and as `make run DEMO=nice` shows it.  Wall
clock: no -icount.

abuse (docs/lab.md, Exercise 5): `demo=abuse` (the tick-sampling cheat
beside one hog), one CPU without a local APIC under -icount, as `make run
DEMO=abuse` and tests/scenarios/abuse.py boot it; the cheat's real share
(its last TSC report), what the tick charged it (`run_ms`), its
`sleep_avg` / `prio` and the hog's `run_ms`; --last-report prints the
cheat's last report line of each run instead.  Under -icount the table is
the same on every host.

ipcshare (docs/lab.md, "IPC: priority transfer two ways"): user/ipcshare
beside one hog under -icount (`work_us=2000 hogs=1`), booted as the ipc-*
scenarios boot it, once with `ipc=handoff` and once with `ipc=donate`; the
share of the CPU the client got doing its work itself (the handoff run's
first phase) and the client and server together calling (each run's
second phase).  The same on every host.

entry (docs/user.md, "The system call path"): user/cmpbench's null call
under -icount shift=0 (1 ns per instruction), getpid and getppid, through
the fast entry and through int 0x80 (`entry=int80`): instructions per call.
The same on every host.

balance (docs/smp.md, "The balancer's cost per tick"): the kernel's
`bench=1` table of one idle and one busy tick's cycles at 2..64 CPUs
(kernel/selftest/bench_balance.c), booted --runs times; balance-sim: the
same from build/schedsim/schedsim (`bench=2`, half the CPUs with a hog).
Each cell is the range over the runs (one number when they agree).  TSC
cycles: wall clock.

Each run's serial log is kept as OUT/TABLE-POLICY.log (ipcshare:
OUT/ipcshare-POLICY-MODE.log; entry: OUT/entry-CALL-ENTRY.log); --from-logs
DIR reads those of DIR instead of booting.  A run that fails or a log without
what the table needs is a one-line error naming the log (exit 1).
"""
import argparse
import os
import re
import sys

from lib.lab.labcommon import die, dumps_of, read_log, run_to_log
from lib.traces import nickel_log

TOOL = "doc-tables"
from lib import ROOT
USER = os.path.join("build", "user")
ABUSE_FLAGS = "-cpu qemu32,-apic -icount shift=4,sleep=off"   # as mk/lab.mk's DEMO=abuse
CHEAT = re.compile(r"^cheat pid=\d+ burn_us=\d+ wakeups=\d+ cpu_ms=(\d+) "
                   r"elapsed_ms=(\d+) cpu_pct=(\d+)", re.M)
IPCSHARE_FLAGS = "-icount shift=4,sleep=off"                  # as tests/lib/scenario.py's
IPCSHARE = re.compile(r"^ipcshare: phase=(self|call) .*\bshare_pct=(\d+)", re.M)
ENTRY_FLAGS = "-icount shift=0,sleep=off"                     # 1 ns per instruction
NULL = re.compile(r"^bench name=null n=\d+ ns=([\d.]+) call=(\w+)", re.M)
NICK_MAX_BONUS = 10     # v7: MAX_BONUS, the best prio is static_prio - 10


def nickel(mem, append, flags="", modules=()):
    """tools/nickel-qemu's command line: one CPU, MEM MiB."""
    cmd = ["python3", os.path.join("tools", "nickel-qemu"), "--smp", "1", "--mem", str(mem)]
    cmd += ["--qemu-flags", flags] if flags else []
    for m in modules:
        cmd += ["--module", os.path.join(USER, m + ".elf")]
    return cmd + ["--append", append]


def boot_command(a, policy, mode=None):
    """The command of one run of the table (policy and mode as log_of)."""
    if a.demo == "balance":                 # as make bench boots it
        return nickel(64, "bench=1")
    if a.demo == "balance-sim":             # mode: NNcpu
        n = int(mode[:-3])
        return [os.path.join("build", "schedsim", "schedsim"), "cpus=%d" % n,
                "hogs=%d" % (n // 2), "seconds=20", "bench=2", "summary=0", "dumps=0"]
    if a.demo == "entry":                   # policy: the call, mode: the entry
        return nickel(64, "init=cmpbench -- tests=null null_n=20000 batches=3 "
                      "null_call=%s entry=%s" % (policy, mode), ENTRY_FLAGS, ["cmpbench"])
    if a.demo == "ipcshare":                # as tests/scenarios/ipc.py's ipcshare()
        return nickel(48, "init=ipcshare policy=%s ipc=%s trace=0 -- seconds=%d work_us=2000 "
                      "hogs=1" % (policy, mode, a.seconds), IPCSHARE_FLAGS, ["ipcshare"])
    if a.demo == "nice":                    # as tests/scenarios/sched.py's nice_scenario()
        return nickel(32, "policy=%s demo=nice nice=%s stats=10000 run=%d check=1"
                      % (policy, a.nices, a.seconds))
    return nickel(32, "demo=abuse policy=%s hogs=1 run=%d -- burn_us=600" % (policy, a.seconds),
                  ABUSE_FLAGS, ["cheat", "hog"])


def log_of(a, policy, mode=None):
    """The run's log: booted now into OUT, or DIR's with --from-logs."""
    name = "%s-%s%s.log" % (a.demo, policy, "-" + mode if mode else "")
    if a.from_logs:
        return os.path.join(a.from_logs, name)
    os.makedirs(a.out, exist_ok=True)
    log = os.path.join(a.out, name)
    problem = run_to_log(boot_command(a, policy, mode), log, a.timeout)
    if problem:
        die(TOOL, "%s: %s" % (log, problem))
    return log


def task(dump, name, log):
    found = [t for t in dump.tasks if t["name"] == name]
    if not found:
        die(TOOL, "%s: no task %s in the last stat dump" % (log, name))
    return found[0]


def nice_row(log, policy, nices):
    """| policy | share of each hog, in pid order (the order of nice=) |"""
    dumps = dumps_of(TOOL, log)
    if len(dumps) < 2:
        die(TOOL, "%s: %d stat dump(s), the shares need two" % (log, len(dumps)))
    first, last = dumps[0], dumps[-1]
    hogs = sorted((t for t in last.tasks if t["name"] == "hog"), key=lambda t: t["pid"])
    if [t["nice"] for t in hogs] != nices:
        die(TOOL, "%s: hogs of nice %s in the last dump, expected %s"
            % (log, [t["nice"] for t in hogs], nices))
    got = nickel_log.shares(first, last)
    return "| %s | %s |" % (policy, " | ".join("%.1f" % got[t["pid"]] for t in hogs))


def abuse_row(log, policy):
    text = read_log(TOOL, log)
    reports = CHEAT.findall(text)
    if not reports:
        die(TOOL, "%s: no `cheat pid=... cpu_pct=` report" % log)
    cpu_ms, elapsed_ms, pct = (int(x) for x in reports[-1])
    last = dumps_of(TOOL, log, text)[-1]
    cheat, hog = task(last, "cheat", log), task(last, "hog", log)
    share = "%d%%" % pct
    if pct < 5:                     # so small a share reads better in ms
        share += " (%d ms in %d s)" % (cpu_ms, elapsed_ms // 1000)
    if policy == "rr":              # rr keeps no sleep average
        credit = "-"
    else:
        credit = "%d / %d" % (cheat["sleep_avg"], cheat["prio"])
        if cheat["prio"] == hog["prio"]:
            credit += " (the hog's own prio)"
        elif policy == "nick" and cheat["prio"] == cheat["static_prio"] - NICK_MAX_BONUS:
            credit += " (the best a nice-%d task can have)" % cheat["nice"]
    return "| %s | %s | %d | %s | %d of %d |" % (
        policy, share, cheat["run_ms"], credit, hog["run_ms"], last["uptime_ms"])


def last_report(log):
    found = [m.group(0) for m in CHEAT.finditer(read_log(TOOL, log))]
    if not found:
        die(TOOL, "%s: no `cheat pid=... cpu_pct=` report" % log)
    return found[-1]


def ipcshare_row(policy, handoff, donate):
    """| policy | itself | calling, handoff | calling, donate |"""
    got = []
    for log in (handoff, donate):
        phases = dict(IPCSHARE.findall(read_log(TOOL, log)))
        if "self" not in phases or "call" not in phases:
            die(TOOL, "%s: no `ipcshare: phase=self|call ... share_pct=` lines for both "
                "phases" % log)
        got.append(phases)
    return "| %s | %s %% | %s %% | %s %% |" % (policy, got[0]["self"], got[0]["call"],
                                              got[1]["call"])


def entry_row(call, int80, fast):
    """| call | int 0x80 | fast entry |: instructions per call."""
    cells = []
    for log in (int80, fast):
        found = NULL.findall(read_log(TOOL, log))
        if not found or found[-1][1] != call:
            die(TOOL, "%s: no `bench name=null ... call=%s` line" % (log, call))
        cells.append("%.0f" % float(found[-1][0]))
    return "| %s | %s |" % (call, " | ".join(cells))


BAL_CPUS = [2, 4, 8, 16, 32, 64]
BAL_ROW = re.compile(r"^\| (idle|busy) tick, cycles \|((?: \d+ \|){6})\s*$", re.M)
SIM_OPS = re.compile(r"^bench-ops: .*\btick_idle_cyc=(\d+) .*\btick_busy_cyc=(\d+)", re.M)


def span(values):
    """'40' when the runs agree, else 'least-most'."""
    lo, hi = min(values), max(values)
    return "%d" % lo if lo == hi else "%d-%d" % (lo, hi)


def balance_run(a, n):
    """{'idle': [cycles per CPU count], 'busy': [...]} of one run."""
    if a.demo == "balance":
        log = log_of(a, "run%d" % n)
        rows = {m.group(1): [int(x) for x in m.group(2).replace("|", " ").split()]
                for m in BAL_ROW.finditer(read_log(TOOL, log))}
        if set(rows) != {"idle", "busy"}:
            die(TOOL, "%s: no `| idle tick, cycles |` and `| busy tick, cycles |` rows" % log)
        return rows
    got = {"idle": [], "busy": []}
    for cpus in BAL_CPUS:
        log = log_of(a, "run%d" % n, "%dcpu" % cpus)
        m = SIM_OPS.search(read_log(TOOL, log))
        if not m:
            die(TOOL, "%s: no `bench-ops: ... tick_idle_cyc= ... tick_busy_cyc=` line" % log)
        got["idle"].append(int(m.group(1)))
        got["busy"].append(int(m.group(2)))
    return got


def balance_table(a):
    runs = [balance_run(a, n) for n in range(1, a.runs + 1)]
    out = ["| CPUs | %s |" % " | ".join(map(str, BAL_CPUS)), "|---|" + "---|" * len(BAL_CPUS)]
    for kind in ("idle", "busy"):
        out.append("| %s tick, cycles | %s |" % (kind, " | ".join(
            span([r[kind][i] for r in runs]) for i in range(len(BAL_CPUS)))))
    return "\n".join(out) + "\n"


def table(a):
    policies = a.policies.split(",")
    if a.demo in ("balance", "balance-sim"):
        return balance_table(a)
    if a.last_report:
        return "\n".join(last_report(log_of(a, p)) for p in policies) + "\n"
    if a.demo == "entry":
        head = ["call", "int 0x80", "fast entry"]
        rows = [entry_row(c, log_of(a, c, "int80"), log_of(a, c, "fast"))
                for c in ("getpid", "getppid")]
    elif a.demo == "ipcshare":
        head = ["policy", "itself", "calling, `handoff`", "calling, `donate`"]
        rows = [ipcshare_row(p, log_of(a, p, "handoff"), log_of(a, p, "donate"))
                for p in policies]
    elif a.demo == "nice":
        nices = [int(n) for n in a.nices.split(",")]
        head = ["policy"] + ["nice %d" % n for n in nices]
        rows = [nice_row(log_of(a, p), p, nices) for p in policies]
    else:
        head = ["policy", "cheat's real share (TSC)", "cheat `run_ms` (the tick's view)",
                "cheat `sleep_avg` / `prio`", "hog `run_ms`"]
        rows = [abuse_row(log_of(a, p), p) for p in policies]
    return "\n".join(["| " + " | ".join(head) + " |", "|" + "---|" * len(head)] + rows) + "\n"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("demo", metavar="TABLE",
                   choices=("nice", "abuse", "ipcshare", "entry", "balance", "balance-sim"),
                   help="nice, abuse, ipcshare, entry, balance or balance-sim")
    p.add_argument("--runs", type=int, help="balance: boots (3); balance-sim: runs (2)")
    p.add_argument("--policies", help="comma list (nice: nick,o1,rr; abuse: nick,rr,o1; "
                   "ipcshare: rr,o1,nick)")
    p.add_argument("--last-report", action="store_true",
                   help="abuse: the cheat's last report line of each run, no table")
    p.add_argument("--nices", default="0,5,10,19", help="nice: the hogs' nice values")
    p.add_argument("--seconds", type=int,
                   help="guest seconds (nice: 31, abuse: 5, ipcshare: 2 per phase)")
    p.add_argument("--timeout", type=int, default=300, help="wall seconds per run")
    p.add_argument("--out", default=os.path.join("build", "doc-tables"))
    p.add_argument("--from-logs", metavar="DIR", help="no runs: the logs of DIR")
    a = p.parse_args(argv)
    nice = a.demo == "nice"
    a.policies = a.policies or {"nice": "nick,o1,rr", "abuse": "nick,rr,o1",
                                "ipcshare": "rr,o1,nick"}.get(a.demo, "nick")
    a.seconds = a.seconds or {"nice": 31, "abuse": 5, "ipcshare": 2}.get(a.demo, 1)
    a.runs = a.runs or (3 if a.demo == "balance" else 2)
    bad = [x for x in a.policies.split(",") if x not in ("nick", "o1", "rr", "cfs", "eevdf")]
    if bad:
        die(TOOL, "--policies %r: expected a comma list of nick, o1, rr, cfs, eevdf"
            % a.policies)
    if not re.match(r"^-?\d+(,-?\d+){0,7}$", a.nices) or any(
            not -20 <= int(n) <= 19 for n in a.nices.split(",")):
        die(TOOL, "--nices %r: expected 1..8 nice values -20..19, split by commas" % a.nices)
    if a.demo != "abuse" and a.last_report:
        die(TOOL, "--last-report is abuse's (the cheat's report line)")
    if nice and a.seconds < 21:
        die(TOOL, "--seconds %d: nice needs at least 21 (dumps at 10 s and 20 s)" % a.seconds)
    if a.seconds < 1 or a.timeout < 1 or a.runs < 1:
        die(TOOL, "--seconds, --timeout and --runs must be at least 1")
    return a


def main(argv=None):
    a = parse_args(argv)
    a.out = os.path.abspath(a.out)
    a.from_logs = a.from_logs and os.path.abspath(a.from_logs)
    os.chdir(ROOT)                  # the boot commands' paths are the tree's
    if not a.from_logs:
        need = ["build/nickel.elf"] + [os.path.join(USER, m + ".elf") for m in
                                       {"abuse": ["cheat", "hog"], "ipcshare": ["ipcshare"],
                                        "entry": ["cmpbench"]}.get(a.demo, [])]
        if a.demo == "balance-sim":
            need = [os.path.join("build", "schedsim", "schedsim")]
        for path in need:
            if not os.path.exists(path):
                die(TOOL, "%s missing: run make%s" % (path, " user" if "user" in path else
                                                       " sim" if "schedsim" in path else ""))
    sys.stdout.write(table(a))
    return 0

