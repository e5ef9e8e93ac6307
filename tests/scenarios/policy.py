"""Policy scenarios on the policy interface (kernel/sched/policy.h): the
hog shares of cfs and eevdf follow Linux's weight table (cfs also after
the `r` key switched to it live, then on to eevdf), and the watchdog
ejects a policy that starves a task (policy starve), every task going on
under nick."""
import re
from lib.traces import nickel_log as L
from scenario import Scenario
from shares import share_table
from lib.lab.weights import weight_shares

TOLERANCE = 2.0      # percentage points, per hog


def fair_scenario(name, nices, policy="cfs"):
    """Hogs of the nice mix on one CPU under cfs or eevdf: shares within
    TOLERANCE of the weight table, with check=1."""
    return Scenario(
        name,
        args="policy=%s demo=nice nice=%s stats=5000 run=21 check=1"
             % (policy, ",".join(map(str, nices))),
        smp=1, expect=[r"demo nice: %d hogs" % len(nices)],
        verify=share_table(policy, nices, weight_shares(nices), TOLERANCE), timeout=200)


ROTATION_NICES = (0, 5)


def r_key_into_cfs_and_out(log):
    """`r` under mine gave cfs, a later `r` eevdf (the help line names
    the cycle); every dump between the two is cfs's, its hogs all cfs tasks,
    and their shares from the first to the last of those dumps follow the
    weight table within TOLERANCE."""
    problems = []
    cycle = "nick -> o1 -> rr -> mine -> cfs -> eevdf"
    if not re.search(r"nickel keys: .*\(%s\)" % cycle, log):
        problems.append("the help line does not name the cycle %s" % cycle)
    if "policy mine -> cfs" not in log or "policy cfs -> eevdf" not in log:
        return problems + ["expected 'policy mine -> cfs' then 'policy cfs -> eevdf'"]
    during = log[log.index("policy mine -> cfs"):log.index("policy cfs -> eevdf")]
    dumps = L.stat_dumps(during)
    after = L.stat_dumps(log[log.index("policy cfs -> eevdf"):])
    if len(dumps) < 3:
        return problems + ["%d stat dumps under cfs, expected >= 3" % len(dumps)]
    if not after or after[-1]["policy"] != "eevdf":
        problems.append("the last dump after 'cfs -> eevdf' is not eevdf's")
    for d in dumps:
        odd = [t["pid"] for t in d.tasks if t["name"] == "hog" and t["policy"] != "cfs"]
        if d["policy"] != "cfs" or odd:
            problems.append("dump at %d ms: policy %s, hogs %s not cfs"
                            % (d["uptime_ms"], d["policy"], odd))
    return problems + share_table("cfs", ROTATION_NICES, weight_shares(ROTATION_NICES),
                                  TOLERANCE)(during)


EJECT = (r"sched: watchdog: policy starve left pid (\d+) \((\S+)\) runnable and unrun "
         r"for (\d+) ms on CPU 0: every task goes on under nick")


def starved_task_runs_under_nick(log):
    """One ejection naming a hog and a wait of 2..3 s (watchdog=2000: two
    looks a second apart); the dump follows; then the last stat dump is
    nick's and the starved hog ran."""
    found = re.findall(EJECT, log)
    if len(found) != 1:
        return ["expected one ejection line, found %d" % len(found)]
    pid, name, waited = int(found[0][0]), found[0][1], int(found[0][2])
    problems = []
    if name != "hog":
        problems.append("the starved task is %s, expected a hog" % name)
    if not 2000 <= waited <= 3100:
        problems.append("waited %d ms, expected 2000..3100" % waited)
    after = log[log.index("sched: watchdog:"):]
    if not re.search(r"sched: cpu id=0 nr_running=\d+", after):
        problems.append("no per-CPU dump after the ejection line")
    if not re.search(r"sched: task pid=%d name=hog .*state=R policy=starve" % pid, after):
        problems.append("no per-task dump line for the starved pid %d" % pid)
    dumps = L.stat_dumps(log)
    if not dumps or dumps[-1]["policy"] != "nick":
        problems.append("last stat dump's policy is %s, expected nick" %
                        (dumps[-1]["policy"] if dumps else "none"))
    elif dumps[-1].task(pid=pid) is None or dumps[-1].task(pid=pid)["run_ms"] < 1000:
        problems.append("starved pid %d did not run under nick" % pid)
    return problems


def starve_never_picks(log):
    """watchdog=0: no ejection, and the newest hog has run 0 ms."""
    if re.search(r"sched: watchdog:", log):
        return ["watchdog=0 but the policy was ejected"]
    dumps = L.stat_dumps(log)
    if not dumps:
        return ["no stat dump"]
    hogs = sorted((t for t in dumps[-1].tasks if t["name"] == "hog"), key=lambda t: t["pid"])
    if len(hogs) != 3 or hogs[-1]["run_ms"] != 0 or hogs[0]["run_ms"] == 0:
        return ["expected 3 hogs, the newest at run_ms=0: %s" %
                [(t["pid"], t["run_ms"]) for t in hogs]]
    return []


SCENARIOS = [
    fair_scenario("policy-cfs-shares-follow-weights-nice-0-5-10-19", (0, 5, 10, 19)),
    fair_scenario("policy-cfs-shares-follow-weights-nice-minus3-0-2", (-3, 0, 2)),
    fair_scenario("policy-eevdf-shares-follow-weights-nice-0-minus5-10", (0, -5, 10), "eevdf"),
    Scenario("policy-r-key-switches-mine-to-cfs-shares-follow-weights-then-eevdf",
             args="policy=mine demo=nice nice=0,5 stats=3000 run=20 check=1", smp=1,
             keys=[(r"demo nice: 2 hogs", "r"), (r"policy mine -> cfs", "h"),
                   (r"uptime_ms=1[5-9]\d\d\d ", "r")],
             expect=[r"policy mine -> cfs", r"policy cfs -> eevdf"],
             verify=r_key_into_cfs_and_out, timeout=200),
    Scenario("policy-watchdog-ejects-a-policy-that-starves-a-task",
             args="policy=starve demo=hogs hogs=3 watchdog=2000 stats=2500 run=8 check=1",
             smp=1, expect=[r"demo hogs: 3 hogs", EJECT],
             verify=starved_task_runs_under_nick, timeout=150),
    Scenario("policy-starve-without-watchdog-starves-its-newest-hog",
             args="policy=starve demo=hogs hogs=3 watchdog=0 stats=2500 run=6 check=1",
             smp=1, expect=[r"demo hogs: 3 hogs"],
             verify=starve_never_picks, timeout=150),
]
