"""Policy scenarios on the policy interface (kernel/sched/policy.h): cfs's
hog shares follow Linux's weight table, and the watchdog ejects a policy
that starves a task (policy starve), every task going on under nick."""
import re
from lib import nickel_log as L
from scenario import Scenario
from shares import share_table

# Linux's sched_prio_to_weight, nice -20..19 (the test's own copy).
WEIGHTS = [88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
           9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586, 1277,
           1024, 820, 655, 526, 423, 335, 272, 215, 172, 137,
           110, 87, 70, 56, 45, 36, 29, 23, 18, 15]
TOLERANCE = 2.0      # percentage points, per hog


def weight_shares(nices):
    w = [WEIGHTS[n + 20] for n in nices]
    return [100.0 * x / sum(w) for x in w]


def cfs_scenario(name, nices):
    return Scenario(
        name,
        args="policy=cfs demo=nice nice=%s stats=5000 run=21 check=1" % ",".join(map(str, nices)),
        smp=1, expect=[r"demo nice: %d hogs" % len(nices)],
        verify=share_table("cfs", nices, weight_shares(nices), TOLERANCE), timeout=200)


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
    cfs_scenario("policy-cfs-shares-follow-weights-nice-0-5-10-19", (0, 5, 10, 19)),
    cfs_scenario("policy-cfs-shares-follow-weights-nice-minus3-0-2", (-3, 0, 2)),
    Scenario("policy-watchdog-ejects-a-policy-that-starves-a-task",
             args="policy=starve demo=hogs hogs=3 watchdog=2000 stats=2500 run=8 check=1",
             smp=1, expect=[r"demo hogs: 3 hogs", EJECT],
             verify=starved_task_runs_under_nick, timeout=150),
    Scenario("policy-starve-without-watchdog-starves-its-newest-hog",
             args="policy=starve demo=hogs hogs=3 watchdog=0 stats=2500 run=6 check=1",
             smp=1, expect=[r"demo hogs: 3 hogs"],
             verify=starve_never_picks, timeout=150),
]
