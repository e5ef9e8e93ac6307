"""A second emulator: Bochs 2.7 (Debian's build has SMP and x2APIC), through
tools/nickel-bochs.  The ISO of `make iso` boots with 2 CPUs; an Ice
Lake-class CPU model with apic=x2 brings both CPUs up in x2APIC mode (QEMU
7.2's TCG has no x2APIC, so this is where that path runs) and powers off
by ACPI S5 (Bochs has no debug-exit device)."""
from scenario import Scenario

BANNER = r"^nickel \S+ \(policy=\w+, cpus=2, "

SCENARIOS = [
    Scenario("bochs-boots-the-iso-with-2-cpus", iso=True, smp=2, mem=64,
             emulator="bochs", expect=[BANNER, r"^nickel: cpu 1 online \(apic id 1\)"],
             forbid=[r"did not answer", r"x2APIC mode"],
             stop_when_expected=True, exit_code=124, timeout=240),
    Scenario("bochs-icelake-apic-x2-brings-both-cpus-up-in-x2apic-mode",
             args="demo=none stats=1000 run=2 apic=x2", smp=2, mem=64, emulator="bochs",
             qemu_flags="--cpu corei7_icelake_u",
             expect=[BANNER,
                     r"^nickel: lapic: x2APIC mode \(MSR interface\), turned on by apic=x2$",
                     r"^nickel: cpu 1 online \(apic id 1\)$",
                     r"^nickel: smp: 2 of 2 CPUs in x2APIC mode$",
                     r"^nickel: power off through ACPI S5 \(PM1a 0xb004, SLP_TYP 0\)$"],
             forbid=[r"did not answer", r"APIC error", r"not delivered"], timeout=240),
]
