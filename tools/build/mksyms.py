#!/usr/bin/env python3
"""mksyms.py NM_OUTPUT OUT.S - turn `nm -n` text symbols into the .ksyms
section that kernel/diag/ksyms.c searches (see the layout there)."""
import sys


def main():
    syms = []
    if len(sys.argv) != 3:
        sys.exit("usage: mksyms.py NM_OUTPUT OUT.S")
    with open(sys.argv[1]) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                syms.append((int(parts[0], 16), parts[2]))
    syms.sort()
    out = [".section .ksyms, \"a\"", ".globl ksyms_blob", ".balign 4",
           "ksyms_blob:", ".long %d" % len(syms)]
    offset = 0
    for addr, name in syms:
        out.append(".long 0x%08x, %d" % (addr, offset))
        offset += len(name) + 1
    for _, name in syms:
        out.append('.asciz "%s"' % name)
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
