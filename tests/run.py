#!/usr/bin/env python3
"""tests/run.py - nickel's test runner: the one entry point of `make test`.

Finds every test by itself (the Makefile only builds what they run):
  * host unit tests: build/unit/test_NAME for each tests/unit/test_NAME.c
    (mk/unit.mk builds them);
  * host test programs: tests/DIR/test_*.py and tests/DIR/run-*.sh
    (tests/tools/, tests/grading/, tests/tree/, tests/user/, tests/fuzz/),
    each printing its own PASS/FAIL lines;
  * QEMU scenarios: the SCENARIOS lists of tests/scenarios/*.py.
The host tests run one after the other in one thread while the scenarios
run in parallel beside them (--jobs at once), each with a timeout.  Prints `PASS name` / `FAIL name (file:line): reason` and ends with
`N passed, N failed` alone on a line; exits 1 on any failure.

    tests/run.py [--kernel K] [--iso I] [--only REGEX] [--unit-only] [--jobs N]
                 [--load N] [--timeout-scale X] [--append-args ARGS]
                 [--keep-logs DIR] [BIN ...]

--only REGEX runs the scenarios whose name matches and the host tests whose
path matches (build/unit/test_heap, tests/tools/test_psf.py).  --unit-only
runs the host tests alone, no QEMU.  BIN ... runs these host programs
instead of the ones found (make unit: the unit tests only).
--load N runs N host CPU burners beside the suite (make test LOAD=N): every
scenario must pass on a busy host.  Every time limit, a scenario's and a
host test program's (HOST_TIMEOUT), is its figure for an idle 2-core host
times the scale: --timeout-scale (default 3), times 1 + N / CPUs under
--load N (2 burners on 2 CPUs: twice as long).  The host test programs get
the scale in NICKEL_TIMEOUT_SCALE too, for limits of their own.  A
scenario that runs out of time is asked for a stat dump and backtraces
(keys s and b) before QEMU is killed.
--append-args ARGS (make coverage: kcov=all) adds ARGS to the kernel
arguments of every scenario that boots --kernel (in front of its own), and runs
only those: no host tests, no ISO, no scenario with a kernel or a way to
run of its own.  --keep-logs DIR writes the logs there instead of
build/test-logs.
"""
import argparse
import concurrent.futures as cf
import glob
import importlib.util
import os
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# The tests' one import path, set here for this process and, through
# PYTHONPATH, for every host test program it runs: the tools' package
# (tools/lib) and the tests' helpers (tests/lib: report, scenario, ...).
# The scenarios import each other (uefi, screen, smp_ring3): their folder
# comes last, after the standard library, which platform.py would shadow.
IMPORT_PATH = [os.path.join(ROOT, "tools"), os.path.join(HERE, "lib")]
sys.path[:0] = IMPORT_PATH
sys.path.append(os.path.join(HERE, "scenarios"))
os.environ["PYTHONPATH"] = os.pathsep.join(
    IMPORT_PATH + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])

LOG_DIR = os.path.join(ROOT, "build", "test-logs")
# Host test programs, one folder below tests/; a helper module such as
# tests/lib/traces.py is named otherwise.
HOST_PROGRAMS = ("*/test_*.py", "*/run-*.sh")
# What the slowest host test program needs on an idle 2-core host, in
# seconds (tests/grading/test_grade_submissions.py: 1-2 minutes): times the
# scale, its limit (300 s at the default scale 3).
HOST_TIMEOUT = 100
print_lock = threading.Lock()


def say(line):
    with print_lock:
        print(line, flush=True)


def find_host_tests():
    """Every host test, as a path from the top of the tree: the unit
    binaries (one per tests/unit/test_*.c, as mk/unit.mk names them), then
    the host test programs (HOST_PROGRAMS)."""
    units = [os.path.join("build", "unit", os.path.basename(src)[:-2])
             for src in sorted(glob.glob(os.path.join(HERE, "unit", "test_*.c")))]
    programs = sorted(os.path.relpath(p, ROOT) for pattern in HOST_PROGRAMS
                      for p in glob.glob(os.path.join(HERE, pattern)))
    return units + programs


