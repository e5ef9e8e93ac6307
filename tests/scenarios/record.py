"""record scenarios: the end of a run's record is whole.

The final stat dump is what the lab's tables read, so nothing may cut it:
no other stat dump may start once the run is ending, and the one a stats
thread is printing when the end comes is finished before the final one.
Provoked on purpose: 16 CPUs, a stats thread on CPU 1 dumping
every 10 ms, each dump stopping 200 ms after its cpu rows (dumpdelay=200,
as a slow line or a host that stops that vCPU would), so that the run's
end always finds one under way, busyhost=1 (late, bursty ticks), and
trace=1, whose dump after the final one gives a dump that started late
the time to print.
Without the fix the periodic dump that waited for the final one was cut
by the power-off.  A panic (crash=late, on the last CPU) likewise lets the
dump CPU 1 is printing finish before it stops the CPUs."""
from lib.traces import nickel_log as L
from scenario import Scenario

CPUS = 16


def record_whole(log):
    """Every stat dump is whole (16 cpu rows, the `=== end`), the last one
    is the final dump of the run's end (uptime >= 2000 ms), and after it
    come only its trace (whole, trace=1) and the closing lines."""
    try:
        dumps = L.stat_dumps(log)
        L.trace_events(log)
    except L.LogError as e:
        return ["%s" % e]
    if len(dumps) < 5:       # one every 10 + 200 ms (dumpdelay) over 2 s
        return ["only %d stat dumps: not provoking" % len(dumps)]
    problems = ["dump %d has %d cpu rows, expected %d" % (i, len(d.cpus), CPUS)
                for i, d in enumerate(dumps) if len(d.cpus) != CPUS]
    if dumps[-1]["uptime_ms"] < 2000:
        problems.append("last dump at uptime_ms=%d, expected the final one (>= 2000)"
                        % dumps[-1]["uptime_ms"])
    tail = log[log.rindex("=== end"):].splitlines()[1:]
    if not tail or not tail[0].startswith("# tracer"):
        problems.append("the final dump is not followed by its trace: %r" % tail[:1])
    stray = [l for l in tail if l.startswith(("=== ", "cpu id=", "task pid="))]
    if stray:
        problems.append("stat dump lines after the final dump: %r" % stray[:3])
    if not any(l.startswith("nickel: power off") for l in tail):
        problems.append("no 'nickel: power off' after the final dump")
    return problems


def panic_after_whole_dumps(log):
    """Every stat dump is whole and the panic report comes after the last."""
    try:
        dumps = L.stat_dumps(log)
    except L.LogError as e:
        return ["%s" % e]
    if not dumps:
        return ["no stat dump before the panic: not provoking"]
    problems = ["dump %d has %d cpu rows, expected 4" % (i, len(d.cpus))
                for i, d in enumerate(dumps) if len(d.cpus) != 4]
    if log.rfind("=== end") > log.find("PANIC on cpu"):
        problems.append("a stat dump ends after the panic report began")
    return problems


SCENARIOS = [
    Scenario("record-final-dump-whole-cpus-16-stats-10ms-busyhost",
             args="demo=none stats=10 run=2 busyhost=1 dumpdelay=200 trace=1", smp=CPUS, mem=32,
             verify=record_whole, timeout=180),
    Scenario("record-panic-lets-cpu1s-dump-finish-smp4-stats-10ms",
             args="demo=none crash=late stats=10 dumpdelay=200", smp=4, mem=32,
             exit_code=1, allow_panic=True, expect=[r"PANIC on cpu 3: crash=late"],
             forbid=[r"did not stop"], verify=panic_after_whole_dumps, timeout=120),
]
