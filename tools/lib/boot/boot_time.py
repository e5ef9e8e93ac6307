"""boot-time: how long nickel takes from QEMU's start to init's first ring-3
instruction, at each CPU count given (make bench).

Two clocks, from each of --rounds boots (init=hello, which prints and
exits; the table shows each column's median):
  - the kernel's boot line (kernel/boot/boot_time.c), TSC based: from the
    kernel's first instruction to pid 1's first iret, split into clock
    calibration, starting the APs and the rest, and the TSC at the kernel's
    first instruction (the firmware's and loader's time since reset);
  - the host's wall clock from just before QEMU is started to the moment
    the boot line arrives on the serial port (QEMU's own start-up included).
Prints a markdown table; exits 1 when a boot gives no boot line.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time

BOOT_LINE = re.compile(r"nickel: boot: first kernel instruction to init took (\d+) us "
                       r"\(tsc\): calibration (\d+) us, APs (\d+) us, rest (\d+) us; "
                       r"before the kernel (\d+) us")


def qemu_command(smp, a):
    """nickel-qemu's QEMU command line, so that the clock starts at QEMU's exec."""
    r = subprocess.run(
        [sys.executable, "tools/nickel-qemu", "--print-command", "--smp", str(smp),
         "--mem", str(a.mem), "--kernel", a.kernel, "--module", a.module, "--accel", a.accel,
         "--append", "init=hello run=30"], text=True, capture_output=True)
    if r.returncode != 0:              # nickel-qemu's own one line: a missing file
        sys.exit("boot-time: " + (r.stderr.strip().splitlines() or ["nickel-qemu failed"])[-1])
    return r.stdout.strip()


def one_boot(smp, a):
    cmd = qemu_command(smp, a)
    t0 = time.monotonic()
    q = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    found = None
    try:
        for raw in q.stdout:
            m = BOOT_LINE.search(raw.decode(errors="replace"))
            if m:
                found = (time.monotonic() - t0, [int(g) for g in m.groups()])
                break
    finally:
        q.kill()
        q.wait()
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cpus", default="1,16,64", help="CPU counts, comma separated")
    p.add_argument("--kernel", default="build/nickel.elf")
    p.add_argument("--module", default="build/user/hello.elf")
    p.add_argument("--mem", type=int, default=64)
    p.add_argument("--accel", default="tcg", choices=["tcg", "kvm"])
    p.add_argument("--rounds", type=int, default=3, help="boots per CPU count")
    a = p.parse_args()
    print("| CPUs | host: QEMU start to boot line, ms | kernel: _start to init, ms "
          "| calibration | APs | rest | before the kernel (TSC since reset), ms |")
    print("|---|---|---|---|---|---|---|")
    status = 0
    for smp in [int(c) for c in a.cpus.split(",")]:
        boots = [one_boot(smp, a) for _ in range(a.rounds)]
        if not all(boots):
            print("| %d | no boot line in %d of %d boots | | | | | |"
                  % (smp, boots.count(None), a.rounds))
            status = 1
            continue
        wall = statistics.median(b[0] for b in boots)
        total, calib, aps, rest, before = (statistics.median(b[1][i] for b in boots)
                                           for i in range(5))
        print("| %d | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f |" % (
            smp, wall * 1000, total / 1000, calib / 1000, aps / 1000, rest / 1000,
            before / 1000), flush=True)
    return status

