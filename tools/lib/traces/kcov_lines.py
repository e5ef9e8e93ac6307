"""kcov-lines: the kernel source lines a coverage run reached.

    kcov-lines [--kernel build/nickel-kcov.elf] [--name NAME] [--list] LOG...

Reads the "kcov-pcs: NAME PC ..." lines of nickel logs (kernel/kcov; the
fuzzer's mode=guided and tests/user/kcovtest.c print them), maps every
distinct PC to its source line with addr2line on the coverage kernel, and
prints one summary line

    kcov-lines: pcs=P lines=L files=F functions=N

then, with --list, one line per source line reached ("file:line function"),
sorted.  --name keeps only the kcov-pcs lines of that name.  A log without
kcov-pcs lines is an error (exit 1).
"""
import argparse
import os
import sys

from lib.traces import kcov  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", default="build/nickel-kcov.elf")
    ap.add_argument("--name")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()
    pcs = set()
    for path in a.logs:
        with open(path, errors="replace") as f:
            for name, found in kcov.pcs_by_name(f.read()).items():
                if a.name is None or name == a.name:
                    pcs |= found
    if not pcs:
        print("kcov-lines: no kcov-pcs lines in %s" % " ".join(a.logs), file=sys.stderr)
        return 1
    syms = kcov.text_symbols(a.kernel)
    lines = kcov.source_lines(a.kernel, pcs)
    rows = {}
    for pc, where in lines.items():
        if not where.startswith("??"):
            where = os.path.relpath(where.split(" ")[0]) if where.startswith("/") else where
            rows.setdefault(where, kcov.function_of(syms, pc))
    files = {w.rsplit(":", 1)[0] for w in rows}
    funcs = set(rows.values())
    print("kcov-lines: pcs=%d lines=%d files=%d functions=%d" % (
        len(pcs), len(rows), len(files), len(funcs)))
    if a.list:
        for where in sorted(rows):
            print("%s %s" % (where, rows[where]))
    return 0

