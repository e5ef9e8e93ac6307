#!/usr/bin/env python3
"""make_seeds.py - write the parser harnesses' seed corpora (tests/fuzz/corpus/).

    tests/fuzz/make_seeds.py [--elf build/user/hello.elf] [--no-qemu]

Real inputs where they can be had on this machine:
  * acpi, s5, mptable: the tables SeaBIOS builds in QEMU (`pc`, 2 CPUs, and
    `q35`, 4 CPUs, 128 MiB): QEMU runs without a kernel, its monitor saves
    physical memory (pmemsave), and the RSDP, RSDT, FADT, MADT, HPET, MCFG,
    WAET, DSDT and the MP floating pointer and table are cut out of it;
  * elf: the headers of a program of the build (--elf) with each segment's
    file part cut to a few hundred bytes, so the seed stays small;
  * mb1, mb2: QEMU's memory map (the e820 map SeaBIOS gives for 128 MiB),
    laid out as QEMU's multiboot loader and GRUB's multiboot2 hand it over
    (GRUB's tag order: command line, loader name, modules, basic memory,
    memory map, framebuffer, ACPI RSDP copy, EFI map);
  * cmdline: command lines from docs/contract.md and the tests.
Each harness's input format is described at the top of tests/fuzz/fuzz_NAME.c.
"""
import argparse
import os
import socket
import struct
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MEM = 128 << 20
# QEMU's e820 map for -m 128 under SeaBIOS: (base, length, type)
E820 = [(0, 0x9FC00, 1), (0x9FC00, 0x400, 2), (0xF0000, 0x10000, 2),
        (0x100000, 0x7EE0000, 1), (0x7FE0000, 0x20000, 2), (0xFFFC0000, 0x40000, 2)]


def write(name, label, data):
    d = os.path.join(HERE, "corpus", name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, label), "wb") as f:
        f.write(data)


def dump_memory(machine, cpus):
    """Physical memory of a QEMU that booted its firmware and nothing else."""
    tmp = tempfile.mkdtemp()
    sock, out = os.path.join(tmp, "mon"), os.path.join(tmp, "mem.bin")
    q = subprocess.Popen(["qemu-system-i386", "-machine", machine, "-smp", str(cpus),
                          "-m", "128", "-display", "none", "-serial", "null",
                          "-monitor", "unix:%s,server=on,wait=off" % sock])
    try:
        time.sleep(5)                      # SeaBIOS has built its tables by then
        s = socket.socket(socket.AF_UNIX)
        s.connect(sock)
        s.send(b'pmemsave 0 %d "%s"\n' % (MEM, out.encode()))
        for _ in range(100):
            time.sleep(0.2)
            if os.path.exists(out) and os.path.getsize(out) == MEM:
                break
        time.sleep(0.5)
        s.send(b"quit\n")
        q.wait(timeout=20)
        with open(out, "rb") as f:
            return f.read()
    finally:
        if q.poll() is None:
            q.kill()
        for p in (out, sock):
            if os.path.exists(p):
                os.unlink(p)
        os.rmdir(tmp)


def u32(d, at):
    return struct.unpack_from("<I", d, at)[0]


def blob(b):
    return struct.pack("<H", len(b)) + b


def acpi_seeds(machine, mem):
    """fuzz_acpi's input: flags 0, the RSDP, then the tables, the RSDT's
    entries rewritten as indexes (the harness turns them into addresses)."""
    rsdp_at = mem.find(b"RSD PTR ", 0xE0000)
    rsdp = mem[rsdp_at:rsdp_at + (36 if mem[rsdp_at + 15] >= 2 else 20)]
    rsdt_at = u32(mem, rsdp_at + 16)
    rsdt = bytearray(mem[rsdt_at:rsdt_at + u32(mem, rsdt_at + 4)])
    tables = [bytes(mem[a:a + u32(mem, a + 4)])
              for a in (u32(rsdt, off) for off in range(36, len(rsdt), 4))]
    fadt = next(t for t in tables if t[:4] == b"FACP")
    dsdt_at = u32(fadt, 40)
    dsdt = bytes(mem[dsdt_at:dsdt_at + u32(mem, dsdt_at + 4)])
    for i in range(len(tables)):
        struct.pack_into("<I", rsdt, 36 + 4 * i, i + 1)     # table i + 1
    tables = [bytes(rsdt)] + tables + [dsdt]
    write("acpi", "qemu-%s" % machine, b"\0" + blob(rsdp) + b"".join(blob(t) for t in tables))
    madt = next(t for t in tables if t[:4] == b"APIC")
    root = bytearray(rsdt[:36]) + struct.pack("<I", 1)
    struct.pack_into("<I", root, 4, len(root))
    write("acpi", "qemu-%s-madt-only" % machine, b"\0" + blob(rsdp) + blob(bytes(root)) + blob(madt))
    write("s5", "qemu-%s-dsdt" % machine, dsdt)
    mpf_at = mem.find(b"_MP_", 0xF0000)
    table_at = u32(mem, mpf_at + 4)
    table = mem[table_at:table_at + struct.unpack_from("<H", mem, table_at + 4)[0]]
    write("mptable", "qemu-%s" % machine, b"\0" + blob(mem[mpf_at:mpf_at + 16]) + blob(table))
    write("mptable", "qemu-%s-in-ebda" % machine,
          b"\x04" + blob(mem[mpf_at:mpf_at + 16]) + blob(table))
    return rsdp


