"""labs/mine/grade.py - lab `mine`: a policy of your own.

The student designs policy mine (kernel/sched/mine.c and mine.h; handed
out as round robin): normal_prio, normal_slice, normal_tick,
normal_wake_up, normal_fork, and any hook of policy.h (pick_next among
them).  Any design passes that meets the targets of labs/mine/README.md:
host tests of rules every design keeps (labs/mine/test_mine.c), simulator
runs for nice shares, starvation (hogs, and tasks that run and sleep),
desktop latency beside hogs that all progress, and the invariants, and one
QEMU run of the desktop with the same latency and progress targets.
No target assumes a slice length, an array or a prio formula.
"""
from lib.traces import nickel_log
from lib.grading import UnitTest, SimTest, QemuTest, ICOUNT, at_least, at_most, hog_shares, latency

LAB = "mine"
WEEK = 4
TITLE = "a policy of your own: targets on shares and latency"
SOURCE = "kernel/sched/mine.c"

TARGETS = "labs/mine/README.md"
ALL = ["normal_prio", "normal_slice", "normal_tick", "normal_wake_up", "normal_fork"]
WL = "workload=tools/schedsim/workloads/"
NICES = (0, 5, 10, 19)


def nice_shares_monotonic(out):
    """A lower nice gets a strictly larger share: at least 1 point more."""
    got = hog_shares(out)
    if len(got) != len(NICES):
        raise ValueError("%d hogs in the output, expected %d" % (len(got), len(NICES)))
    return [at_least("CPU %% of the nice %d hog minus the nice %d hog's (points)" % (a, b),
                     1.0, round(ga - gb, 2))
            for (a, ga), (b, gb) in zip(zip(NICES, got), zip(NICES[1:], got[1:]))]


def nice_19_runs_every_10_s(out):
    """Beside 4 nice 0 hogs, the nice 19 hog runs in each 10 s window."""
    dumps = nickel_log.stat_dumps(out)
    ran = [[t for t in d.tasks if t["name"] == "hog" and t["nice"] == 19][0]["run_ms"]
           for d in dumps]
    return [at_least("ms the nice 19 hog ran from %d s to %d s, beside 4 nice 0 hogs"
                     % (10 * i, 10 * (i + 1)), 1, b - a)
            for i, (a, b) in enumerate(zip([0] + ran, ran))]


def busy_sleepers_not_starved(out):
    """Tasks that run 9 ms and sleep 1 ms, and a nice 19 hog beside them:
    each runs at least 10 ms in every 10 s window."""
    dumps = nickel_log.stat_dumps(out)
    if len(dumps) < 3:
        raise ValueError("%d stat dumps, expected 3 (stats=10000 seconds=30)" % len(dumps))
    checks = []
    for t in sorted(dumps[0].tasks, key=lambda t: t["pid"]):
        ran = [0] + [[u for u in d.tasks if u["pid"] == t["pid"]][0]["run_ms"] for d in dumps]
        worst = min(range(len(dumps)), key=lambda i: ran[i + 1] - ran[i])
        checks.append(at_least("ms pid %d (%s, nice %d) ran from %d s to %d s, the least of "
                               "the three 10 s windows" % (t["pid"], t["name"], t["nice"],
                                                            10 * worst, 10 * worst + 10),
                               10, ran[worst + 1] - ran[worst]))
    return checks


def hogs_progress(dump, where):
    """Every hog beside the desktop gets at least 5 % of the CPU."""
    hogs = sorted((t for t in dump.tasks if t["name"] == "hog"), key=lambda t: t["pid"])
    if not hogs or not dump["jiffies"]:
        raise ValueError("no hog in the final stat dump")
    return [at_least("CPU %% of hog %d beside the desktop, %s" % (i, where), 5,
                     round(100.0 * t["run_ms"] / dump["jiffies"], 1))
            for i, t in enumerate(hogs)]


def desktop_beside_4_hogs(out):
    """The X clients and audio, which wake often and run briefly, run soon;
    the hogs beside them all progress."""
    checks = hogs_progress(nickel_log.stat_dumps(out)[-1], "schedsim")
    for i, lat in enumerate(latency(out, "xclient")):
        checks.append(at_most("xclient %d p99 latency (us), desktop + 4 hogs, one CPU" % i,
                              5000, lat["p99_us"]))
        checks.append(at_least("xclient %d deadlines met (%%)" % i, 95,
                               lat["deadlines_met_pct"]))
    audio = latency(out, "audio")[0]
    checks.append(at_most("audio p99 latency (us), desktop + 4 hogs, one CPU", 5000,
                          audio["p99_us"]))
    return checks


