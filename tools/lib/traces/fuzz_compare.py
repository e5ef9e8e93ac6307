"""fuzz-compare: the coverage-guided fuzzer against the blind one.

    fuzz-compare [--seeds 1,2,3,4,5] [--calls 2000,6000] [--parallel 2]
                 [--out DIR] [--kernel build/nickel-kcov.elf] [--fuzz ELF]
    fuzz-compare --from-logs DIR        (the tables only, from earlier logs)

Runs `fuzz mode=guided` and `fuzz mode=blind` (user/fuzz/guided.c) for
every seed and call count on the coverage kernel (make kcov user), one CPU,
64 MB, --parallel QEMUs at a time, each log in OUT/MODE-CALLS-SEED.log
(default /tmp/fuzz-compare), then prints:

  - one row per (calls, seed): distinct kernel PCs and source lines
    (tools/kcov-lines' mapping) of each mode, its sequences, corpus size
    and timeouts;
  - per call count, each mode's means and the union over its runs;
  - the source lines that guided runs reached and no blind run did, with
    how many guided runs reached each (most first), and how many lines
    only blind reached.

A run that fails (no summary line) is named and left out (exit status 1).
"""
import argparse
import concurrent.futures as cf
import os
import re
import subprocess
import sys
import time

from lib import ROOT, TOOLS
from lib.traces import kcov

MODES = ("guided", "blind")
SUMMARY = re.compile(r"^fuzz: mode=(\w+) seed=(\d+) calls=(\d+) sequences=(\d+) "
                     r"corpus=(\d+) pcs=(\d+) timeouts=(\d+)", re.M)
LOG_NAME = re.compile(r"^(guided|blind)-(\d+)-(\d+)\.log$")


def int_list(text):
    try:
        return [int(w) for w in text.split(",") if w]
    except ValueError:
        raise argparse.ArgumentTypeError(
            "expected numbers separated by commas: %r" % text)


