"""The platform of today's PCs, under QEMU: no PIT (jiffies from CPU 0's
local APIC timer, calibrated against the ACPI PM timer), power-off by ACPI
S5 without QEMU's debug-exit device, reboot=1 through the ACPI reset
register or port 0xCF9, no i8042 keyboard controller, and the
apic= argument where the CPU has no x2APIC (QEMU 7.2's TCG offers none:
x2APIC mode itself is tested under Bochs, tests/scenarios/bochs.py)."""
import importlib.util
import os
import re
from lib.traces import nickel_log as L
from scenario import Scenario

_spec = importlib.util.spec_from_file_location(
    "smp_scenarios", os.path.join(os.path.dirname(os.path.abspath(__file__)), "smp.py"))
_smp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_smp)

BANNER = r"^nickel \S+ \(policy=\w+, cpus=%d, "


def jiffies_from_lapic(n):
    """No PIT: the TSC and the LAPIC timer measured against the PM timer
    (62500 ticks per ms, QEMU's 1 GHz APIC clock / 16, within 2%), every CPU
    online and ticking once per jiffy, and jiffies advancing: the last dump
    (at run=3) at 3000 ms of uptime, as with the PIT."""
    online = _smp.all_online(n)

    def verify(log):
        problems = online(log)
        m = re.search(r"^nickel: lapic: timer (\d+) ticks per ms .* against the ACPI PM timer",
                      log, re.M)
        if not m:
            problems.append("no LAPIC calibration against the ACPI PM timer")
        dumps = L.stat_dumps(log)
        if dumps and not 2990 <= dumps[-1]["uptime_ms"] <= 3010:
            problems.append("last dump at uptime_ms=%d, expected 3000 (run=3)"
                            % dumps[-1]["uptime_ms"])
        return problems
    return verify


def stat_dumps_at_least(n):
    def verify(log):
        got = len(L.stat_dumps(log))
        return [] if got >= n else ["%d stat dumps, expected >= %d (s typed + final)" % (got, n)]
    return verify


NO_PIT = [r"^nickel: timer: PIT channel 2 does not count; the TSC waits for the ACPI PM timer$",
          r"^nickel: timer: TSC \d+ kHz, calibrated against the ACPI PM timer$",
          r"^nickel: timer: IRQ 0 did not tick in 50 ms \(no PIT\?\); jiffies come from "
          r"CPU 0's local APIC timer$"]

SCENARIOS = [
    Scenario("platform-no-pit-smp2-jiffies-from-cpu0-lapic-timer-via-pm-timer",
             args="demo=none stats=500 run=3 check=1", smp=2, mem=32,
             qemu_flags="-machine pc,pit=off", expect=[BANNER % 2] + NO_PIT,
             forbid=[r"did not answer", r"jiffies stopped"],
             verify=jiffies_from_lapic(2), timeout=150),
    Scenario("platform-pit-present-keeps-pit-jiffies",
             args="demo=none run=1", smp=2, mem=32, expect=[BANNER % 2,
             r"^nickel: lapic: timer \d+ ticks per ms .* against the PIT \("],
             forbid=[r"IRQ 0 did not tick", r"channel 2 does not count"], timeout=90),
    Scenario("platform-acpi-s5-powers-off-pc-without-debug-exit",
             args="demo=none run=1", smp=2, mem=32, debug_exit=False,
             expect=[r"^nickel: acpi: \\_S5 SLP_TYP a=0 b=0",
                     r"^nickel: power off through ACPI S5 \(PM1a 0x604, SLP_TYP 0\)$"],
             forbid=[r"did not switch the machine off", r"safe to turn off",
                     r"keyboard: no i8042"], timeout=90),
    Scenario("platform-acpi-s5-powers-off-q35-without-debug-exit",
             args="demo=none run=1", smp=2, mem=32, machine="q35", debug_exit=False,
             expect=[r"^nickel: power off through ACPI S5 \(PM1a 0x604, SLP_TYP 0\)$"],
             forbid=[r"did not switch the machine off", r"safe to turn off"], timeout=90),
    # reboot=1: QEMU (-no-reboot) exits 0 on the reset, which the wrapper
    # reports as 2, "ended without nickel's power-off".
    Scenario("platform-reboot-1-restarts-q35-through-the-acpi-reset-register",
             args="demo=none run=1 reboot=1", smp=1, mem=32, machine="q35", exit_code=2,
             expect=[r"^nickel: reboot through the ACPI reset register \(I/O 0xcf9 <- 0xf\)$"],
             forbid=[r"reboot through port", r"power off \(status"], timeout=90),
    Scenario("platform-reboot-1-restarts-pc-through-port-cf9",
             args="demo=none run=1 reboot=1", smp=1, mem=32, exit_code=2,
             expect=[r"^nickel: reboot through port 0xCF9$"],
             forbid=[r"reboot through the (ACPI|keyboard)", r"power off \(status"],
             timeout=90),
    Scenario("platform-no-i8042-says-so-and-serial-keys-still-work",
             args="demo=none run=4", smp=1, mem=32, qemu_flags="-machine pc,i8042=off",
             expect=[r"^nickel: keyboard: no i8042 \(nothing at port 0x64\); keys on the "
                     r"serial console only$"],
             keys=[(r"^nickel \S+ \(policy", "s")],
             verify=stat_dumps_at_least(2), timeout=90),
    Scenario("platform-apic-x2-without-cpu-support-falls-back-to-xapic-smp2",
             args="demo=none stats=500 run=2 apic=x2", smp=2, mem=32,
             expect=[BANNER % 2, r"^nickel: lapic: apic=x2: this CPU has no x2APIC "
                     r"\(CPUID\.1:ECX bit 21\); using xAPIC$",
                     r"^nickel: cpu 1 online \(apic id 1\)$"],
             forbid=[r"x2APIC mode \(MSR"], timeout=120),
    Scenario("platform-bad-apic-value-is-one-line-and-boot-goes-on",
             args="demo=none run=1 apic=x2apic", smp=2, mem=32,
             expect=[BANNER % 2, r"^nickel: bad argument 'apic=x2apic': must be one of: "
                     r"auto x2 xapic$", r"^nickel: cpu 1 online"], timeout=90),
]
