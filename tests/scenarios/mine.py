"""Policy mine (kernel/sched/mine.c) booted for real: 4 hogs on 2 CPUs with
check=1, and the `r` key's cycle nick -> o1 -> rr -> mine -> cfs -> eevdf.  These
hold for any fair policy in the slot (the round robin of the handout too);
the teacher's own numbers are in mine_solution.py."""
from lib.traces import nickel_log as L
from scenario import Scenario


def hogs_of(dump):
    return sorted((t for t in dump.tasks if t["name"] == "hog"), key=lambda t: t["pid"])


def every_hog_runs_half_a_cpu(log, start_ms=4000, nhogs=4):
    """4 hogs on 2 CPUs: between the first dump at >= start_ms (balanced by
    then) and the last, each hog gets 50 +- 10 % of one CPU."""
    dumps = [d for d in L.stat_dumps(log) if d["uptime_ms"] >= start_ms]
    if len(dumps) < 2:
        return ["need 2 stat dumps after %d ms, got %d" % (start_ms, len(dumps))]
    first, last = dumps[0], dumps[-1]
    hogs = hogs_of(last)
    problems = []
    if last["policy"] != "mine" or any(h["policy"] != "mine" for h in hogs):
        problems.append("policy %s, hogs %s: expected mine"
                        % (last["policy"], [h["policy"] for h in hogs]))
    if len(hogs) != nhogs:
        return problems + ["%d hogs in the last dump, expected %d" % (len(hogs), nhogs)]
    got = L.shares(first, last)
    for h in hogs:
        if not 40.0 <= got[h["pid"]] <= 60.0:
            problems.append("hog pid %d: expected 50 +- 10 %% of a CPU, got %.1f"
                            % (h["pid"], got[h["pid"]]))
    return problems


def switched_into_mine(log):
    """The dump typed right after `rr -> mine`: header and every task say
    mine, and each hog (nice 0, no sleep credit) sits at prio 120 with a
    100 ms slice (nick would say 130, o1 125, rr 120 with slice 100 but
    policy rr)."""
    dumps = L.stat_dumps(log[log.index("policy rr -> mine"):])
    if not dumps:
        return ["no stat dump after the switch to mine"]
    d = dumps[0]
    problems = []
    if d["policy"] != "mine":
        problems.append("dump policy %s, expected mine" % d["policy"])
    for h in hogs_of(d):
        if (h["policy"], h["prio"], h["timeslice"]) != ("mine", 120, 100):
            problems.append("hog pid %d: policy %s prio %s timeslice %s, expected mine "
                            "120 100" % (h["pid"], h["policy"], h["prio"], h["timeslice"]))
    if len(hogs_of(d)) != 2:
        problems.append("%d hogs in the dump, expected 2" % len(hogs_of(d)))
    return problems


CYCLE_KEYS = [
    (r"demo hogs: 2 hogs", "r"),
    (r"policy rr -> mine", "s"),
    (r"=== end", "r"),
    (r"policy mine -> cfs", "h"),
]

SCENARIOS = [
    Scenario("mine-4-hogs-smp2-each-half-a-cpu",
             args="policy=mine demo=hogs hogs=4 stats=2000 run=14 check=1", smp=2,
             expect=[r"policy=mine, cpus=2", r"demo hogs: 4 hogs"],
             verify=every_hog_runs_half_a_cpu, timeout=240),
    Scenario("mine-r-key-cycles-rr-mine-cfs",
             args="policy=rr demo=hogs hogs=2 run=10 check=1", smp=2, keys=CYCLE_KEYS,
             expect=[r"policy rr -> mine", r"policy mine -> cfs",
                     r"nickel keys: .*\(nick -> o1 -> rr -> mine -> cfs -> eevdf\)"],
             verify=switched_into_mine, timeout=150),
]
