"""record scenarios: the end of a run's record is whole.

The final stat dump is what the lab's tables read, so nothing may cut it:
no other stat dump may start once the run is ending, and the one a stats
thread is printing when the end comes is finished before the final one.
Provoked on purpose: 16 CPUs, a stats thread on the last CPU dumping
every 10 ms, each dump stopping 200 ms after its cpu rows (dumpdelay=200,
as a slow line or a host that stops that vCPU would), so that the run's
end always finds one under way, and busyhost=1 (late, bursty ticks).
Without the fix the periodic dump that waited for the final one was cut
by the power-off."""
from lib import nickel_log as L
from scenario import Scenario

CPUS = 16


def record_whole(log):
    """Every stat dump is whole (16 cpu rows, the `=== end`), the last one
    is the final dump of the run's end (uptime >= 2000 ms) and nothing but
    the closing lines comes after it."""
    try:
        dumps = L.stat_dumps(log)
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
    stray = [l for l in tail if l.strip() and not l.startswith("nickel: ")]
    if stray:
        problems.append("after the final dump: %r" % stray[:3])
    if not any(l.startswith("nickel: power off") for l in tail):
        problems.append("no 'nickel: power off' after the final dump")
    return problems


SCENARIOS = [
    Scenario("record-final-dump-whole-cpus-16-stats-10ms-busyhost",
             args="demo=none stats=10 run=2 busyhost=1 dumpdelay=200", smp=CPUS, mem=32,
             verify=record_whole, timeout=180),
]
