"""nickstat: nickel stat dumps -> CSV, one row per task per dump.

    nickstat LOG [-o OUT.csv] [--lat]

Columns: dump (0-based index), uptime_ms, policy, then the task line's
fields in the contract's order (pid name cpu state policy nice ... ; keys a
newer kernel adds at the end of a line become extra columns).  --lat writes
the lat lines instead (dump, uptime_ms, policy, name, n, avg_us, ...).
A truncated or malformed log is an error (exit 1, `nickstat: FILE:LINE: why`).
"""
import argparse
import csv
import sys

from lib.lab.labcommon import dumps_of


def rows(dumps, kind):
    """(header, rows) for the task or lat records of every dump."""
    keys = []
    for d in dumps:
        for rec in getattr(d, kind):
            keys += [k for k in rec if k not in keys]
    out = []
    for i, d in enumerate(dumps):
        for rec in getattr(d, kind):
            out.append([i, d["uptime_ms"], d.header.get("policy", "")] +
                       [rec.get(k, "") for k in keys])
    return ["dump", "uptime_ms", "dump_policy"] + keys, out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log")
    p.add_argument("-o", "--output", help="CSV file (default: stdout)")
    p.add_argument("--lat", action="store_true", help="the lat lines instead of tasks")
    a = p.parse_args(argv)
    header, data = rows(dumps_of("nickstat", a.log), "lats" if a.lat else "tasks")
    out = open(a.output, "w", newline="") if a.output else sys.stdout
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(data)
    if a.output:
        out.close()
    return 0

