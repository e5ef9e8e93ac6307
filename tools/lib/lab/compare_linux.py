"""compare-linux: nickel beside Debian's own Linux, the same program in the
same emulator (`make compare-linux`, docs/lab.md "nickel beside Linux").

Every round boots user/cmpbench (build/user/cmpbench.elf) six times: as
nickel's init under nick, o1, rr, cfs and eevdf, and as /init of Debian's kernel
(tools/fetch-linux: .cache/linux/vmlinuz) with nothing else in its
initramfs; all on qemu-system-x86_64 -accel tcg with the same -cpu, -smp and
-m.  The rounds interleave the systems (nick, o1, rr, cfs, eevdf, Linux, nick, ...) so
that the host's load, which changes, falls on all of them alike, and each
number of the table is the median of a system's rounds.  cmpbench measures
the wake-up round trip of a request over a pipe (p50 / p99 / max, with no
hogs and with --hogs CPU hogs), a pipe ping-pong's round trip, the cost
of a null system call (getppid), sched_yield between two tasks on one CPU
and fork + exit + wait, and the CPU shares of hogs of several nice mixes on
one CPU (--mixes; a second table, with the shares Linux's weight table
predicts for CFS and how far each system is off them).  --icount runs every machine under QEMU's
`-icount shift=0,sleep=off`: guest time is then 1 ns per instruction, so
every time in the table is an instruction count, the same on any host.

    compare-linux [--rounds 3] [--hogs 4] [--smp 2] [--mem 256] [--cpu qemu64]
                  [--systems nick,o1,rr,cfs,eevdf,linux] [--reqs 200] [--hog-reqs 100]
                  [--pipe-n 2000] [--null-n 100000] [--yield-n 20000] [--fork-n 300]
                  [--mixes 0/5,0/-5/10,0/0/19] [--shares-ms 3000]
                  [--pin CPU] [--icount] [--parallel 1]
                  [--linux-append WORDS] [--timeout 600] [--out bench/out]
    compare-linux --from-logs DIR [--out DIR]      (the tables from recorded logs)
    ... --doc-table times|shares     (stdout: only that table, as docs/lab.md has it)

Writes OUT/compare-linux.md (the table with a last row "Linux / nick", the
ratio of the two medians in every cell; also printed on stdout; and every
run's numbers; --doc-table prints only one table on stdout, in docs/lab.md's
layout: `times` without the runs column, in instructions under --icount,
`shares` the hog shares) and keeps each run's serial log as
OUT/compare-linux/SYSTEM-rN.log, beside Linux's initramfs
(OUT/compare-linux/cmpbench.cpio).  A run that fails (no `bench end
status=0`, a timeout) is named on stderr and left out (exit status 1); a
malformed log given to --from-logs is an error naming file and line.  Without
Linux's image (when a run of linux is asked for) it exits 77 saying so in one
line, the status tools/docs-numbers skips a block for.
"""
import argparse
import concurrent.futures as cf
import os
import re
import statistics
import sys
import time

from lib.lab.labcommon import die, read_log, run_to_log
from lib.traces.nickel_log import parse_kv
from lib.lab.progress import Progress
from lib.lab.weights import weight_shares

from lib import ROOT, TOOLS
TOOL = "compare-linux"
SYSTEMS = ["nick", "o1", "rr", "cfs", "eevdf", "linux"]
LABELS = {"nick": "nick", "o1": "o1", "rr": "rr", "cfs": "cfs", "eevdf": "eevdf",
          "linux": "Linux CFS"}
PROGRAM = os.path.join(ROOT, "build", "user", "cmpbench.elf")
KERNEL = os.path.join(ROOT, "build", "nickel.elf")
LINUX_DIR = os.path.join(ROOT, ".cache", "linux")
NEEDS_INPUT = 77        # the exit status of "an input fetched on demand is missing"


class BadLog(Exception):
    """A log that does not hold one whole cmpbench run: 'file:line: why'."""


