"""Self-checks, the soft-lockup watchdog and the stop IPI.

docs/selfcheck.md describes what each check looks at."""
import os
import re
from scenario import Scenario, ROOT, ALWAYS_FORBID

DESKTOP = [os.path.join(ROOT, "build", "user", p + ".elf")
           for p in ("desktop", "xserver", "xclient", "audio", "video", "hog")]

LOCKUP = r"^nickel: soft lockup on cpu (\d+): stuck for (\d+)ms in (\S+) \(pid (\d+)\)"


def allow_lockup(sc):
    """This scenario triggers the watchdog on purpose: only it may print it."""
    sc.forbid = [p for p in sc.forbid if p != r"soft lockup"]
    return sc


def lockup_once(cpu):
    def verify(log):
        hits = re.findall(LOCKUP, log, re.M)
        problems = []
        if len(hits) != 1:
            return ["expected 1 soft lockup warning, got %d" % len(hits)]
        c, ms, name, _ = hits[0]
        if int(c) != cpu or name != "hang":
            problems.append("warning names cpu %s task %s, expected cpu %d task hang"
                            % (c, name, cpu))
        if not 5000 <= int(ms) <= 7000:
            problems.append("stuck for %s ms, expected 5000..7000" % ms)
        after = log[log.index("soft lockup"):]
        if not re.search(r"^  \[<[0-9a-f]{8}>\] crash_hang_spin\+0x", after, re.M):
            problems.append("backtrace does not name crash_hang_spin")
        if after.find("crash_hang_spin") > after.find("let go"):
            problems.append("backtrace printed after the CPU let go")
        return problems
    return verify


def pages_add_up(log):
    """The first page check's line: free + every owner == total."""
    m = re.search(r"^nickel: selfcheck: pages ok: (.*) total=(\d+)$", log, re.M)
    if not m:
        return ["no selfcheck pages line"]
    parts = dict(kv.split("=") for kv in m.group(1).split())
    used = sum(int(v) for k, v in parts.items() if k != "free")
    problems = []
    if int(parts["free"]) + used != int(m.group(2)):
        problems.append("free %s + used %d != total %s" % (parts["free"], used, m.group(2)))
    for owner in ("heap", "kstack", "pgtable", "user"):
        if int(parts.get(owner, 0)) <= 0:
            problems.append("no pages charged to %s: %s" % (owner, m.group(0)))
    return problems


def stopped_once(ncpus):
    """One panic, every other CPU stopped, and nothing but the panic's own
    lines from the panic to the power-off (no interleaved output)."""
    def verify(log):
        panics = re.findall(r"PANIC on cpu (\d+)", log)
        if len(panics) != 1:
            return ["expected 1 PANIC line, got %d" % len(panics)]
        me = int(panics[0])
        problems = []
        if me == 0:
            problems.append("crash=late panicked on the boot CPU")
        tail = log[log.index("nickel: PANIC"):].splitlines()
        stopped = set()
        for line in tail[1:]:
            m = re.match(r"^nickel: cpu (\d+) stopped$", line)
            if m:
                stopped.add(int(m.group(1)))
            elif not re.match(r"^(backtrace:|  \[<[0-9a-f]{8}>\] \S+|"
                              r"nickel: power off \(status=1\)|"
                              r"nickel: it is now safe.*|)$", line):
                problems.append("stray line after the panic: %r" % line)
        want = set(range(ncpus)) - {me}
        if stopped != want:
            problems.append("stopped cpus %s, expected %s" % (sorted(stopped), sorted(want)))
        return problems
    return verify


# check=1's kernel/diag/check_sleepers.c: crash=sleep puts a kernel thread in a 10 ms
# nanosleep whose timer is set for 2 s.  It must be reported once, with the
# function it sleeps in and a backtrace through it, and then wake as its
# wrong timer says.  It is reported at the first check (every 500 ms) at
# which both the ticks and the TSC say it is over 100 ms late, so the report
# (in ticks) comes 101..600 ms late, plus however far the two clocks drifted
# apart on a host that ran the guest late (the last stat dump's jiffies
# against its tsc_ms), plus one tick of slack (docs/time.md).
OVERDUE = re.compile(r"^nickel: overdue timer: pid (\d+) \(sleep\) due (\d+) ms ago, "
                     r"state S, asleep in (\S+)$", re.M)


def overdue_reported_once(log):
    hits = OVERDUE.findall(log)
    if len(hits) != 1:
        return ["overdue reports of the sleep thread: expected 1, got %d" % len(hits)]
    _, late_ms, where = hits[0]
    problems = []
    dumps = re.findall(r"^=== stats jiffies=(\d+) .* tsc_ms=(\d+)$", log, re.M)
    drift = abs(int(dumps[-1][1]) - int(dumps[-1][0])) if dumps else 0
    most = 100 + 500 + drift + 1
    if not 100 < int(late_ms) <= most:
        problems.append("reported %s ms late: expected 101..%d (clocks %d ms apart)"
                        % (late_ms, most, drift))
    if where != "oversleep":
        problems.append("asleep in %s: expected oversleep" % where)
    after = log[log.index("overdue timer"):]
    if not re.search(r"^backtrace:\n(  \[<[0-9a-f]+>\] .*\n)*  \[<[0-9a-f]+>\] oversleep\+",
                     after, re.M):
        problems.append("no backtrace through oversleep after the report")
    return problems


