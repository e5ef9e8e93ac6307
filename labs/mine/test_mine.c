/*
 * test_mine.c - the graded host tests of lab `mine`: rules any correct
 * policy of your own keeps, whatever its design (kernel/sched/mine.c;
 * docs/scheduler-spec.md, "Policy mine").  The targets on shares and
 * latency are measured in the simulator (labs/mine/grade.py).
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

/* What is left of p's slice, as the policy's own hooks report it. */
static long slice_left(struct sched_task *p)
{
	struct runqueue *rq = &sched_rq[p->cpu];

	return (long)sched_active_policy->timeslice(rq, p) -
	       (long)sched_active_policy->used_slice(rq, p);
}

UNIT_TEST(fork_creates_no_cpu_time)
{
	struct sched_task *parent, *child;
	long before, after;
	char what[120];

	host_boot(1, &sched_policy_mine);
	parent = host_spawn("parent", 0, 0);
	host_schedule(0);
	host_run(20);
	/* the parent used 20 ms of its slice; forking may split what is
	 * left between parent and child, but not add to it (else a task
	 * that forks gets more CPU than one that does not) */
	before = slice_left(parent);
	child = host_fork(parent, "child");
	after = slice_left(parent) + slice_left(child);
	snprintf(what, sizeof(what), "ms of slice left to parent + child after fork "
		 "(the parent alone had %ld)", before);
	GRADE_AT_MOST(what, before, after);
}

UNIT_TEST(sync_wakeup_does_not_preempt)
{
	struct sched_task *s, *hog;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	hog = host_spawn("hog", 0, 0);
	host_schedule(0);
	host_sleep(s);
	host_run(100);
	/* the hog, the waker, is about to sleep: no preemption */
	host_wake(s, hog, SCHED_WAKER_USER, true);
	GRADE_EQ("running hog's need_resched after a sync wake-up (0 = none)", 0,
		 hog->need_resched);
}

UNIT_TEST(a_sleeper_runs_soon_beside_a_hog)
{
	struct sched_task *s;
	int waited = 0;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	host_spawn("hog", 0, 0);
	host_schedule(0);
	host_run(5);
	host_sleep(s);               /* ran 5 ms, then sleeps */
	host_run(200);               /* the hog runs 200 ms */
	/* the latency target: a task that mostly sleeps runs soon after it
	 * wakes beside a hog of the same nice (which never sleeps) */
	host_wake(s, NULL, SCHED_WAKER_IRQ, false);
	while (host_curr(0) != s && waited < 1000) {
		host_tick();
		waited++;
	}
	GRADE_AT_MOST("ms from the sleeper's wake-up to running, beside a hog", 10, waited);
}
