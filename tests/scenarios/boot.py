"""Boot base scenarios: banner, memory, arguments, panics, ISO."""
import re
from scenario import Scenario

BANNER = r"^nickel \S+ \(policy=(nick|o1|rr|mine), cpus=\d+, mem=%d MiB\)"


def memory_summary(mib):
    """The banner says mem=MIB and free_pages is plausible for that size."""
    def verify(log):
        m = re.search(r"nickel: memory: (\d+) MiB, free_pages=(\d+)", log)
        if not m:
            return ["no memory summary line"]
        free = int(m.group(2))
        total = mib * 256                      # 4 KiB pages
        # Reserved: first MiB (256), the kernel image and boot data (< 2 MiB).
        if not (total - 1024 <= free <= total - 256):
            return ["free_pages=%d not within [%d, %d] for %d MiB"
                    % (free, total - 1024, total - 256, mib)]
        return []
    return verify


def crash(name, kind, exception, function):
    return Scenario(
        name, args="crash=%s" % kind, exit_code=1,
        allow_panic=True,
        expect=[r"PANIC on cpu 0: %s" % exception, r"^backtrace:",
                r"\] %s\+0x" % function, r"eip=[0-9a-f]{8}", r"cr2="],
        timeout=120)


def memory(name, mib):
    return Scenario(name, args="run=1", mem=mib, expect=[BANNER % mib],
                    verify=memory_summary(mib), timeout=120)


SCENARIOS = [
    memory("boot-mem-32", 32),
    memory("boot-mem-128", 128),
    memory("boot-mem-512", 512),
    Scenario("boot-run2-powers-off-healthy", args="run=2",
             expect=[r"nickel: power off \(status=0\)"], timeout=120),
    Scenario("boot-bad-arguments-reported-boot-continues",
             args="policy=bogus hogs=-3 nosuch=1 nice= run=1",
             expect=[r"nickel: bad argument 'policy=bogus': must be one of",
                     r"nickel: bad argument 'hogs=-3': out of range",
                     r"nickel: bad argument 'nosuch=1': unknown key",
                     r"nickel: bad argument 'nice=': empty value",
                     BANNER.replace("(nick|o1|rr|mine)", "nick") % 32,
                     r"power off \(status=0\)"], timeout=120),
    Scenario("boot-selftest-pmm-heap-wait-and-task-refs", args="selftest=1 run=1", mem=64,
             expect=[r"pmm self-test passed: allocated and freed (\d+) pages",
                     r"heap self-test passed",
                     r"wait self-test passed: completion after (2\d|[3-9]\d) ms",
                     r"refs self-test passed: a referenced task outlived its reaping"],
             forbid=[r"self-test FAILED"], timeout=120),
    crash("boot-crash-ud", "ud", "invalid opcode", "crash_invalid_opcode"),
    crash("boot-crash-pf", "pf", "page fault", "crash_page_fault"),
    crash("boot-crash-gp", "gp", "general protection fault", "crash_general_protection"),
    crash("boot-crash-de", "de", "divide error", "crash_divide_error"),
    Scenario("boot-iso-under-cdrom", iso=True, mem=64,
             keys=[(r"executed automatically|Use the", "\r")],
             expect=[r"nickel \S+ \(policy=nick"], exit_code=124,
             stop_when_expected=True, timeout=150),
    Scenario("boot-smp4-boots", args="run=1", smp=4,
             expect=[r"^nickel \S+ \(policy=nick, cpus=\d+"], timeout=120),
]