def overdue_sleeper(name, smp):
    return Scenario(name, args="demo=none check=1 crash=sleep run=4", smp=smp, mem=32,
                    expect=[r"nickel: crash=sleep: woke after 2 s", r"power off \(status=0\)"],
                    verify=overdue_reported_once, timeout=120)


# check=1's tick check of the page directory a CPU runs on
# (kernel/diag/check.c).  A CPU left on a freed page directory runs on
# until the frame is reused; once the kernel half is overwritten the CPU
# cannot read the IDT and triple-faults, which not even the double-fault
# task can report (docs/robustness.md).  So at every tick CR3 must be the
# kernel's directory or a frame owned by `pgtable` whose kernel half
# matches.  crash=cr3 runs a kernel thread on the last CPU for 1.5 s on a
# directory it has just freed.
FREED_CR3 = (r"^nickel: invariant failed on cpu 1: cr3 0x[0-9a-f]+ is not a page "
             r"directory: its frame is owned by nobody \(refs 0\)$")


SCENARIOS = [
    allow_lockup(Scenario(
        "selfcheck-soft-lockup-cpu1-irqs-off-reported-once-by-neighbour",
        args="demo=hogs hogs=2 check=1 crash=hang run=12", smp=2, mem=32,
        expect=[r"crash=hang: cpu 1 spins", r"nickel: cpu 1 backtrace \(NMI(, late)?\)",
                r"crash=hang: cpu 1 let go", r"power off \(status=0\)"],
        verify=lockup_once(1), timeout=150)),
    allow_lockup(Scenario(
        "selfcheck-soft-lockup-1-cpu-preempt-off-reported-once-by-own-tick",
        args="demo=hogs hogs=1 check=1 crash=hang run=12", smp=1, mem=32,
        expect=[r"crash=hang: cpu 0 spins", r"crash=hang: cpu 0 let go",
                r"power off \(status=0\)"],
        verify=lockup_once(0), timeout=150)),
    allow_lockup(Scenario(
        "selfcheck-jiffies-stopped-cpu0-irqs-off-reported-by-cpu1",
        args="demo=hogs hogs=2 check=1 crash=hang0 run=14", smp=2, mem=32,
        expect=[r"crash=hang0: cpu 0 spins", r"^nickel: jiffies stopped: cpu 0 took no "
                r"timer interrupt for 2000ms of cpu 1$", r"nickel: cpu 0 backtrace \(NMI(, late)?\)",
                r"^  \[<[0-9a-f]{8}>\] crash_hang_timekeeper\+0x",
                r"crash=hang0: cpu 0 let go",
                # 7 s of 14 + 7 without ticks: about a third lost (more if loaded)
                r"^nickel: clock: ([3-9]\d)% of the timer ticks were lost \(jiffies 14\d{3} ms",
                r"power off \(status=0\)"],
        forbid=[r"jiffies stopped(.|\n)*jiffies stopped"], timeout=300)),
    Scenario("selfcheck-late-panic-smp4-prints-once-and-stops-every-cpu",
             args="demo=hogs check=1 crash=late run=20", smp=4, mem=32, exit_code=1,
             allow_panic=True, forbid=[r"invariant failed", r"soft lockup", r"did not stop"],
             expect=[r"PANIC on cpu 3: crash=late"], verify=stopped_once(4), timeout=120),
    Scenario("selfcheck-page-check-catches-a-reference-to-a-free-page",
             args="demo=none check=1 crash=pages run=3", mem=32,
             allow_panic=True, forbid=[r"PANIC", r"soft lockup"],
             expect=[r"crash=pages: took a reference to free page",
                     r"^nickel: invariant failed on cpu 0: pmm: free frame 0x[0-9a-f]+ "
                     r"has owner nobody refs 1$", r"power off \(status=0\)"], timeout=60),
    Scenario("selfcheck-page-accounting-adds-up-with-processes",
             args="init=desktop check=1 -- hogs=2 seconds=3", mem=32, smp=2,
             modules=DESKTOP,
             expect=[r"nickel: selfcheck: pages ok", r"nickel: init exited status=0"],
             verify=pages_add_up, timeout=150),
    overdue_sleeper("selfcheck-sleeper-past-its-deadline-reported-once-smp1", 1),
    overdue_sleeper("selfcheck-sleeper-past-its-deadline-reported-once-smp2", 2),
    Scenario("selfcheck-cpu1-on-a-freed-page-directory-reported-by-its-tick",
             args="demo=none check=1 crash=cr3 run=4", smp=2, mem=32, allow_panic=True,
             forbid=[p for p in ALWAYS_FORBID if p != r"invariant failed"],
             expect=[r"crash=cr3: cpu 1 runs on freed page directory", FREED_CR3,
                     r"crash=cr3: back on the kernel's page directory",
                     r"power off \(status=0\)"], timeout=90),
]
