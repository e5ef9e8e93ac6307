"""labs/time/grade.py - lab `time`: v7's time accounting and priority.

The student writes add_task_time, task_priority and task_timeslice of
policy nick (kernel/sched/nick.c) from docs/scheduler-spec.md.  Ten host
tests with hand-worked values (labs/time/test_time.c) and one simulator run
that puts the three together: the CPU shares of four hogs at nice 0, 5, 10,
19, which the spec predicts from the slice formula alone.
"""
from lib.grading import UnitTest, SimTest, near, hog_shares

LAB = "time"
WEEK = 2
TITLE = "time accounting and priority (policy nick)"
SOURCE = "kernel/sched/nick.c"

ADD = 'docs/scheduler-spec.md, Policy nick: "add_task_time(p, t, sleep)"'
PRIO = 'docs/scheduler-spec.md, Policy nick: "task_priority(p)"'
SLICE = 'docs/scheduler-spec.md, Policy nick: "task_timeslice(p, rq)"'
SHARES = 'docs/scheduler-spec.md, "Expected numbers"'


def unit(name, points, functions, spec, hint=""):
    return UnitTest(name, points, "test_time.c", functions, spec, hint)


def shares_0_5_10_19(out):
    """The spec's table: slices 170, 55, 25, 17 ms -> 63.7 20.6 9.4 6.4 %."""
    want = (63.7, 20.6, 9.4, 6.4)
    got = hog_shares(out)
    if len(got) != len(want):
        raise ValueError("%d hogs in the output, expected 4" % len(got))
    return [near("CPU %% of the nice %d hog, 10 s .. 31 s, one CPU" % nice, w, g, 1.5)
            for nice, w, g in zip((0, 5, 10, 19), want, got)]


TESTS = [
    unit("add_task_time_first_sleep", 3, ["add_task_time"], ADD),
    unit("add_task_time_decays_then_adds", 6, ["add_task_time"], ADD,
         "decay both sums by (MAX_SLEEP - t)/MAX_SLEEP first, then add 1000*t"),
    unit("add_task_time_rounds_to_nearest", 5, ["add_task_time"], ADD,
         "(r*x + MAX_SLEEP/2) / MAX_SLEEP rounds to nearest; r*x / MAX_SLEEP truncates"),
    unit("add_task_time_zero_changes_nothing", 3, ["add_task_time"], ADD,
         "t == 0 returns before anything, even before dividing by total_time"),
    unit("add_task_time_beyond_max_sleep_wipes_history", 4, ["add_task_time"], ADD,
         "only t > MAX_SLEEP wipes the history; t == MAX_SLEEP decays by 0/1000"),
    unit("task_priority_of_hogs_by_nice", 5, ["task_priority"], PRIO,
         "nice counts half: USER_PRIO(static_prio)/2"),
    unit("task_priority_sleep_bonus", 5, ["task_priority"], PRIO,
         "bonus = MAX_USER_PRIO * sleep_avg / 1000 / 2, at most 20 levels"),
    unit("task_priority_clamps_and_leaves_rt_alone", 3, ["task_priority"], PRIO),
    unit("task_timeslice_alone_on_the_cpu", 5, ["task_timeslice"], SLICE),
    unit("task_timeslice_below_the_best_queued", 6, ["task_timeslice"], SLICE,
         "idx is the best prio queued on the CPU, not the task's own"),
    unit("task_timeslice_counts_the_expired_array", 5, ["task_timeslice"], SLICE,
         "look for the best prio in ARRAYS(rq)->active and ->expired"),
    SimTest("shares_nice_0_5_10_19", 10,
            "workload=tools/schedsim/workloads/nice.wl nice=0,5,10,19 cpus=1 "
            "seconds=31 stats=10000 summary=0",
            shares_0_5_10_19, ["add_task_time", "task_priority", "task_timeslice"], SHARES,
            "a pure hog sits at its nice's prio (130 at nice 0); the slices then give the shares"),
    unit("add_task_time_wipe_forgets_the_sleep_too", 3, ["add_task_time"], ADD,
         "t > MAX_SLEEP sets total_time and sleep_time to 0 before adding t"),
]