# ---- reading a run's log ------------------------------------------------------------
BENCH = re.compile(r"^bench (start|end|name=\w+)(.*)$")
BANNER = re.compile(r"^nickel \S+ \(policy=(\w+),")


def parse_log(path, text):
    """One run: {'system', 'release', 'null_ns', 'pipe_us',
    'reqreply': {hogs: (p50, p99, max)}} from its serial log."""
    run = {"system": None, "release": None, "pin": -1, "null_ns": None,
           "pipe_us": None, "yield_ns": None, "yield_sw": None, "fork_us": None, "reqreply": {},
           "shares": {}}
    policy = status = None
    lineno = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip("\r")
        m = BANNER.match(line)
        if m and policy is None:
            policy = m.group(1)
        m = BENCH.match(line)
        if not m:
            continue
        kv = parse_kv(line)
        try:
            if m.group(1) == "start":
                run["release"] = "%s %s" % (kv["kernel"], kv["release"])
                run["pin"] = kv.get("pin", -1)
                if kv["kernel"] not in ("Linux", "nickel"):
                    raise ValueError("kernel %s is neither nickel nor Linux" % kv["kernel"])
                run["system"] = "linux" if kv["kernel"] == "Linux" else "nickel"
            elif m.group(1) == "end":
                status = kv["status"]
            elif kv["name"] == "null":
                run["null_ns"] = float(kv["ns"])
            elif kv["name"] == "pipe":
                run["pipe_us"] = float(kv["rt_us"])
            elif kv["name"] == "yield":
                run["yield_ns"] = float(kv["ns"])
                run["yield_sw"] = float(kv["switches"]) if "switches" in kv else None
            elif kv["name"] == "fork":
                run["fork_us"] = float(kv["us"])
            elif kv["name"] == "reqreply":
                p50, p99, mx = kv["p50_us"], kv["p99_us"], kv["max_us"]
                if not (isinstance(p50, int) and p50 <= p99 <= mx):
                    raise ValueError("p50 <= p99 <= max does not hold")
                run["reqreply"][kv["hogs"]] = (p50, p99, mx)
            elif kv["name"] == "shares":
                mix, pct = parse_shares(line)
                run["shares"][mix] = pct
            else:
                raise ValueError("unknown benchmark %s" % kv["name"])
        except (KeyError, ValueError, TypeError) as e:
            what = "no %s" % e if isinstance(e, KeyError) else str(e)
            raise BadLog("%s:%d: malformed bench line (%s): %s" % (path, lineno, what, line))
    if run["system"] is None:
        raise BadLog("%s:%d: no 'bench start' line (did cmpbench run?)" % (path, lineno))
    if status is None:
        raise BadLog("%s:%d: no 'bench end' line (the run did not finish)" % (path, lineno))
    if status != 0:
        raise BadLog("%s: cmpbench ended with status %s" % (path, status))
    if run["system"] == "nickel":
        if policy not in SYSTEMS:
            raise BadLog("%s: a nickel run without its boot banner's policy" % path)
        run["system"] = policy
    return run


SHARES = re.compile(r"\bnices=(-?\d+(?:/-?\d+)*) .*\bpct=(\d+\.\d(?:/\d+\.\d)*)(?:\s|$)")


def parse_shares(line):
    """'bench name=shares nices=0/5 ms=M pct=75.0/25.0 ...': ('0/5', [75.0, 25.0])."""
    m = SHARES.search(line)
    if not m:
        raise ValueError("no nices=a/b/.. and pct=x.x/y.y/..")
    pct = [float(x) for x in m.group(2).split("/")]
    if len(pct) != m.group(1).count("/") + 1 or abs(sum(pct) - 100) > 1:
        raise ValueError("one share per nice value, adding up to 100, does not hold")
    return m.group(1), pct


def label(system, runs):
    """A row's name; Linux's says its fair class: EEVDF from 6.6, CFS before."""
    if system != "linux":
        return LABELS[system]
    m = re.search(r"Linux (\d+)\.(\d+)", " ".join(r["release"] for r in runs))
    return "Linux EEVDF" if m and (int(m.group(1)), int(m.group(2))) >= (6, 6) else "Linux CFS"


