"""ipclab: the IPC lab table (docs/lab.md "IPC: priority transfer two
ways") - the desktop beside CPU hogs on one CPU, its X requests over pipes
or over IPC under ipc=queue, handoff, donate and direct, under nick, o1 and rr,
with -icount so the numbers repeat.

    ipclab [--hogs 4] [--seconds 8] [--policies nick,o1,rr]
           [--modes pipes,queue,handoff,donate,direct] [--trace] [--out DIR] [--timeout S]
    ipclab --cost [--out DIR]

--cost prints instead the cost table (`make bench-ipc`'s runs): an empty
IPC round trip under each mode, the message by pointer and in registers,
beside the pipe round trip, in instructions (-icount shift=0: one guest
nanosecond per instruction), from user/cmpbench's `bench
name=pipe|ipc|ipcw ... rt_us=` lines.

Runs tools/nickel-qemu once per (policy, mode), one after the other
(needs `make` and `make user` first), keeps DIR/POLICY-MODE.log and prints
a markdown table from each log's final stat dump: xclient (the worse of
the two) and xserver latency p50 / p99 / max in ms, and the CPU shares of
the X server, the two clients and the hogs.  Under ipc=donate the
server's CPU is charged to the clients that called it.
"""
import argparse
import os
import re
import sys

from lib import ROOT
from lib.lab.labcommon import die, dumps_of, run_to_log, worst_lats

ICOUNT = "-icount shift=4,sleep=off"      # as tools/lab --icount
PROGRAMS = ["desktop", "xserver", "xclient", "audio", "video", "hog"]


def command(a, policy, mode):
    """The boot, run from ROOT with relative paths: the guest sees the kernel's
    and the modules' file names (multiboot command lines), and under nick a
    longer path alone moves the numbers by milliseconds."""
    ipc = "queue" if mode == "pipes" else mode
    xipc = 0 if mode == "pipes" else 1
    cmd = ["python3", "tools/nickel-qemu", "--smp", "1", "--mem", "32",
           "--kernel", "build/nickel.elf", "--qemu-flags", ICOUNT, "--append",
           "policy=%s ipc=%s%s init=desktop -- hogs=%d seconds=%d xipc=%d" % (
               policy, ipc, " trace=1" if a.trace else "", a.hogs, a.seconds, xipc)]
    for prog in PROGRAMS:
        cmd += ["--module", "build/user/%s.elf" % prog]
    return cmd


def shares(dump):
    """Percent of the run's CPU time: xserver, xclients (together), hogs."""
    total = sum(t["run_ms"] for t in dump.tasks) or 1
    def pct(name):
        return 100.0 * sum(t["run_ms"] for t in dump.tasks if t["name"] == name) / total
    return pct("xserver"), pct("xclient"), pct("hog")


def row(policy, mode, path):
    dump = dumps_of("ipclab", path)[-1]
    lats = worst_lats(dump)
    x, s = lats.get("xclient"), lats.get("xserver")
    if not x or not s:
        die("ipclab", "%s: no xclient or xserver lat line" % path)
    ms = lambda lat, key: "%.1f" % (lat[key] / 1000.0)
    srv, cli, hog = shares(dump)
    return "| %s | %s | %s / %s / %s | %s / %s / %s | %.1f | %.1f | %.1f |" % (
        policy, mode, ms(x, "p50_us"), ms(x, "p99_us"), ms(x, "max_us"),
        ms(s, "p50_us"), ms(s, "p99_us"), ms(s, "max_us"), srv, cli, hog)


IPC_MODES = ("queue", "handoff", "donate", "direct")


def cost_rows(a):
    """The cost table: one cmpbench boot per IPC mode, each round trip with
    the message by pointer (tests=ipc) and in registers (tests=ipcw); the
    pipe's row from the first boot (a pipe does not depend on the mode)."""
    rt = {}
    for mode in IPC_MODES:
        log = os.path.join(a.out, "cost-%s.log" % mode)
        cmd = ["python3", "tools/nickel-qemu", "--smp", "1", "--mem", "32",
               "--kernel", "build/nickel.elf", "--qemu-flags", "-icount shift=0,sleep=off",
               "--module", "build/user/cmpbench.elf", "--append",
               "init=cmpbench ipc=%s -- tests=null,pipe,ipc,ipcw pipe_n=2000 null_n=20000"
               % mode]
        problem = run_to_log(cmd, log, a.timeout)
        if problem:
            die("ipclab", "%s: %s" % (log, problem))
        with open(log, errors="replace") as f:
            for line in f:
                m = re.match(r"bench name=(pipe|ipcw|ipc) n=\d+ rt_us=([\d.]+)", line)
                if m and (m.group(1) != "pipe" or "pipe" not in rt):
                    key = "pipe" if m.group(1) == "pipe" else (mode, m.group(1))
                    rt[key] = float(m.group(2)) * 1000
        if (mode, "ipc") not in rt or (mode, "ipcw") not in rt or "pipe" not in rt:
            die("ipclab", "%s: no bench name=pipe, ipc or ipcw line" % log)
    pipe = rt["pipe"]
    rows = ["| round trip (empty message) | by pointer | in registers | of the pipe's |",
            "| --- | --- | --- | --- |",
            "| pipe (a byte there and back) | %.0f | - | 1.00 |" % pipe]
    for m in IPC_MODES:
        ptr, reg = rt[(m, "ipc")], rt[(m, "ipcw")]
        rows.append("| IPC, `ipc=%s`%s | %.0f | %.0f | %.2f / %.2f |"
                    % (m, " (the fast path)" if m == "direct" else "", ptr, reg,
                       ptr / pipe, reg / pipe))
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hogs", type=int, default=4)
    p.add_argument("--seconds", type=int, default=8)
    p.add_argument("--policies", default="nick,o1,rr")
    p.add_argument("--modes", default="pipes,queue,handoff,donate,direct")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "ipclab"))
    p.add_argument("--timeout", type=int, default=600)
    p.add_argument("--trace", action="store_true",
                   help="trace=1 (the last 8192 events; tracing costs instructions, "
                        "so the numbers differ a little)")
    p.add_argument("--cost", action="store_true",
                   help="the round trips' cost in instructions instead (4 boots)")
    a = p.parse_args(argv)
    a.out = os.path.abspath(a.out)
    os.chdir(ROOT)
    os.makedirs(a.out, exist_ok=True)
    if a.cost:
        print("\n".join(cost_rows(a)))
        return 0
    rows = ["| policy | X requests | xclient p50 / p99 / max ms | xserver p50 / p99 / max ms "
            "| xserver CPU % | xclients CPU % | hogs CPU % |",
            "|---|---|---|---|---|---|---|"]
    for policy in a.policies.split(","):
        for mode in a.modes.split(","):
            log = os.path.join(a.out, "%s-%s.log" % (policy, mode))
            problem = run_to_log(command(a, policy, mode), log, a.timeout)
            if problem:
                die("ipclab", "%s: %s" % (log, problem))
            rows.append(row(policy, mode, log))
            print(rows[-1], file=sys.stderr)
    print("\n".join(rows))
    return 0