def invariants_hold(out):
    """check=1 stops schedsim at the first broken run queue."""
    dumps = nickel_log.stat_dumps(out)
    return [at_least("jiffies of the last stat dump, 5 s with check=1 on every tick",
                     5000, dumps[-1]["jiffies"] if dumps else 0)]


def qemu_desktop(log):
    """The same targets on the real kernel (QEMU -icount, the desktop as
    init for 8 s): no complaint of the core about the policy (a prio
    clamped, a bad pick, a watchdog ejection: the kernel boots with
    watchdog=5000, and after an ejection nick runs the tasks), every hog
    progresses, the xclients' p99 in the final dump.  The kernel's desktop
    does more than schedsim's model, so the latency bound is 20 ms."""
    complaints = [l for l in log.splitlines()
                  if "sched: policy " in l or "watchdog: policy " in l]
    if complaints:
        raise ValueError("the kernel said: %s" % complaints[0].strip())
    dumps = nickel_log.stat_dumps(log, strict=False)
    if not dumps:
        raise ValueError("no stat dump in the serial log")
    checks = hogs_progress(dumps[-1], "QEMU")
    lats = [l for l in dumps[-1].lats if l.get("name") == "xclient"]
    if not lats:
        checks.append(at_least("xclient lat lines in the final stat dump (did the "
                               "desktop get the CPU to start its clients?)", 1, 0))
    return checks + [at_most("xclient %d p99 latency (us) in QEMU, desktop + 4 hogs" % i,
                             20000, lat["p99_us"]) for i, lat in enumerate(lats)]


TESTS = [
    UnitTest("fork_creates_no_cpu_time", 5, "test_mine.c", ["normal_fork"], TARGETS,
             "the child's slice comes out of what is left of the parent's"),
    UnitTest("sync_wakeup_does_not_preempt", 3, "test_mine.c", ["normal_wake_up"], TARGETS),
    UnitTest("a_sleeper_runs_soon_beside_a_hog", 7, "test_mine.c",
             ["normal_prio", "normal_wake_up"], TARGETS,
             "a task that slept could run before the hog, and a woken task preempt it"),
    UnitTest("every_prio_in_100_139", 5, "test_mine.c", ["normal_prio"], TARGETS,
             "the core clamps a SCHED_NORMAL prio outside 100..139 and prints one line"),
    SimTest("nice_shares_monotonic", 10,
            WL + "nice.wl nice=0,5,10,19 cpus=1 seconds=31 stats=10000 summary=0 policy=mine",
            nice_shares_monotonic, ["normal_slice", "normal_tick", "normal_prio"], TARGETS,
            "among hogs, a lower nice must always get a larger share of the CPU"),
    SimTest("nice_19_not_starved", 10,
            WL + "nice.wl nice=0,0,0,0,19 cpus=1 seconds=30 stats=10000 summary=0 policy=mine",
            nice_19_runs_every_10_s, ["normal_tick", "normal_prio"], TARGETS,
            "whatever the order, a task that waits must come first at some point"),
    SimTest("busy_sleepers_not_starved", 10,
            WL + "busy-sleepers.wl cpus=1 seconds=30 stats=10000 summary=0 policy=mine",
            busy_sleepers_not_starved, ["normal_wake_up", "normal_tick", "normal_prio"],
            TARGETS, "a short sleep must not buy a task a fresh start ahead of the others"),
    SimTest("desktop_latency_beside_4_hogs", 10,
            WL + "desktop.wl hogs=4 cpus=1 seconds=10 summary=0 policy=mine",
            desktop_beside_4_hogs, ["normal_prio", "normal_wake_up", "normal_tick"], TARGETS),
    SimTest("mixed_workload_invariants", 5,
            WL + "mixed.wl cpus=4 seconds=5 check=1 summary=0 policy=mine",
            invariants_hold, ALL, 'docs/selfcheck.md',
            "schedsim check=1 prints the invariant that broke on stderr"),
    QemuTest("qemu_desktop_beside_4_hogs", 10,
             "policy=mine init=desktop -- hogs=4 seconds=8", qemu_desktop,
             ["normal_prio", "normal_wake_up", "normal_tick"], TARGETS,
             modules=("desktop", "xserver", "xclient", "audio", "video", "hog"),
             smp=1, mem=32, timeout=60, qemu_flags=ICOUNT),
]