def run_host_binary(path, timeout):
    """A host test program: its own PASS/FAIL lines are the results.  It
    runs from the top of the tree, as under make, for at most timeout s."""
    results = []
    if not os.path.exists(path):
        return ["FAIL %s: %s is missing (make test builds it)" % (
            os.path.basename(path), os.path.relpath(path, ROOT))]
    try:
        p = subprocess.run([path], capture_output=True, text=True, timeout=timeout,
                           cwd=ROOT)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        rc = "a timeout (%d s: tests/run.py --timeout-scale)" % timeout
    for line in out.splitlines():
        if line.startswith("PASS ") or line.startswith("FAIL "):
            results.append(line)
        elif results and results[-1].startswith("FAIL") and line.startswith("    "):
            results[-1] += "\n" + line          # expected-vs-actual table
    if rc != 0 and not any(r.startswith("FAIL") for r in results):
        results.append("FAIL %s (%s): exited with %s\n%s" % (
            os.path.basename(path), os.path.relpath(path, ROOT), rc,
            "\n".join(out.splitlines()[-10:])))
    if not results:
        results.append("FAIL %s (%s): printed no results" % (
            os.path.basename(path), os.path.relpath(path, ROOT)))
    return results


def scenario_files():
    """tests/scenarios/*.py, the modules that may hold a SCENARIOS list."""
    sdir = os.path.join(HERE, "scenarios")
    return [os.path.join(sdir, f) for f in sorted(os.listdir(sdir))
            if f.endswith(".py") and not f.startswith("_")]


def literal_line(text, name):
    """The first line (from 1) of text holding name as a string literal,
    or None: a scenario's name is written out in its file, never built."""
    quoted = re.compile(r"""(["'])%s\1""" % re.escape(name))
    for number, line in enumerate(text.splitlines(), 1):
        if quoted.search(line):
            return number
    return None


