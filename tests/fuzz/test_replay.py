#!/usr/bin/env python3
"""test_replay.py - every parser fuzz harness (tests/fuzz/fuzz_NAME.c) replays
its seed corpus (tests/fuzz/corpus/NAME) and every crash ever found
(tests/fuzz/crashes/NAME) once, built with gcc's AddressSanitizer and UBSan
and no libFuzzer (build/fuzz/replay_NAME, made by make unit-build).  One test
per harness: it passes when the replay fed every file and no sanitizer or
harness check fired.  Prints PASS/FAIL lines for tests/run.py."""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def inputs(name):
    """The replay's arguments and how many files they hold."""
    dirs = [os.path.join(HERE, kind, name) for kind in ("corpus", "crashes")]
    dirs = [d for d in dirs if os.path.isdir(d)]
    count = sum(len([f for f in files if not f.startswith(".")])
                for d in dirs for _, _, files in os.walk(d))
    return dirs, count


def check(name):
    """None when the harness replayed all its inputs cleanly, else why not."""
    binary = os.path.join(ROOT, "build", "fuzz", "replay_" + name)
    if not os.path.exists(binary):
        return "%s not built (make unit-build)" % os.path.relpath(binary, ROOT)
    dirs, expected = inputs(name)
    if expected == 0:
        return "no corpus and no crashes: nothing to replay"
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    run = subprocess.run([binary] + dirs, capture_output=True, text=True,
                         timeout=120, env=env)
    if run.returncode != 0:
        summary = [l for l in run.stderr.splitlines()
                   if "SUMMARY" in l or "runtime error" in l or "ERROR" in l]
        return "exit %d: %s" % (run.returncode,
                                summary[0].strip() if summary else run.stderr[-300:])
    m = re.search(r"replayed (\d+) inputs", run.stdout)
    got = int(m.group(1)) if m else -1
    if got != expected:
        return "replayed %d inputs, expected %d" % (got, expected)
    return None


def main():
    names = sorted(os.path.basename(p)[len("fuzz_"):-2]
                   for p in glob.glob(os.path.join(HERE, "fuzz_*.c")))
    failed = 0
    for name in names:
        problem = check(name)
        failed += bool(problem)
        print(("FAIL fuzz/test_replay.py:%s: %s" % (name, problem)) if problem
              else "PASS fuzz/test_replay.py:%s" % name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
