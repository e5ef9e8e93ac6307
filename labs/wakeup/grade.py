"""labs/wakeup/grade.py - lab `wakeup`: v7's activate_task.

The student writes nick_activate (kernel/sched/nick.c): the sleep credit
for the three kinds of waker (interrupt, kernel thread, user task), the
slice a user waker steals, the fresh slice after an array swap, and sync
wake-ups that do not preempt.  Ten host tests with hand-worked values
(labs/wakeup/test_wakeup.c) and one simulator run of the desktop beside
four hogs, where the X clients' latency depends on all of it.
"""
from lib.grading import UnitTest, SimTest, at_least, at_most, latency

LAB = "wakeup"
WEEK = 3
TITLE = "wake-ups: sleep credit, stolen slices, sync (policy nick)"
SOURCE = "kernel/sched/nick.c"

WAKE = 'docs/scheduler-spec.md, Policy nick: "Wake-up (activate_task)"'
QUIRK1 = WAKE + ' and "Quirks" 1'
ACTIVATE = ["nick_activate"]


def unit(name, points, spec, hint=""):
    return UnitTest(name, points, "test_wakeup.c", ACTIVATE, spec, hint)


def desktop_clients(out):
    """Both X clients: every request answered within 5 ms (p99), every
    reply before the next request is due (the docs' desktop: 1.0-2.0 ms)."""
    checks = []
    for i, lat in enumerate(latency(out, "xclient")):
        checks.append(at_most("xclient %d p99 latency (us), desktop + 4 hogs, one CPU" % i,
                              5000, lat["p99_us"]))
        checks.append(at_least("xclient %d deadlines met (%%)" % i, 95,
                               lat["deadlines_met_pct"]))
    return checks


TESTS = [
    unit("kernel_waker_credits_the_whole_sleep", 6, WAKE,
         "sleep = min(now - timestamp, MAX_SLEEP); add_task_time(p, sleep, 1)"),
    unit("irq_waker_adds_another_half", 5, WAKE,
         "an interrupt waker adds a second add_task_time(p, sleep/2, 1)"),
    unit("user_waker_takes_half_the_credit", 6, QUIRK1,
         "boost = sleep/2 goes to the waker; the wakee gets sleep - boost"),
    unit("user_waker_steals_slice_from_the_wakee", 6, QUIRK1,
         "p->used_slice += steal; waker->used_slice -= steal (the code, not the article)"),
    unit("steal_is_at_most_half_the_slice_left", 4, WAKE,
         "steal = min(sleep/2, (task_timeslice(p) - p->used_slice)/2), after prio"),
    unit("kernel_and_irq_wakers_steal_nothing", 4, WAKE),
    unit("sleep_is_capped_at_max_sleep", 3, WAKE),
    unit("fresh_slice_only_after_an_array_swap", 4, WAKE,
         "compare NICK_RQ(rq)->array_sequence with NICK(p)->array_sequence"),
    unit("sync_wakeup_never_preempts", 6, WAKE,
         "return whether the wakee should preempt curr, and never for a sync wake-up"),
    unit("a_worse_wakee_does_not_preempt", 2, 'docs/scheduler-spec.md: "TASK_PREEMPTS_CURR"'),
    SimTest("desktop_clients_beside_4_hogs", 10,
            "workload=tools/schedsim/workloads/desktop.wl hogs=4 cpus=1 seconds=10 "
            "summary=0",
            desktop_clients, ACTIVATE, WAKE + '; docs/lab.md',
            "sleepers must earn a better prio than the hogs (130) to run at once"),
    unit("user_waker_odd_sleep_gives_the_wakee_the_larger_half", 3, QUIRK1,
         "boost = sleep/2 (rounded down) to the waker; the wakee gets sleep - boost"),
    unit("user_waker_long_sleep_is_capped_before_the_split", 4, WAKE,
         "sleep = min(now - timestamp, MAX_SLEEP) in unsigned arithmetic, before boost = sleep/2"),
    unit("steal_near_the_end_of_the_slice_and_past_it", 4, WAKE + ' and "Quirks" 2',
         "(task_timeslice(p) - p->used_slice)/2 is unsigned: past the slice it wraps"),
    unit("user_waker_on_another_cpu_not_the_running_task", 4, QUIRK1,
         "credit and slice go to the waker argument, not to rq->curr"),
]