# ---- the tables ------------------------------------------------------------------
def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def num(v, fmt):
    return "-" if v is None else fmt % v


def hog_counts(runs):
    return sorted(set(h for r in runs for h in r["reqreply"]))


def reqreply_cell(runs, hogs):
    """'p50 / p99 / max' in us, each the median over the runs."""
    parts = [median([r["reqreply"].get(hogs, (None,) * 3)[i] for r in runs])
             for i in range(3)]
    if any(p is None for p in parts):
        return "-"
    return " / ".join("%.0f" % p for p in parts)


# Columns after pipe and null that only newer logs have: (key, title, format).
# yield_sw is how often the measuring task was switched away per call (1.00:
# each yield let the other task run); a count, so it has no ratio.
OPTIONAL = [("yield_ns", "sched_yield, 2 tasks, ns", "%.0f"),
            ("yield_sw", "switches per yield", "%.2f"),
            ("fork_us", "fork+exit+wait us", "%.1f")]
NO_RATIO = {"yield_sw"}


def ratio(linux, nick):
    """Linux's median over nick's: one decimal, two below 1 (0.02, not 0.0)."""
    if linux is None or not nick:
        return "-"
    r = linux / nick
    return "%.1f" % r if r >= 1 else "%.2f" % r


def ratio_row(runs, hogs, extra):
    """'Linux / nick': how many times nick's median is shorter, per cell (the
    targets of docs/lab.md are written against this row); none without both."""
    by = {s: [r for r in runs if r["system"] == s] for s in ("nick", "linux")}
    if not by["nick"] or not by["linux"]:
        return []

    def med(s, key):
        return median(r[key] for r in by[s])

    def reqreply(h):
        parts = [[median([r["reqreply"].get(h, (None,) * 3)[i] for r in by[s]])
                  for i in range(3)] for s in ("linux", "nick")]
        return " / ".join(ratio(lx, nk) for lx, nk in zip(*parts))
    cells = (["Linux / nick", ""] + [reqreply(h) for h in hogs] +
             [ratio(med("linux", "pipe_us"), med("nick", "pipe_us")),
              ratio(med("linux", "null_ns"), med("nick", "null_ns"))] +
             [ratio(med("linux", k), med("nick", k)) if k not in NO_RATIO else ""
              for k, _, _ in extra])
    return ["| " + " | ".join(cells) + " |"]


def tables(runs):
    """The markdown: medians per system, then every run."""
    hogs = hog_counts(runs)
    extra = [c for c in OPTIONAL if any(r[c[0]] is not None for r in runs)]
    head = (["system", "runs"] +
            ["reqreply p50 / p99 / max us, %d hogs" % h for h in hogs] +
            ["pipe round trip us", "null syscall ns"] + [c[1] for c in extra])
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for s in SYSTEMS:
        mine = [r for r in runs if r["system"] == s]
        if not mine:
            continue
        out.append("| " + " | ".join(
            [label(s, mine), str(len(mine))] + [reqreply_cell(mine, h) for h in hogs] +
            [num(median(r["pipe_us"] for r in mine), "%.1f"),
             num(median(r["null_ns"] for r in mine), "%.0f")] +
            [num(median(r[k] for r in mine), f) for k, _, f in extra]) + " |")
    out += ratio_row(runs, hogs, extra)
    releases = sorted(set(r["release"] for r in runs))
    pins = sorted(set(r["pin"] for r in runs if r["pin"] != -1))
    pinned = ("; every process of the runs pinned to CPU %s" % ", ".join(map(str, pins))
              if pins else "")
    out += ["", "Medians over each system's runs; kernels: %s%s."
            % (", ".join(releases), pinned)] + shares_table(runs) + ["", "Every run:", "",
            "| run | " + " | ".join(head[2:]) + " |", "|---|" + "---|" * (len(head) - 2)]
    for r in runs:
        out.append("| " + " | ".join(
            [r["name"]] + [reqreply_cell([r], h) for h in hogs] +
            [num(r["pipe_us"], "%.1f"), num(r["null_ns"], "%.0f")] +
            [num(r[k], f) for k, _, f in extra]) + " |")
    return "\n".join(out) + "\n"


