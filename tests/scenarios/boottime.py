"""The boot line (kernel/boot/boot_time.c): present once, before init's
first output, and its parts add up.  These are invariants, not speeds: the
time itself is measured by `make bench` (tools/boot-time).  Under -icount:
on a loaded host the vCPU can be descheduled between a calibration
window's first TSC read and its PIT read, so every window measures long
and the calibrated TSC rate comes out high (`make test LOAD=2` once saw
the 60 ms of windows reported as 53 ms); with guest time counted in
instructions, the host cannot stretch a window."""
import re
from scenario import Scenario, user_elf, ICOUNT

BOOT_LINE = (r"^nickel: boot: first kernel instruction to init took (\d+) us \(tsc\): "
             r"calibration (\d+) us, APs (\d+) us, rest (\d+) us; before the kernel "
             r"(\d+) us \(tsc since reset\)$")
# The TSC is calibrated in 3 windows of 2 ms of the PIT, and the LAPIC timer
# in 3 windows of 1 ms of the TSC (arch/i386/tsc_calibrate.c, lapic.c):
# against the calibrated TSC the calibration cannot have taken less than
# those 9 ms (1 ms for rounding).
MIN_CALIBRATION_US = 8000
# ... and not much more: under -icount the host cannot stretch a window, and
# the windows plus the pair reads came to 9.0 ms (the 10 ms windows of
# before took 61 ms).
MAX_CALIBRATION_US = 15000


def boot_line_adds_up(smp):
    """One boot line; calibration + APs + rest = total; the calibration at
    least its 6 windows (9 ms) and at most 15 ms; APs 0 at 1 CPU, > 0 with more; the line before
    init's first output; the INIT-STARTUP waits named when there are APs."""
    def verify(log):
        lines = re.findall(BOOT_LINE, log, re.M)
        if len(lines) != 1:
            return ["%d boot lines, expected 1" % len(lines)]
        total, calib, aps, rest, before = (int(v) for v in lines[0])
        problems = []
        if calib + aps + rest != total:
            problems.append("calibration %d + APs %d + rest %d = %d us, expected the "
                            "total %d" % (calib, aps, rest, calib + aps + rest, total))
        if calib < MIN_CALIBRATION_US:
            problems.append("calibration %d us, expected >= %d (windows of 3 x 2 + 3 x 1 ms)"
                            % (calib, MIN_CALIBRATION_US))
        if calib > MAX_CALIBRATION_US:
            problems.append("calibration %d us, expected <= %d (its 9 ms of windows, "
                            "and the pair reads)" % (calib, MAX_CALIBRATION_US))
        if (aps > 0) != (smp > 1):
            problems.append("APs %d us at %d CPUs, expected %s" % (
                aps, smp, "> 0" if smp > 1 else "0"))
        if before <= 0:
            problems.append("before the kernel %d us, expected > 0 (the TSC counts "
                            "from reset)" % before)
        if log.find("nickel: boot: ") > log.find("hello from ring 3"):
            problems.append("the boot line comes after init's first output")
        if smp > 1 and not re.search(r"^nickel: smp: INIT-STARTUP waits \d+ us and \d+ us",
                                     log, re.M):
            problems.append("no line naming the INIT-STARTUP waits")
        return problems
    return verify


SCENARIOS = [
    Scenario("boottime-line-parts-add-up-smp-1", args="init=hello run=5", smp=1, mem=32,
             modules=[user_elf("hello")], qemu_flags=ICOUNT,
             expect=[r"^hello from ring 3", r"power off \(status=0\)"],
             verify=boot_line_adds_up(1), timeout=60),
    Scenario("boottime-line-parts-add-up-smp-4", args="init=hello run=5", smp=4, mem=32,
             modules=[user_elf("hello")], qemu_flags=ICOUNT,
             expect=[r"^hello from ring 3", r"power off \(status=0\)"],
             forbid=[r"did not answer \(apic id", r"APIC error"],
             verify=boot_line_adds_up(4), timeout=60),
]
