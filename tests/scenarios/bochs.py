"""A second emulator: Bochs 2.7 (Debian's build has SMP and x2APIC), through
tools/nickel-bochs.  The ISO of `make iso` boots with 2 CPUs; an Ice
Lake-class CPU model with apic=x2 brings 2 and 4 CPUs up in x2APIC mode (QEMU
7.2's TCG has no x2APIC, so this is where that path runs) and powers off
by ACPI S5 (Bochs has no debug-exit device)."""
from lib.traces import nickel_log as L
from scenario import Scenario

BANNER = r"^nickel \S+ \(policy=\w+, cpus=%d, "


def every_cpu_ticks(n):
    """The last stat dump lists n CPUs and each AP's idle time grew between
    the two dumps (its timer, set up in x2APIC mode, interrupts it)."""
    def verify(log):
        dumps = L.stat_dumps(log)
        if len(dumps) < 2 or len(dumps[-1].cpus) != n:
            return ["need 2 stat dumps with %d cpu lines" % n]
        first, last = dumps[0], dumps[-1]
        return ["cpu %d: idle_ms did not grow (%d -> %d)" % (c, first.cpus[c]["idle_ms"],
                                                           last.cpus[c]["idle_ms"])
                for c in range(1, n)
                if last.cpus[c]["idle_ms"] <= first.cpus[c]["idle_ms"]]
    return verify


def x2apic(name, n):
    return Scenario(
        name,
        args="demo=none stats=1000 run=2 apic=x2", smp=n, mem=64, emulator="bochs",
        qemu_flags="--cpu corei7_icelake_u",
        expect=[BANNER % n,
                r"^nickel: lapic: x2APIC mode \(MSR interface\), turned on by apic=x2$",
                r"^nickel: cpu %d online \(apic id %d\)$" % (n - 1, n - 1),
                r"^nickel: smp: %d of %d CPUs in x2APIC mode$" % (n, n),
                r"^nickel: power off through ACPI S5 \(PM1a 0xb004, SLP_TYP 0\)$"],
        forbid=[r"did not answer", r"APIC error", r"not delivered"],
        verify=every_cpu_ticks(n), timeout=240)


SCENARIOS = [
    Scenario("bochs-boots-the-iso-with-2-cpus", iso=True, smp=2, mem=64,
             emulator="bochs", expect=[BANNER % 2, r"^nickel: cpu 1 online \(apic id 1\)"],
             forbid=[r"did not answer", r"x2APIC mode"],
             stop_when_expected=True, exit_code=124, timeout=240),
    x2apic("bochs-icelake-apic-x2-brings-all-2-cpus-up-in-x2apic-mode", 2),
    x2apic("bochs-icelake-apic-x2-brings-all-4-cpus-up-in-x2apic-mode", 4),
]