def doc_times(runs, icount):
    """docs/lab.md's times table: a row per system and "Linux / nick", no
    runs column.  Under -icount (1 ns per instruction) a us is a thousand
    instructions ("k") and only the idle reqreply column is kept (beside
    hogs a request waits out the hogs' slices, not the kernel's path)."""
    hogs = hog_counts(runs)[:1] if icount else hog_counts(runs)
    extra = [c for c in OPTIONAL if any(r[c[0]] is not None for r in runs)]
    unit = "k" if icount else ""
    head = (["system"] + ["reqreply p50 / p99 / max, %d hogs" % h for h in hogs] +
            ["pipe round trip", "null syscall" + ("" if icount else " ns")] +
            [re.sub(r",? [un]s$", "", t) if icount else t.replace(" us", "")
             for _, t, _ in extra])
    formats = [("pipe_us", "%.1f" + unit), ("null_ns", "%.0f")] + [
        (k, f + unit if k.endswith("_us") else f) for k, _, f in extra]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for s in SYSTEMS:
        mine = [r for r in runs if r["system"] == s]
        if mine:
            rr = [reqreply_cell(mine, h) for h in hogs]
            if icount:
                rr = [c if c == "-" else " / ".join(x + "k" for x in c.split(" / "))
                      for c in rr]
            out.append("| " + " | ".join(
                [label(s, mine)] + rr +
                [num(median(r[k] for r in mine), f) for k, f in formats]) + " |")
    for row in ratio_row(runs, hogs, extra):        # its empty runs cell left out
        cells = row.split(" | ")
        out.append(" | ".join(cells[:1] + cells[2:]))
    return "\n".join(out) + "\n"


def doc_table(a, runs):
    """The table --doc-table names, as docs/lab.md has it."""
    if a.doc_table == "times":
        return doc_times(runs, a.icount)
    shares = shares_table(runs)[3:]         # after the blank, title, blank lines
    if not shares:
        die(TOOL, "--doc-table shares: no run measured shares (--mixes '')")
    return "\n".join(shares) + "\n"


def mix_order(mix):
    return (mix.count("/"), [int(n) for n in mix.split("/")])


def shares_table(runs):
    """Hog shares on one CPU: a column per nice mix, the weight table's
    prediction first, then each system's median shares and the most any of
    its hogs is off the prediction, in points.  [] when no run has them."""
    mixes = sorted(set(m for r in runs for m in r["shares"]), key=mix_order)
    if not mixes:
        return []
    want = {m: weight_shares([int(n) for n in m.split("/")]) for m in mixes}
    head = ["system", "runs"] + ["nice %s" % m for m in mixes] + ["most off the weights"]
    out = ["", "Hog shares on one CPU, % of the CPU the hogs got (cmpbench shares)",
           "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head),
           "| " + " | ".join(["weight table", ""] +
                             [" / ".join("%.1f" % x for x in want[m]) for m in mixes] +
                             ["0"]) + " |"]
    for s in SYSTEMS:
        mine = [r for r in runs if r["system"] == s and r["shares"]]
        if not mine:
            continue
        cells, off = [], 0.0
        for m in mixes:
            got = [median([r["shares"][m][i] for r in mine if m in r["shares"]])
                   for i in range(len(want[m]))]
            if None in got:
                cells.append("-")
                continue
            cells.append(" / ".join("%.1f" % x for x in got))
            off = max([off] + [abs(g - w) for g, w in zip(got, want[m])])
        out.append("| " + " | ".join([label(s, mine), str(len(mine))] + cells +
                                     ["%.1f points" % off]) + " |")
    return out