def mb1_seed():
    """multiboot_info (68 bytes) then memory from address 0: the map at 0."""
    mmap = b"".join(struct.pack("<IQQI", 20, b, l, t) for b, l, t in E820)
    info = struct.pack("<17I", 0x24F, 639, 130048, 0x8000FFFF, 0x9000, 0, 0,
                       0, 0, 0, 0, len(mmap), 0, 0, 0, 0, 0)
    write("mb1", "qemu-128m", info + mmap)
    write("mb1", "no-map-mem-fields", struct.pack("<3I", 1, 639, 130048))


def tag(t, payload):
    b = struct.pack("<II", t, 8 + len(payload)) + payload
    return b + b"\0" * (-len(b) % 8)


def mb2_seed(rsdp):
    mmap = struct.pack("<II", 24, 0) + b"".join(struct.pack("<QQII", b, l, t, 0)
                                                for b, l, t in E820)
    efi = struct.pack("<II", 48, 1) + b"".join(
        struct.pack("<IIQQQQ", 7 if t == 1 else 0, 0, b, 0, l // 4096, 0xF)
        for b, l, t in E820)
    fb = struct.pack("<QIIIBBH", 0xFD000000, 4096, 1024, 768, 32, 1, 0) + bytes([16, 8, 8, 8, 0, 8])
    tags = (tag(1, b"policy=nick demo=desktop\0") + tag(2, b"GRUB 2.06-13+deb12u1\0") +
            tag(3, struct.pack("<II", 0x1D4000, 0x22F000) + b"xserver\0") +
            tag(3, struct.pack("<II", 0x22F000, 0x283000) + b"hello\0") +
            tag(4, struct.pack("<II", 639, 130048)) + tag(6, mmap) + tag(8, fb) +
            tag(14 if len(rsdp) == 20 else 15, rsdp) + tag(17, efi) + tag(0, b""))
    write("mb2", "grub-like-qemu-128m", struct.pack("<II", 8 + len(tags), 0) + tags)
    ega = struct.pack("<QIIIBBH", 0xB8000, 160, 80, 25, 16, 2, 0)
    tags = tag(1, b"\0") + tag(8, ega) + tag(17, efi) + tag(0, b"")
    write("mb2", "efi-map-ega-text", struct.pack("<II", 8 + len(tags), 0) + tags)


def elf_seed(path):
    """The build's program headers, each segment's file part cut short."""
    with open(path, "rb") as f:
        data = f.read()
    phoff, = struct.unpack_from("<I", data, 28)
    phnum, = struct.unpack_from("<H", data, 44)
    head = bytearray(data[:0x200])
    tail = b""
    for i in range(phnum):
        at = phoff + 32 * i
        typ, off, va, pa, filesz, memsz, flags, align = struct.unpack_from("<8I", data, at)
        if typ != 1:
            continue
        if off == 0:
            filesz = min(filesz, 0x200)
        else:
            off, cut = 0x200 + len(tail), min(filesz, 0x100)
            tail += data[struct.unpack_from("<I", data, at + 4)[0]:][:cut]
            filesz = cut
        struct.pack_into("<8I", head, at, typ, off, va, pa, filesz, memsz, flags, align)
    write("elf", os.path.basename(path).replace(".elf", "") + "-cut", bytes(head) + tail)


CMDLINES = [b"policy=o1 demo=nice nice=0,5,10,19 stats=10000 run=31",
            b"demo=fuzz seed=7 check=1 -- batches=50",
            b"policy=rr rr_slice=50 hogs=3 trace=1 pin=0 max_tasks=8",
            b"init=hello crash=pf mmap=ignore apic=x2 smp=off panel=serial busyhost=1 reboot=1",
            b"cache_decay=5 selftest=1 bench=1 -- a b c"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", default=os.path.join(ROOT, "build", "user", "hello.elf"))
    ap.add_argument("--no-qemu", action="store_true")
    args = ap.parse_args()
    rsdp = b"RSD PTR " + bytes(12)
    if not args.no_qemu:
        for machine, cpus in (("pc", 2), ("q35", 4)):
            rsdp = acpi_seeds(machine, dump_memory(machine, cpus))
    mb1_seed()
    mb2_seed(rsdp)
    if os.path.exists(args.elf):
        elf_seed(args.elf)
    for i, line in enumerate(CMDLINES):
        write("cmdline", "line%d" % i, line)


if __name__ == "__main__":
    main()
