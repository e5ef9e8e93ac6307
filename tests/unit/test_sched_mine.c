/*
 * test_sched_mine.c - policy mine, the teacher's solution (kernel/sched/mine.c):
 * nice-scaled slices, sleep credit -> prio, epochs (expired array), fork's
 * slice split, and the real-time rules.  Values worked by hand from the
 * constants in mine.c: slice 5 * (20 - nice) ms, bonus = credit / 20,
 * credit 0..200 ms.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/mine.h"

UNIT_TEST(slice_is_5ms_per_nice_level_below_20)
{
	static const int nices[5] = { -20, 0, 5, 10, 19 };
	static const int slices[5] = { 200, 100, 75, 50, 5 };
	int i;

	host_boot(1, &sched_policy_mine);
	for (i = 0; i < 5; i++) {
		struct sched_task *p = host_spawn("t", nices[i], 0);

		CHECK_EQ(slices[i], sched_rr_interval(p));
		CHECK_EQ(120 + nices[i], p->prio);   /* no credit: the static prio */
	}
}

/* One CPU, hogs at nice 0, 5, 10, 19: an epoch is 100 + 75 + 50 + 5 =
 * 230 ms and each hog runs exactly its slice in it. */
UNIT_TEST(hogs_share_in_the_ratio_of_their_slices)
{
	static const int nices[4] = { 0, 5, 10, 19 };
	static const int slices[4] = { 100, 75, 50, 5 };
	struct sched_task *t[4];
	int i;

	host_boot(1, &sched_policy_mine);
	for (i = 0; i < 4; i++)
		t[i] = host_spawn("hog", nices[i], 0);
	host_schedule(0);
	host_run(10 * 230);
	for (i = 0; i < 4; i++)
		CHECK_EQ(10 * slices[i], t[i]->run_ms);
}

/* Four nice 0 hogs and one nice 19 hog: the nice 19 hog runs once per
 * epoch of 4 * 100 + 5 = 405 ms, so it never waits more than 400 ms
 * (its run_ms changes at most 401 ticks apart). */
UNIT_TEST(nice_19_hog_waits_at_most_one_epoch)
{
	struct sched_task *low;
	uint32_t last_run = 0, last_change = 0, worst = 0, now;
	int i;

	host_boot(1, &sched_policy_mine);
	for (i = 0; i < 4; i++)
		host_spawn("hog", 0, 0);
	low = host_spawn("low", 19, 0);
	host_schedule(0);
	for (now = 0; now < 10000; now++) {
		host_tick();
		if (low->run_ms != last_run) {
			if (now - last_change > worst)
				worst = now - last_change;
			last_run = low->run_ms;
			last_change = now;
		}
	}
	CHECK_EQ(401, worst);    /* ticks between two of its runs: 400 ms of the others + 1 */
	/* 10000 ms = 24 epochs of 405 ms (9720 ms) + 280 ms of the 25th */
	CHECK_EQ(24 * 5, low->run_ms);
}