# ---- booting -------------------------------------------------------------------------
def program_args(a):
    return ("tests=null,pipe,yield,fork,reqreply%s hogs=0,%d reqs=%d hog_reqs=%d pipe_n=%d "
            "null_n=%d yield_n=%d fork_n=%d%s%s" % (
                ",shares" if a.mixes else "",
                a.hogs, a.reqs, a.hog_reqs, a.pipe_n, a.null_n, a.yield_n, a.fork_n,
                " mixes=%s shares_ms=%d" % (a.mixes, a.shares_ms) if a.mixes else "",
                " pin=%d" % a.pin if a.pin is not None else ""))


ICOUNT = ["-icount", "shift=0,sleep=off"]     # 1 ns of guest time per instruction


def newc_entry(name, mode, data=b"", rdev=(0, 0), ino=1):
    """One entry of a cpio archive in the kernel's "newc" format."""
    fields = [ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1],
              len(name) + 1, 0]
    head = b"070701" + b"".join(b"%08X" % f for f in fields) + name.encode() + b"\0"
    head += b"\0" * (-len(head) % 4)
    return head + data + b"\0" * (-len(data) % 4)


def write_initramfs(path):
    """/dev/console (char 5:1, so that init has stdio) and /init, the program."""
    with open(PROGRAM, "rb") as f:
        program = f.read()
    blob = (newc_entry("dev", 0o40755, ino=1) +
            newc_entry("dev/console", 0o20600, rdev=(5, 1), ino=2) +
            newc_entry("init", 0o100755, program, ino=3) +
            newc_entry("TRAILER!!!", 0, ino=0))
    with open(path, "wb") as f:
        f.write(blob)


def boot_command(a, system):
    if system != "linux":
        return ["python3", os.path.join(TOOLS, "nickel-qemu"), "--x86-64",
                "--smp", str(a.smp), "--mem", str(a.mem),
                "--qemu-flags=-cpu " + a.cpu + (" " + " ".join(ICOUNT) if a.icount else ""),
                "--kernel", KERNEL, "--module", PROGRAM,
                "--append", "policy=%s init=cmpbench -- %s" % (system, program_args(a))]
    return ["qemu-system-x86_64", "-machine", "pc", "-accel", "tcg", "-cpu", a.cpu,
            "-m", str(a.mem), "-smp", str(a.smp), "-no-reboot",
            "-kernel", os.path.join(a.linux, "vmlinuz"), "-initrd", a.initramfs,
            # ia32_emulation=1: kernels that default it off (6.7+, the
            # Debian option); older ones hand the unknown word to init's
            # environment.  panic=-1: a panic ends QEMU (with -no-reboot).
            "-append", "console=ttyS0 quiet panic=-1 ia32_emulation=1 %s-- %s" % (
                a.linux_append + " " if a.linux_append else "", program_args(a)),
            "-display", "none", "-serial", "stdio", "-monitor", "none"] + (
                ICOUNT if a.icount else [])


def run_name(system, rnd):
    return "%s-r%d" % (system, rnd)


def boot_one(a, system, rnd):
    log = os.path.join(a.logs, run_name(system, rnd) + ".log")
    t0 = time.time()
    problem = run_to_log(boot_command(a, system), log, a.timeout)
    if problem is None:
        try:
            problem = missing_results(a, parse_log(log, read_log(TOOL, log)))
        except BadLog as e:
            problem = str(e)
    return log, problem, time.time() - t0


def missing_results(a, run):
    """What a finished run lacks of what it was asked for (a line a kernel
    message broke, say), or None."""
    lack = [name for name, v in (("null", run["null_ns"]), ("pipe", run["pipe_us"]),
                                 ("yield", run["yield_ns"]), ("fork", run["fork_us"]))
            if v is None]
    lack += ["reqreply hogs=%d" % h for h in (0, a.hogs) if h not in run["reqreply"]]
    lack += ["shares nices=%s" % m for m in (a.mixes.split(",") if a.mixes else [])
             if m not in run["shares"]]
    return "no result line for %s" % ", ".join(lack) if lack else None


