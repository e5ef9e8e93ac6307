"""coverage: the kernel's line coverage from kcov=all logs.

    coverage [--kernel build/nickel-kcov.elf | --sites FILE] [--lcov OUT]
             [--under PERCENT] LOG...

Reads the kcov-all dump of each log (kernel/kcov/kcov_all.c: the coverage
kernel booted with kcov=all prints it at power-off), finds every call site
of __sanitizer_cov_trace_pc in the coverage kernel (objdump -d; each is
one instrumented block) and its source line (addr2line), and prints

    coverage: N logs, M with a whole dump
    | room | lines hit | instrumented | % |         (one row per room)
    | file | lines hit | instrumented | % |         (one row per file)
    coverage: total H of I lines (P%) in F files
    coverage: under 50%: FILE P% ...                (one line per file)

A source line is instrumented when it has a call site, hit when a dump
reached one of them.  --lcov OUT writes an lcov tracefile (SF, DA:line,N
with N the number of logs that reached it, LF, LH) for genhtml.  A log
without a whole dump (none, truncated, damaged, or from another kernel)
is reported in one line and left out; with no whole dump at all the exit
status is 1.  --sites FILE ("PC FILE:LINE" lines) stands for the ELF in
tests (tests/tools/test_coverage.py).  docs/robustness.md "The coverage
report (`make coverage`)".
"""
import argparse
import os
import sys

from lib import ROOT
from lib.traces import coverage



def read_dumps(logs, pcs):
    """[Dump] of the logs that have a whole one from this kernel; one line
    on stderr for each that has not."""
    dumps = []
    for path in logs:
        try:
            with open(path, errors="replace") as f:
                dump = coverage.parse_dump(f.read())
            stray = coverage.stray_slots(pcs, dump)
            if stray:
                raise coverage.DumpError(
                    "%d of %d slots are no call site of this kernel (another build?)"
                    % (len(stray), len(dump.slots)))
            dumps.append(dump)
        except (OSError, coverage.DumpError) as e:
            print("coverage: %s: %s" % (path, e), file=sys.stderr)
    return dumps


def report(hits, under):
    rooms = coverage.totals(hits, coverage.room_of)
    files = coverage.totals(hits, lambda f: f)
    hit = sum(h for h, _ in files.values())
    of = sum(n for _, n in files.values())
    print("\n".join(coverage.table("room", rooms)))
    print()
    print("\n".join(coverage.table("file", files)))
    print("coverage: total %d of %d lines (%.1f%%) in %d files"
          % (hit, of, coverage.percent(hit, of), len(files)))
    low = sorted((coverage.percent(h, n), f) for f, (h, n) in files.items()
                 if coverage.percent(h, n) < under)
    for pct, f in low:
        print("coverage: under %g%%: %s %.1f%% (%d of %d)" % (under, f, pct, *files[f]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--kernel", default=os.path.join(ROOT, "build", "nickel-kcov.elf"))
    src.add_argument("--sites", help='"PC FILE:LINE" lines instead of an ELF')
    ap.add_argument("--lcov", help="write an lcov tracefile here")
    ap.add_argument("--under", type=float, default=50.0,
                    help="list the files below this percent (default 50)")
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()
    if a.sites:
        sites = coverage.read_sites(a.sites)
        pcs = list(sites)
    else:
        if not os.path.exists(a.kernel):
            print("coverage: no %s (make kcov)" % a.kernel, file=sys.stderr)
            return 1
        pcs = coverage.call_sites(a.kernel)
        sites = coverage.site_lines(a.kernel, pcs, ROOT)
    if not sites:
        print("coverage: no call sites of __sanitizer_cov_trace_pc in %s"
              % (a.sites or a.kernel), file=sys.stderr)
        return 1
    dumps = read_dumps(a.logs, pcs)
    print("coverage: %d logs, %d with a whole dump" % (len(a.logs), len(dumps)))
    if not dumps:
        return 1
    hits = coverage.line_hits(sites, dumps)
    if a.lcov:
        coverage.write_lcov(hits, a.lcov, ROOT)
    report(hits, a.under)
    return 0

