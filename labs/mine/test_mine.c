/*
 * test_mine.c - the graded host tests of lab `mine`: rules any correct
 * policy of your own keeps, whatever its design (kernel/sched/mine.c;
 * docs/scheduler-spec.md, "Policy mine").  The targets on shares and
 * latency are measured in the simulator (labs/mine/grade.py).
 */
#include <string.h>
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

/* What is left of p's slice, as the policy's describe hook reports it. */
static long slice_left(struct sched_task *p)
{
	struct sched_policy_view v;

	sched_describe(&sched_rq[p->cpu], p, &v);
	return (long)v.timeslice - (long)v.used_slice;
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

/* Ticks until `p` runs on CPU 0 (at most `limit`). */
static int ticks_until_running(struct sched_task *p, int limit)
{
	int waited = 0;

	while (host_curr(0) != p && waited < limit) {
		host_tick();
		waited++;
	}
	return waited;
}

UNIT_TEST(sync_wakeup_does_not_preempt)
{
	struct sched_task *s, *hog;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	hog = host_spawn("hog", 0, 0);
	host_schedule(0);
	/* whichever ran first (a design may draw, or pick by a key) */
	GRADE_AT_MOST("ms until the sleeper first runs beside a hog", 1000,
		      ticks_until_running(s, 1001));
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
	int waited;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	host_spawn("hog", 0, 0);
	host_schedule(0);
	/* whatever the slices, the sleeper gets the CPU once, then sleeps
	 * right away; the hog runs alone for 200 ms */
	waited = ticks_until_running(s, 2000);
	GRADE_AT_MOST("ms until the sleeper first runs, beside one hog", 1000, waited);
	host_sleep(s);
	host_run(200);
	/* the latency target: a task that mostly sleeps runs soon after it
	 * wakes beside a hog of the same nice (which never sleeps) */
	host_wake(s, NULL, SCHED_WAKER_IRQ, false);
	waited = ticks_until_running(s, 1000);
	GRADE_AT_MOST("ms from the sleeper's wake-up to running, beside a hog", 10, waited);
}

/* The prio of every task the policy queues is in 100..139 (policy.h); the
 * core clamps one outside and says so: "sched: policy mine gave ...". */
UNIT_TEST(every_prio_in_100_139)
{
	static const int nices[3] = { -20, 0, 19 };
	unsigned int before = sched_bad_prios;
	struct sched_task *t[6];
	char what[300];
	int i, worst_low = 139, worst_high = 100;

	host_boot(1, &sched_policy_mine);
	for (i = 0; i < 3; i++) {
		t[2 * i] = host_spawn("hog", nices[i], 0);
		t[2 * i + 1] = host_spawn("sleeper", nices[i], 0);
	}
	host_schedule(0);
	for (i = 0; i < 3000; i++) {
		struct sched_task *c = host_curr(0);

		if (c->is_idle)
			continue;
		if (c->pid % 2 == 0 && i % 4 == 0)     /* a sleeper: 1 ms in 4 */
			host_sleep(c);
		if (i % 20 == 0)
			host_wake(t[1 + 2 * (i / 20 % 3)], NULL, SCHED_WAKER_IRQ, false);
		host_tick();
		if (c->prio < worst_low)
			worst_low = c->prio;
		if (c->prio > worst_high)
			worst_high = c->prio;
	}
	snprintf(what, sizeof(what), "prios outside 100..139 the core had to clamp%s%s",
		 sched_bad_prios > before ? " (its line: " : "",
		 sched_bad_prios > before ? sched_host_last_warning : "");
	if (sched_bad_prios > before)
		strncat(what, ")", sizeof(what) - strlen(what) - 1);
	GRADE_EQ(what, 0, sched_bad_prios - before);
	GRADE_AT_LEAST("best prio of a running task (SCHED_NORMAL: 100..139)", 100, worst_low);
	GRADE_AT_MOST("worst prio of a running task (SCHED_NORMAL: 100..139)", 139, worst_high);
}