def check_inputs(a, systems):
    """Exit on a missing input; Linux's image first: it is fetched on demand."""
    if "linux" in systems and not os.path.exists(os.path.join(a.linux, "vmlinuz")):
        d = os.path.relpath(a.linux, ROOT)
        d = os.path.abspath(a.linux) if d.startswith("..") else d
        m = re.match(r"linux-(\d+\.\d+)$", os.path.basename(d))   # .cache/linux-6.12
        meta = (" linux-image-%s-amd64" % m.group(1) if m else
                "" if os.path.abspath(a.linux) == LINUX_DIR else " META")
        sys.stderr.write("%s: needs Linux's image, %s/vmlinuz missing: run tools/fetch-linux"
                         " %s%s (make deps does not fetch it)\n" % (TOOL, d, d, meta))
        sys.exit(NEEDS_INPUT)
    need = [PROGRAM] + ([KERNEL] if set(systems) - {"linux"} else [])
    for path in need:
        if not os.path.exists(path):
            die(TOOL, "%s missing: run make %s" % (
                os.path.relpath(path, ROOT), "user" if path == PROGRAM else ""))


def boot_all(a, systems):
    """Every run, rounds interleaved; the logs that worked, the failed ones."""
    check_inputs(a, systems)
    os.makedirs(a.logs, exist_ok=True)
    if "linux" in systems:
        write_initramfs(a.initramfs)
    runs = [(s, r) for r in range(1, a.rounds + 1) for s in systems]
    progress = Progress(TOOL, len(runs))
    logs, failed = [], []
    with cf.ThreadPoolExecutor(a.parallel) as ex:
        futures = {}
        for s, r in runs:                   # submitted in order: interleaved
            futures[ex.submit(boot_one, a, s, r)] = (s, r)
        for fut in cf.as_completed(futures):
            log, problem, wall = fut.result()
            progress.finished(run_name(*futures[fut]),
                              "FAILED: %s" % problem if problem else "ok", wall)
            (failed if problem else logs).append(log)
    return logs, failed


# ---- the command line --------------------------------------------------------------
def logs_in(d):
    if not os.path.isdir(d):
        die(TOOL, "--from-logs %s: not a directory" % d)
    logs = [os.path.join(d, f) for f in os.listdir(d) if f.endswith(".log")]
    if not logs:
        die(TOOL, "--from-logs %s: no *.log files" % d)
    return logs


def run_order(path):
    """Logs named SYSTEM-rN.log sort by round, then system; others by name."""
    m = re.match(r"(\w+)-r(\d+)\.log$", os.path.basename(path))
    if m and m.group(1) in SYSTEMS:
        return (int(m.group(2)), SYSTEMS.index(m.group(1)), "")
    return (1 << 30, 0, os.path.basename(path))