def run_one(a, mode, calls, seed):
    log = os.path.join(a.out, "%s-%d-%d.log" % (mode, calls, seed))
    cmd = ["nice", sys.executable, os.path.join(TOOLS, "nickel-qemu"),
           "--smp", "1", "--mem", "64", "--kernel", a.kernel,
           "--timeout", str(60 + calls // 10),
           "--append", "demo=fuzz seed=%d -- mode=%s calls=%d" % (seed, mode, calls),
           "--module", a.fuzz, "--module", os.path.join(ROOT, "build/user/hello.elf")]
    with open(log, "w") as f:
        subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    return log


class Run:
    """One log: its summary numbers and the PCs it printed."""
    def __init__(self, path, mode, calls, seed):
        self.path, self.mode, self.calls, self.seed = path, mode, calls, seed
        with open(path, errors="replace") as f:
            text = f.read()
        m = SUMMARY.search(text)
        self.ok = bool(m) and m.group(1) == mode
        self.sequences, self.corpus, self.timeouts = (
            (int(m.group(4)), int(m.group(5)), int(m.group(7))) if m else (0, 0, 0))
        self.pcs = kcov.pcs_by_name(text).get(mode, set())
        self.lines = set()


def map_lines(kernel, runs):
    """Fill each run's set of "file:line" strings, through one addr2line."""
    every = set().union(*(r.pcs for r in runs)) if runs else set()
    where = kcov.source_lines(kernel, every)
    syms = kcov.text_symbols(kernel)
    funcs = {}
    for pc, w in where.items():
        if w.startswith("??"):
            continue
        w = w.split(" ")[0]
        w = os.path.relpath(w, ROOT) if w.startswith("/") else w
        where[pc] = w
        funcs.setdefault(w, kcov.function_of(syms, pc))
    for r in runs:
        r.lines = {where[pc] for pc in r.pcs if not where[pc].startswith("??")}
    return funcs


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def report(runs, funcs):
    by = {(r.mode, r.calls, r.seed): r for r in runs}
    calls = sorted({r.calls for r in runs})
    seeds = sorted({r.seed for r in runs})
    print("| calls | seed | guided PCs | guided lines | blind PCs | blind lines "
          "| guided seqs/corpus/timeouts | blind seqs/timeouts |")
    print("|---|---|---|---|---|---|---|---|")
    for c in calls:
        for s in seeds:
            g, b = by.get(("guided", c, s)), by.get(("blind", c, s))
            if not g or not b:
                continue
            print("| %d | %d | %d | %d | %d | %d | %d/%d/%d | %d/%d |" % (
                c, s, len(g.pcs), len(g.lines), len(b.pcs), len(b.lines),
                g.sequences, g.corpus, g.timeouts, b.sequences, b.timeouts))
    print()
    print("| calls | mode | runs | mean PCs | mean lines | min lines | max lines "
          "| union PCs | union lines |")
    print("|---|---|---|---|---|---|---|---|---|")
    for c in calls:
        for mode in MODES:
            rs = [r for r in runs if r.mode == mode and r.calls == c]
            if not rs:
                continue
            lines = [len(r.lines) for r in rs]
            print("| %d | %s | %d | %.0f | %.0f | %d | %d | %d | %d |" % (
                c, mode, len(rs), mean([len(r.pcs) for r in rs]), mean(lines),
                min(lines), max(lines), len(set().union(*(r.pcs for r in rs))),
                len(set().union(*(r.lines for r in rs)))))
    guided = [r for r in runs if r.mode == "guided"]
    blind = [r for r in runs if r.mode == "blind"]
    blind_lines = set().union(*(r.lines for r in blind)) if blind else set()
    guided_lines = set().union(*(r.lines for r in guided)) if guided else set()
    only = {}
    for r in guided:
        for w in r.lines - blind_lines:
            only[w] = only.get(w, 0) + 1
    print()
    print("Lines reached by guided runs and by none of the %d blind runs: %d "
          "(in how many of the %d guided runs):" % (len(blind), len(only), len(guided)))
    for w in sorted(only, key=lambda w: (-only[w], w)):
        print("  %2d  %s %s" % (only[w], w, funcs.get(w)))
    print("Lines reached by blind runs and by no guided run: %d" %
          len(blind_lines - guided_lines))
    for w in sorted(blind_lines - guided_lines):
        n = sum(w in r.lines for r in blind)
        print("  %2d  %s %s" % (n, w, funcs.get(w)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int_list, default=[1, 2, 3, 4, 5])
    ap.add_argument("--calls", type=int_list, default=[2000, 6000])
    ap.add_argument("--parallel", type=int, default=2)
    ap.add_argument("--out", default="/tmp/fuzz-compare")
    ap.add_argument("--kernel", default=os.path.join(ROOT, "build/nickel-kcov.elf"))
    ap.add_argument("--fuzz", default=os.path.join(ROOT, "build/user/fuzz.elf"))
    ap.add_argument("--from-logs", metavar="DIR")
    a = ap.parse_args()
    for path in (a.kernel,) if a.from_logs else (a.kernel, a.fuzz):
        if not os.path.exists(path):
            sys.exit("fuzz-compare: %s missing (make kcov user)" % path)
    jobs = []
    if a.from_logs:
        a.out = a.from_logs
        if not os.path.isdir(a.out):
            sys.exit("fuzz-compare: %s: not a directory" % a.out)
        for name in sorted(os.listdir(a.out)):
            m = LOG_NAME.match(name)
            if m:
                jobs.append((os.path.join(a.out, name), m.group(1), int(m.group(2)),
                             int(m.group(3))))
        if not jobs:
            sys.exit("fuzz-compare: no MODE-CALLS-SEED.log in %s" % a.out)
    else:
        os.makedirs(a.out, exist_ok=True)
        grid = [(m, c, s) for c in a.calls for s in a.seeds for m in MODES]
        start = time.time()
        with cf.ThreadPoolExecutor(max_workers=max(1, a.parallel)) as ex:
            logs = list(ex.map(lambda g: run_one(a, *g), grid))
        jobs = [(log,) + g for log, g in zip(logs, grid)]
        print("fuzz-compare: %d runs in %.0f s, logs in %s" % (
            len(grid), time.time() - start, a.out))
    runs = [Run(*j) for j in jobs]
    failed = [r for r in runs if not r.ok]
    for r in failed:
        print("fuzz-compare: %s: no summary line, left out" % r.path, file=sys.stderr)
    runs = [r for r in runs if r.ok]
    funcs = map_lines(a.kernel, runs)
    report(runs, funcs)
    return 1 if failed else 0

