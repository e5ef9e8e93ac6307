"""kcov.py - kernel coverage PCs (kernel/kcov) in a nickel log, and what
they are in the coverage kernel's ELF: the function (its symbols, `nm`)
and the source line (`addr2line`).

A log carries PCs on lines "kcov-pcs: NAME PC PC ..." (hex, no 0x), as
tests/user/kcovtest.c and the fuzzer's mode=guided print them.  A PC is
the return address of the call to __sanitizer_cov_trace_pc, so the line it
stands for is that of PC - 1 (the call itself).
"""
import re
import subprocess

PCS_LINE = re.compile(r"^kcov-pcs: (\S+)((?: [0-9a-f]+)*)\s*$", re.M)


def pcs_by_name(text):
    """{NAME: set of PCs} from every kcov-pcs line of a log."""
    out = {}
    for m in PCS_LINE.finditer(text):
        out.setdefault(m.group(1), set()).update(int(w, 16) for w in m.group(2).split())
    return out


def text_symbols(elf):
    """Sorted [(address, name)] of the ELF's code symbols."""
    res = subprocess.run(["nm", "-n", elf], capture_output=True, text=True, check=True)
    syms = []
    for line in res.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            syms.append((int(parts[0], 16), parts[2]))
    return syms


def function_of(syms, pc):
    """The name of the code symbol that holds pc, or None."""
    lo, hi, found = 0, len(syms), None
    while lo < hi:
        mid = (lo + hi) // 2
        if syms[mid][0] <= pc - 1:
            found, lo = syms[mid][1], mid + 1
        else:
            hi = mid
    return found


def source_lines(elf, pcs):
    """{pc: "file:line"} for each PC, through one addr2line."""
    pcs = sorted(pcs)
    if not pcs:
        return {}
    res = subprocess.run(["addr2line", "-e", elf] + ["%x" % (p - 1) for p in pcs],
                         capture_output=True, text=True, check=True)
    return dict(zip(pcs, res.stdout.splitlines()))
