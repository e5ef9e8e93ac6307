"""coverage.py - the kernel's line coverage from kcov=all dumps
(kernel/kcov/kcov_all.c) and the coverage kernel's call sites.

A dump in a log:

    kcov-all: begin base=c0100000 slot=4 words=W
    kcov-all: @I xxxxxxxx xxxxxxxx ...      word I and the ones after it
    kcov-all: end lines=L bits=N

Bit b of word I stands for the slot base + slot * (32 * I + b): the
4 bytes holding the return address of one call to
__sanitizer_cov_trace_pc.  A dump without its end line, or whose end line
does not count what came before it, is an error (DumpError), never a
smaller coverage.

The denominator is every call site of the callback in the ELF (objdump):
a source line is instrumented when one of its call sites is there, and
hit when a dump has the slot of one of them.  The line a call site stands
for is that of the call instruction (return address - 1), by addr2line.
"""
import collections
import os
import re
import subprocess

BEGIN = re.compile(r"^kcov-all: begin base=([0-9a-f]+) slot=(\d+) words=(\d+)$")
DATA = re.compile(r"^kcov-all: @(\d+)((?: [0-9a-f]{8})+)$")
END = re.compile(r"^kcov-all: end lines=(\d+) bits=(\d+)$")
CALL = re.compile(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*call\s+[0-9a-f]+ "
                  r"<__sanitizer_cov_trace_pc>")


class DumpError(Exception):
    """A log without a whole dump; str() is one line."""


class Dump:
    """One log's dump: base address, slot size, the set slots."""
    def __init__(self, base, slot, slots):
        self.base, self.slot, self.slots = base, slot, slots

    def reached(self, pc):
        return (pc - self.base) // self.slot in self.slots


def parse_dump(text):
    """The Dump of a log's text; DumpError when there is none or it is
    not whole."""
    begin, lines, bits, slots = None, 0, 0, set()
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if not line.startswith("kcov-all: "):
            continue
        m = BEGIN.match(line)
        if m:
            if begin:
                raise DumpError("two kcov-all dumps (begin lines)")
            begin = (int(m.group(1), 16), int(m.group(2)), int(m.group(3)))
            continue
        if not begin:
            continue
        m = DATA.match(line)
        if m:
            first, words = int(m.group(1)), [int(w, 16) for w in m.group(2).split()]
            if first + len(words) > begin[2]:
                raise DumpError("kcov-all line @%d goes past words=%d" % (first, begin[2]))
            for i, w in enumerate(words):
                bits += bin(w).count("1")
                slots.update(32 * (first + i) + b for b in range(32) if w >> b & 1)
            lines += 1
            continue
        m = END.match(line)
        if m:
            want = (int(m.group(1)), int(m.group(2)))
            if want != (lines, bits):
                raise DumpError("kcov-all dump damaged: end says lines=%d bits=%d, "
                                "read lines=%d bits=%d" % (want + (lines, bits)))
            return Dump(begin[0], begin[1], slots)
        raise DumpError("kcov-all dump damaged: %r" % line[:60])
    if not begin:
        raise DumpError("no kcov-all dump (boot build/nickel-kcov.elf with kcov=all)")
    raise DumpError("kcov-all dump truncated: %d lines and no end line" % lines)


def call_sites(elf):
    """[return address] of every call to __sanitizer_cov_trace_pc in elf."""
    out = subprocess.run(["objdump", "-d", elf], capture_output=True, text=True,
                         check=True).stdout
    return [int(m.group(1), 16) + len(m.group(2).split())
            for m in map(CALL.match, out.splitlines()) if m]


def site_lines(elf, sites, root):
    """{return address: (file, line)} by addr2line on each call (pc - 1);
    files relative to root when under it; sites without a line are left out."""
    if not sites:
        return {}
    res = subprocess.run(["addr2line", "-e", elf], input="".join(
        "%x\n" % (pc - 1) for pc in sites), capture_output=True, text=True, check=True)
    out = {}
    for pc, where in zip(sites, res.stdout.splitlines()):
        path, _, line = where.split(" ")[0].rpartition(":")
        if path.startswith("??") or not line.isdigit() or line == "0":
            continue
        if os.path.isabs(path) and path.startswith(os.path.abspath(root) + os.sep):
            path = os.path.relpath(path, root)
        out[pc] = (path, int(line))
    return out


def read_sites(path):
    """{return address: (file, line)} from a text file of "PC FILE:LINE"
    lines (hex PC): the tests' stand-in for an ELF."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                pc, where = line.split()
                file, _, number = where.rpartition(":")
                out[int(pc, 16)] = (file, int(number))
    return out


def line_hits(sites, dumps):
    """{file: {line: how many dumps reached one of its call sites}} over
    every instrumented line (0: none did)."""
    pcs_of = collections.defaultdict(list)
    for pc, where in sites.items():
        pcs_of[where].append(pc)
    hits = collections.defaultdict(dict)
    for (file, line), pcs in pcs_of.items():
        hits[file][line] = sum(1 for d in dumps if any(d.reached(pc) for pc in pcs))
    return hits


def stray_slots(pcs, dump):
    """Slots the dump has that hold no call site (pcs: every call site's
    return address): it came from another kernel."""
    known = {(pc - dump.base) // dump.slot for pc in pcs}
    return dump.slots - known


def write_lcov(hits, out, root):
    """An lcov tracefile: one record per file, DA:line,count, LF, LH."""
    with open(out, "w") as f:
        f.write("TN:nickel\n")
        for file in sorted(hits):
            lines = hits[file]
            path = file if os.path.isabs(file) else os.path.join(os.path.abspath(root), file)
            f.write("SF:%s\n" % path)
            for line in sorted(lines):
                f.write("DA:%d,%d\n" % (line, lines[line]))
            f.write("LF:%d\nLH:%d\nend_of_record\n" % (
                len(lines), sum(1 for n in lines.values() if n)))


def room_of(file):
    """The room a file belongs to: kernel/ROOM/..., kernel (its top-level
    files), arch, or the folder it is in."""
    parts = file.split("/")
    if parts[0] == "kernel":
        return "kernel/" + parts[1] if len(parts) > 2 else "kernel"
    return parts[0] if len(parts) > 1 else file


def totals(hits, key):
    """{key(file): [hit, instrumented]}."""
    out = collections.defaultdict(lambda: [0, 0])
    for file, lines in hits.items():
        t = out[key(file)]
        t[0] += sum(1 for n in lines.values() if n)
        t[1] += len(lines)
    return out


def percent(hit, of):
    return 100.0 * hit / of if of else 0.0


def table(title, rows):
    """Markdown rows: name, hit, instrumented, percent; sorted by name."""
    out = ["| %s | lines hit | instrumented | %% |" % title, "|---|---:|---:|---:|"]
    for name in sorted(rows):
        hit, of = rows[name]
        out.append("| %s | %d | %d | %.1f |" % (name, hit, of, percent(hit, of)))
    return out