def measure(logs):
    runs = []
    for log in sorted(logs, key=run_order):
        try:
            run = parse_log(log, read_log(TOOL, log))
        except BadLog as e:
            die(TOOL, str(e))
        run["name"] = os.path.basename(log)[:-len(".log")]
        runs.append(run)
    return runs


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=3, help="runs of each system")
    p.add_argument("--hogs", type=int, default=4, help="CPU hogs of the loaded column")
    p.add_argument("--smp", type=int, default=2, help="CPUs of every machine")
    p.add_argument("--mem", type=int, default=256, help="MiB of every machine")
    p.add_argument("--cpu", default="qemu64", help="QEMU CPU model of every machine")
    p.add_argument("--systems", default=",".join(SYSTEMS),
                   help="comma list of nick, o1, rr, cfs, eevdf, linux")
    p.add_argument("--reqs", type=int, default=200, help="requests without hogs")
    p.add_argument("--hog-reqs", type=int, default=100, help="requests beside the hogs")
    p.add_argument("--pipe-n", type=int, default=2000, help="pipe round trips")
    p.add_argument("--null-n", type=int, default=100000, help="null system calls")
    p.add_argument("--yield-n", type=int, default=20000, help="sched_yield calls")
    p.add_argument("--fork-n", type=int, default=300, help="fork + exit + wait")
    p.add_argument("--mixes", default="0/5,0/-5/10,0/0/19",
                   help="nice mixes of the shares table, comma list of a/b/..; '' for none")
    p.add_argument("--shares-ms", type=int, default=3000,
                   help="ms each mix's hogs are measured (after 200 ms to settle)")
    p.add_argument("--icount", action="store_true",
                   help="-icount shift=0,sleep=off: times are instruction counts")
    p.add_argument("--pin", type=int, metavar="CPU",
                   help="keep every process of cmpbench on this CPU")
    p.add_argument("--parallel", type=int, default=1, help="QEMUs at a time (1 or 2)")
    p.add_argument("--timeout", type=int, default=600, help="wall seconds per run")
    p.add_argument("--linux", default=LINUX_DIR, help="directory of vmlinuz")
    p.add_argument("--linux-append", default="", metavar="WORDS",
                   help="more Linux kernel arguments (e.g. idle=poll)")
    p.add_argument("--out", default=os.path.join("bench", "out"))
    p.add_argument("--from-logs", metavar="DIR", help="no runs: the tables from DIR/*.log")
    p.add_argument("--doc-table", choices=("times", "shares"),
                   help="stdout: only this table, in docs/lab.md's layout")
    a = p.parse_args(argv)
    systems = [s for s in a.systems.split(",") if s]
    bad = [s for s in systems if s not in SYSTEMS]
    if bad or not systems:
        die(TOOL, "--systems %r: expected a comma list of %s" % (a.systems, ", ".join(SYSTEMS)))
    for name in ("rounds", "reqs", "hog_reqs", "pipe_n", "null_n", "yield_n", "fork_n",
                 "timeout", "smp", "mem", "shares_ms"):
        if getattr(a, name) < 1:
            die(TOOL, "--%s must be at least 1" % name.replace("_", "-"))
    if not 1 <= a.hogs <= 64:
        die(TOOL, "--hogs %d: expected 1..64" % a.hogs)
    if a.pin is not None and not 0 <= a.pin < a.smp:
        die(TOOL, "--pin %d: expected a CPU of 0..%d" % (a.pin, a.smp - 1))
    for mix in a.mixes.split(",") if a.mixes else []:
        if not re.match(r"^-?\d+(/-?\d+){1,7}$", mix) or any(
                not -20 <= int(n) <= 19 for n in mix.split("/")):
            die(TOOL, "--mixes %r: expected mixes a/b/.. of 2..8 nice values -20..19, "
                "split by commas" % a.mixes)
    if a.parallel not in (1, 2):
        die(TOOL, "--parallel %d: expected 1 or 2 (more QEMUs disturb the timing)" % a.parallel)
    a.logs = os.path.join(a.out, "compare-linux")
    a.initramfs = os.path.join(a.logs, "cmpbench.cpio")
    return a, systems


def main(argv=None):
    a, systems = parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    failed, t0 = [], time.time()
    if a.from_logs:
        logs = logs_in(a.from_logs)
    else:
        logs, failed = boot_all(a, systems)
        if not logs:
            die(TOOL, "every run failed (first: %s)" % sorted(failed)[0])
    runs = measure(logs)
    table = tables(runs)
    with open(os.path.join(a.out, "compare-linux.md"), "w") as f:
        f.write(table)
    sys.stdout.write(doc_table(a, runs) if a.doc_table else table)
    if not a.from_logs:
        sys.stderr.write("%s: %d runs in %.0f s wall, logs in %s\n"
                         % (TOOL, len(logs) + len(failed), time.time() - t0, a.logs))
    for log in sorted(failed):
        sys.stderr.write("%s: failed run: %s\n" % (TOOL, log))
    return 1 if failed else 0

