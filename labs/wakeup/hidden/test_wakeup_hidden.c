/*
 * test_wakeup_hidden.c - graded tests of lab `wakeup` kept from the
 * students (labs/<lab>/hidden/, never in a handout; labs/GRADING.md).
 * Every expected value is worked by hand beside it, from
 * docs/scheduler-spec.md, "Wake-up (activate_task)".
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

UNIT_TEST(steal_counts_the_slice_the_wakee_already_used)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_nick);
	b = host_spawn("sleeper", 0, 0);
	a = host_spawn("runner", 0, 0);
	host_schedule(0);
	host_sleep(b);
	sched_host_jiffies += 100;
	NICK(a)->used_slice = 40;
	NICK(b)->used_slice = 20;
	/* the arrays did not swap while b slept: b keeps used_slice 20.
	 * b's avg 1000 -> prio 110; task_timeslice(b) with a at 130 queued:
	 * 40*14/8 = 70; steal = min(100/2, (70 - 20)/2 = 25) = 25:
	 * b 20 + 25 = 45, a 40 - 25 = 15 */
	host_wake(b, a, SCHED_WAKER_USER, true);
	GRADE_EQ("wakee used_slice: 20 before, + min(sleep/2, (slice - used)/2) = 25", 45,
		 NICK(b)->used_slice);
	GRADE_EQ("waker used_slice: 40 - steal", 15, NICK(a)->used_slice);
}