def load_scenarios(path):
    """The SCENARIOS of one file, each told where it is written:
    sc.source is "tests/scenarios/FILE.py:LINE" (the line of its name)."""
    spec = importlib.util.spec_from_file_location(
        os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with open(path) as f:
        text = f.read()
    scenarios = list(getattr(mod, "SCENARIOS", []))
    for sc in scenarios:
        line = literal_line(text, sc.name)
        sc.source = os.path.relpath(path, ROOT) + (":%d" % line if line else "")
    return scenarios


def all_scenarios():
    return [sc for path in scenario_files() for sc in load_scenarios(path)]


def run_host_binaries(paths, scale):
    """Every host test program in turn; each line said as it comes."""
    results = []
    for path in paths:
        for r in run_host_binary(path, int(HOST_TIMEOUT * scale)):
            say(r)
            results.append(r)
    return results


def boots_the_kernel(sc):
    """The scenario boots --kernel with its own arguments (so that
    --append-args reaches it)."""
    return (not sc.iso and not hasattr(sc, "run") and
            not getattr(sc, "kernel", None))


def append_args(args, extra):
    """extra added to a scenario's kernel arguments: in front, as the kernel
    keeps only the first 1024 bytes of a long command line (and init's
    words after `--` stay last)."""
    return " ".join(extra.split() + args.split())


def run_scenario(sc, kernel, iso, log_dir=LOG_DIR):
    """Boot QEMU with the scenario's arguments, feed its keys, then check."""
    from scenario import run_qemu
    os.makedirs(log_dir, exist_ok=True)
    log, rc, wall = run_qemu(sc, kernel, iso)
    log_path = os.path.join(log_dir, sc.name + ".log")
    with open(log_path, "w") as f:
        f.write(log)
    try:
        problems = sc.check(log, rc)
    except Exception as e:                      # a check that crashed fails
        problems = ["check raised %s: %s" % (type(e).__name__, e)]
    if problems:
        why = "; ".join(problems)
        return ["FAIL %s (%s): %s (log: %s)" % (
            sc.name, sc.source, why, os.path.relpath(log_path, ROOT))]
    return ["PASS %s (%.0fs)" % (sc.name, wall)]


def start_host_load(n):
    """--load N: N host CPU burners beside the suite, as on a teacher's busy
    laptop.  Scenarios assert guest-time bounds, so they must pass anyway."""
    return [subprocess.Popen(["sh", "-c", "while :; do :; done"],
                             start_new_session=True) for _ in range(n)]


def stop_host_load(burners):
    for b in burners:
        os.killpg(b.pid, signal.SIGKILL)
        b.wait()


def time_scale(a):
    """The factor of every time limit: --timeout-scale, stretched by the
    share of the CPUs that --load N burners take."""
    return a.timeout_scale * (1 + a.load / float(os.cpu_count() or 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernel", default=os.path.join(ROOT, "build", "nickel.elf"))
    ap.add_argument("--iso", default=os.path.join(ROOT, "nickel.iso"))
    ap.add_argument("--unit-only", action="store_true",
                    help="the host tests only, no QEMU scenarios")
    ap.add_argument("--only", help="run the scenarios whose name and the host "
                    "tests whose path matches this regex")
    ap.add_argument("--jobs", type=int, default=(os.cpu_count() or 2) + 1)
    ap.add_argument("--load", type=int, default=0,
                    help="run N host CPU burners beside the suite")
    ap.add_argument("--timeout-scale", type=float, default=3.0,
                    help="multiply every scenario's and host test's timeout "
                    "(default 3): a loaded host runs slower (scenario.wall_limit)")
    ap.add_argument("--append-args", metavar="ARGS",
                    help="add ARGS to the kernel arguments of every scenario "
                    "that boots --kernel, and run only those (make coverage)")
    ap.add_argument("--keep-logs", metavar="DIR", default=LOG_DIR,
                    help="write the scenarios' logs here (default build/test-logs)")
    ap.add_argument("binaries", nargs="*",
                    help="run these host programs instead of the ones found")
    a = ap.parse_args()
    burners = start_host_load(a.load)
    try:
        return run_all(a)
    finally:
        stop_host_load(burners)


def run_all(a):

    passed = failed = 0
    results = []
    if a.binaries:
        hosts = [os.path.abspath(b) for b in a.binaries]
    else:
        hosts = [os.path.join(ROOT, h) for h in find_host_tests()
                 if not a.only or re.search(a.only, h)]
    scenarios = [] if a.unit_only else all_scenarios()
    if a.only:
        scenarios = [s for s in scenarios if re.search(a.only, s.name)]
    if a.append_args:
        hosts = []
        kept = [s for s in scenarios if boots_the_kernel(s)]
        print("run.py: --append-args %r: %d of %d scenarios boot --kernel" % (
            a.append_args, len(kept), len(scenarios)), flush=True)
        scenarios = kept
        for s in scenarios:
            s.args = append_args(s.args, a.append_args)
    scale = time_scale(a)
    os.environ["NICKEL_TIMEOUT_SCALE"] = str(scale)   # scenario.run_qemu, host tests
    # Longest first, so the slow ones do not end up alone at the tail.
    scenarios.sort(key=lambda s: -s.timeout)
    # The host tests run one after the other (several of them build in the
    # same tree, so never two at once) in a thread of their own, beside the
    # scenarios' pool: a 2-core host is never left with one core idle while
    # a host test compiles.  Scenarios pass on a loaded host (--load).
    with cf.ThreadPoolExecutor(max_workers=a.jobs + 1) as pool:
        futs = [pool.submit(run_host_binaries, hosts, scale)]
        futs += [pool.submit(run_scenario, s, a.kernel, a.iso, a.keep_logs)
                 for s in scenarios]
        for f in cf.as_completed(futs):
            for r in f.result():
                if f is not futs[0]:
                    say(r)
                results.append(r)
    passed = sum(1 for r in results if r.startswith("PASS"))
    failed = sum(1 for r in results if r.startswith("FAIL"))
    if failed:
        print("\nFailures:")
        for r in results:
            if r.startswith("FAIL"):
                print("  " + r.splitlines()[0])
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
