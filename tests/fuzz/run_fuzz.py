#!/usr/bin/env python3
"""run_fuzz.py - run each parser harness under libFuzzer (make fuzz-parsers).

    tests/fuzz/run_fuzz.py [--seconds S] [--runs N] [--only a,b] NAME ...

Each harness build/fuzz/fuzz_NAME starts from its seed corpus
(tests/fuzz/corpus/NAME) and the inputs earlier runs kept
(build/fuzz/work/NAME, where new ones go), for S seconds or N inputs,
whichever comes first.  A crash, a timeout (10 s on one input) or an
out-of-memory is written to build/fuzz/crashes/NAME/; copy it into
tests/fuzz/crashes/NAME/ once fixed, so make test replays it.  Prints per
harness: inputs, seconds and inputs per second (wall clock, then CPU time:
on a shared machine the second says more), libFuzzer's cov: (edges
reached) and ft: (features), crashes; exits 1 if any harness crashed.
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUILD = os.path.join(ROOT, "build", "fuzz")


def fuzz(name, seconds, runs):
    """Run one harness; returns (inputs, seconds, cov, ft, crash files)."""
    work = os.path.join(BUILD, "work", name)
    crashes = os.path.join(BUILD, "crashes", name)
    os.makedirs(work, exist_ok=True)
    os.makedirs(crashes, exist_ok=True)
    before = set(os.listdir(crashes))
    cmd = [os.path.join(BUILD, "fuzz_" + name), "-max_total_time=%d" % seconds,
           "-timeout=10", "-rss_limit_mb=1024", "-print_final_stats=1",
           "-artifact_prefix=%s/" % crashes, work]
    if runs:
        cmd.insert(1, "-runs=%d" % runs)
    dictionary = os.path.join(HERE, name + ".dict")
    if os.path.exists(dictionary):
        cmd.insert(1, "-dict=" + dictionary)
    seeds = os.path.join(HERE, "corpus", name)
    if os.path.isdir(seeds):
        cmd.append(seeds)
    start = time.time()
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    run = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.time() - start
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - cpu0
    log = run.stderr
    with open(os.path.join(BUILD, name + ".log"), "w") as f:
        f.write(log)
    m = re.search(r"stat::number_of_executed_units: (\d+)", log)
    inputs = int(m.group(1)) if m else 0
    covs = re.findall(r"cov: (\d+) ft: (\d+)", log)
    cov, ft = covs[-1] if covs else ("?", "?")
    new = sorted(set(os.listdir(crashes)) - before)
    return inputs, elapsed, cpu, cov, ft, [os.path.join(crashes, c) for c in new]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--runs", type=int, default=0)
    ap.add_argument("--only", default="")
    ap.add_argument("names", nargs="+")
    args = ap.parse_args()
    names = [n for n in args.names
             if not args.only or n in args.only.split(",")]
    crashed = 0
    for name in names:
        inputs, elapsed, cpu, cov, ft, found = fuzz(name, args.seconds, args.runs)
        crashed += bool(found)
        print("fuzz %-8s inputs %10d  %5.0f s  %8.0f/s  cpu %5.0f s  %8.0f/cpu-s  "
              "cov: %s ft: %s  crashes: %d%s"
              % (name, inputs, elapsed, inputs / max(elapsed, 1e-3), cpu,
                 inputs / max(cpu, 1e-3), cov, ft,
                 len(found), "  " + " ".join(os.path.relpath(f, ROOT) for f in found)
                 if found else ""), flush=True)
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