/* Credit: +1 per ms asleep (at most 200), -1 per ms run; bonus = credit/20. */
UNIT_TEST(sleep_credit_buys_prio_and_preempts_a_hog)
{
	struct sched_task *s, *hog;
	struct sched_task_view v;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	hog = host_spawn("hog", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == s);
	host_sleep(s);
	host_run(100);                       /* the hog runs 100 ms */
	CHECK(host_wake(s, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(100, MINE(s)->credit_ms);         /* credit */
	CHECK_EQ(115, s->prio);              /* 120 - 100/20 */
	CHECK(hog->need_resched);
	host_schedule(0);
	CHECK(host_curr(0) == s);
	host_run(40);                        /* runs 40: credit 60 */
	CHECK_EQ(60, MINE(s)->credit_ms);
	host_sleep(s);
	sched_host_jiffies += 500;           /* a long sleep: credit capped */
	CHECK(host_wake(s, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(200, MINE(s)->credit_ms);
	CHECK_EQ(110, s->prio);
	sched_task_view(s, &v);              /* the stat dump's sleep_avg column */
	CHECK_EQ(1000, v.sleep_avg);         /* per mille of 200 */
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
	CHECK(host_wake(s, hog, SCHED_WAKER_USER, true));
	CHECK_EQ(115, s->prio);
	CHECK(!hog->need_resched);
}

/* The slice used is kept across a sleep in the same epoch and refilled
 * when the arrays swapped while the task slept. */
UNIT_TEST(slice_refills_only_in_a_new_epoch)
{
	struct sched_task *s, *hog;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	hog = host_spawn("hog", 0, 0);
	host_schedule(0);
	host_run(30);
	CHECK_EQ(30, MINE(s)->used_ms);
	host_sleep(s);                       /* the hog runs, same epoch */
	host_run(50);
	CHECK(host_wake(s, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(30, MINE(s)->used_ms);
	host_schedule(0);
	CHECK(host_curr(0) == s);            /* prio 118 beats the hog's 120 */
	host_sleep(s);
	/* the hog (50 ms run so far) ends its slice at 100 ms of run: it
	 * goes to expired, the active array is empty, the arrays swap */
	host_run(50);
	CHECK_EQ(100, hog->run_ms);
	CHECK(hog->array == ARRAYS(&sched_rq[0])->active);
	CHECK(host_wake(s, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(0, MINE(s)->used_ms);
}

/* Parent used 20 of 100 ms: 80 left, 40 to the child, 40 kept. */
UNIT_TEST(fork_splits_what_is_left_of_the_slice)
{
	struct sched_task *parent, *child;

	host_boot(1, &sched_policy_mine);
	parent = host_spawn("parent", 0, 0);
	host_schedule(0);
	host_run(20);
	MINE(parent)->credit_ms = 100;             /* credit is not inherited */
	child = host_fork(parent, "child");
	CHECK_EQ(60, MINE(parent)->used_ms);
	CHECK_EQ(60, MINE(child)->used_ms);
	CHECK_EQ(0, MINE(child)->credit_ms);
	CHECK_EQ(120, child->prio);
	host_run(40);                        /* parent's 40 ms left */
	CHECK(host_curr(0) == child);
	CHECK_EQ(60, parent->run_ms);
}

UNIT_TEST(set_nice_changes_prio_and_slice)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_mine);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	CHECK_EQ(0, sched_set_nice(b, -5));
	CHECK_EQ(115, b->prio);
	CHECK_EQ(125, sched_rr_interval(b));
	CHECK(a->need_resched);              /* b now beats the running a */
	host_schedule(0);
	CHECK(host_curr(0) == b);
}

UNIT_TEST(rt_fifo_never_expires_rr_rotates_every_100ms)
{
	struct sched_task *f, *r1, *r2, *n;

	host_boot(1, &sched_policy_mine);
	f = host_spawn("fifo", 0, 0);
	n = host_spawn("normal", 0, 0);
	CHECK_EQ(0, sched_setscheduler(f, SCHED_FIFO, 50));
	CHECK_EQ(49, f->prio);
	CHECK_EQ(0, sched_rr_interval(f));
	host_schedule(0);
	host_run(1000);
	CHECK_EQ(1000, f->run_ms);
	CHECK_EQ(0, n->run_ms);

	host_boot(1, &sched_policy_mine);
	r1 = host_spawn("rr1", 0, 0);
	r2 = host_spawn("rr2", 0, 0);
	n = host_spawn("normal", 0, 0);
	CHECK_EQ(0, sched_setscheduler(r1, SCHED_RR, 10));
	CHECK_EQ(0, sched_setscheduler(r2, SCHED_RR, 10));
	CHECK_EQ(100, sched_rr_interval(r1));
	host_schedule(0);
	host_run(100);
	CHECK(host_curr(0) == r2);
	host_run(100);
	CHECK(host_curr(0) == r1);
	CHECK_EQ(100, r1->run_ms);
	CHECK_EQ(100, r2->run_ms);
	CHECK_EQ(0, n->run_ms);
	/* a woken RT task preempts a normal one */
	host_boot(1, &sched_policy_mine);
	r1 = host_spawn("rr1", 0, 0);
	n = host_spawn("normal", 0, 0);
	CHECK_EQ(0, sched_setscheduler(r1, SCHED_RR, 10));
	host_schedule(0);
	host_sleep(r1);
	CHECK(host_curr(0) == n);
	CHECK(host_wake(r1, NULL, SCHED_WAKER_IRQ, false));
	CHECK(n->need_resched);
}

/* Two CPUs, four hogs started on CPU0: the balancer spreads them 2/2 and
 * every hog gets about a quarter of the 2 CPUs. */
UNIT_TEST(four_hogs_on_two_cpus_each_get_half_a_cpu)
{
	struct sched_task *t[4];
	int i;

	host_boot(2, &sched_policy_mine);
	for (i = 0; i < 4; i++)
		t[i] = host_spawn("hog", 0, 0);
	host_schedule(0);
	host_run(10000);
	CHECK_EQ(2, sched_rq[0].nr_running);
	CHECK_EQ(2, sched_rq[1].nr_running);
	for (i = 0; i < 4; i++)
		CHECK_NEAR(5000.0, t[i]->run_ms, 300.0);
}

/* A sleeper that runs 1 ms and sleeps 9 ms beside 4 hogs on one CPU:
 * credit grows by 9 - 1 = 8 per period, so from the third wake-up on
 * (credit 24, prio 119) it preempts the hogs at 120 and never waits; the
 * credit reaches its cap of 200 (prio 110) after 25 periods. */
UNIT_TEST(sleeper_beside_4_hogs_runs_at_once)
{
	struct sched_task *s;
	uint32_t waited_late = 0;
	int i, period;

	host_boot(1, &sched_policy_mine);
	s = host_spawn("sleeper", 0, 0);
	for (i = 0; i < 4; i++)
		host_spawn("hog", 0, 0);
	host_schedule(0);
	for (period = 0; period < 200; period++) {
		uint32_t before;

		while (host_curr(0) != s)
			host_tick();
		host_run(1);
		host_sleep(s);
		host_run(9);
		before = s->wait_ms;
		host_wake(s, NULL, SCHED_WAKER_IRQ, false);
		if (host_curr(0)->need_resched)
			host_schedule(0);            /* the return from the interrupt */
		if (period >= 2)
			waited_late += (host_curr(0) != s) + (s->wait_ms - before);
	}
	CHECK_EQ(0, waited_late);
	CHECK_EQ(110, s->prio);
	CHECK_EQ(200, MINE(s)->credit_ms);
}
