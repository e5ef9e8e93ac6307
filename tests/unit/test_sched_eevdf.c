/*
 * test_sched_eevdf.c - policy eevdf (kernel/sched/eevdf.c), against
 * values worked out by hand from Linux 6.6's rules: a new task's first
 * deadline is half a slice (3 ms) away, the eligible task with the
 * earliest deadline runs, a sleeper keeps its lag (V - vruntime) and is
 * placed so that it has the same lag once queued, hog shares follow the
 * weight table, the tree and sums hold through fork, nice, sleep and a
 * policy switch.  Times are us of nice-0 virtual time; every hog starts
 * at vruntime 0 on a fresh queue.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

/*
 * Two nice-0 hogs a, b, both new: vruntime 0, deadline 1.5 ms (half a
 * slice).  a runs first (tree order on a tie); at vruntime 2 ms it is past
 * its deadline: a new one at 2 + 3 = 5 ms, and V = (2 + 0) / 2 = 1 ms
 * makes a ineligible, b eligible: b runs.  b does the same; at V = 2 both
 * are eligible with deadline 5 ms and a (first in the tree) runs 3 ms,
 * from 2 to 5 ms, and so on in turns of a slice.
 */
UNIT_TEST(two_hogs_first_deadline_half_a_slice_then_turns_of_a_slice)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_eevdf);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	CHECK_EQ(0, eevdf_vruntime_us(a));
	CHECK_EQ(1500, eevdf_deadline_us(a));
	CHECK_EQ(1500, eevdf_deadline_us(b));
	host_run(2);
	CHECK(host_curr(0) == b);
	CHECK_EQ(2, a->run_ms);
	CHECK_EQ(2000, eevdf_vruntime_us(a));
	CHECK_EQ(5000, eevdf_deadline_us(a));
	CHECK_EQ(1000, eevdf_avg_us(0));
	host_run(2);
	CHECK(host_curr(0) == a);
	CHECK_EQ(2, b->run_ms);
	host_run(3);
	CHECK(host_curr(0) == b);
	CHECK_EQ(5, a->run_ms);
	CHECK_EQ(8000, eevdf_deadline_us(a));
	CHECK(eevdf_check(0));
}

/*
 * h and s (nice 0): h runs 2 ms, then s 1 ms (V = (2 + 0) / 2 = 1 made
 * h ineligible), and s sleeps: V = (2 + 1) / 2 = 1.5 ms, so s keeps a
 * lag of +0.5 ms.  h runs alone 100 ms, to vruntime 102 ms.  s wakes:
 * lag * (load + w) / load = 0.5 * 2048 / 1024 = 1 ms, so s is placed at
 * 102 - 1 = 101 ms, deadline 104 ms; V is then (102 + 101) / 2 = 101.5,
 * s is 0.5 ms behind it again, eligible, and h (102 > 101.5) is not:
 * s is the pick and preempts h.  (It slept 100 ms: CFS would have
 * credited it half a latency; EEVDF only the lag it had.)
 */
UNIT_TEST(a_sleeper_keeps_its_lag_placed_scaled_by_the_load_and_preempts)
{
	struct sched_task *h, *s;

	host_boot(1, &sched_policy_eevdf);
	h = host_spawn("h", 0, 0);
	s = host_spawn("s", 0, 0);
	host_schedule(0);
	host_run(2);
	CHECK(host_curr(0) == s);
	host_run(1);
	host_sleep(s);
	CHECK_EQ(500, eevdf_lag_us(s));
	CHECK(host_curr(0) == h);
	host_run(100);
	CHECK_EQ(102000, eevdf_vruntime_us(h));
	CHECK(host_wake(s, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(101000, eevdf_vruntime_us(s));
	CHECK_EQ(104000, eevdf_deadline_us(s));
	CHECK_EQ(101500, eevdf_avg_us(0));
	CHECK(h->need_resched);
	host_schedule(0);
	CHECK(host_curr(0) == s);
	CHECK(eevdf_check(0));
}

/*
 * A task that got more than its share comes back behind V.  a and b
 * (nice 0) take turns: a 2 ms, b 2 ms, then a 1 ms of its 3: a at 3 ms, b
 * at 2 ms, V = 2.5, a sleeps with lag -0.5 ms.  b runs alone to 52 ms
 * (deadline 53 ms).  a wakes at 52 + 0.5 * 2 = 53 ms (deadline 56):
 * V = 52.5, a is not eligible and does not preempt.  b's next tick takes
 * it to 53 ms, its deadline: a new one at 56 and a reschedule; V = 53,
 * both eligible, deadlines equal, a first in the tree: a runs.
 */
UNIT_TEST(a_sleeper_with_negative_lag_wakes_behind_and_waits_its_turn)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_eevdf);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	host_run(5);
	CHECK(host_curr(0) == a);
	host_sleep(a);
	CHECK_EQ(-500, eevdf_lag_us(a));
	host_run(50);
	CHECK_EQ(52000, eevdf_vruntime_us(b));
	CHECK(host_wake(a, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(53000, eevdf_vruntime_us(a));
	CHECK_EQ(56000, eevdf_deadline_us(a));
	CHECK(!b->need_resched);
	host_run(1);
	CHECK(host_curr(0) == a);
	CHECK_EQ(56000, eevdf_deadline_us(b));
	CHECK(eevdf_check(0));
}

/*
 * Eligibility before deadline: a (nice 0, slice 3 ms virtual) and l
 * (nice 5, w 335: 1 ms of CPU is 3.06 ms virtual, a slice 9.17).  New:
 * deadlines 1.5 and 4.59 ms.  a runs 2 ms (to v 2, deadline 5); l runs
 * 2 ms (to v 6.11, deadline 6.11 + 9.17 = 15.28); a runs 3 + 3 ms (to v
 * 8, deadline 11).  Then V = (8 * 1024 + 6.11 * 335) / 1359 = 7.535: a
 * holds the earliest deadline (11 < 15.28) but is past V, so l runs.
 */
UNIT_TEST(an_ineligible_task_waits_though_its_deadline_is_the_earliest)
{
	struct sched_task *a, *l;

	host_boot(1, &sched_policy_eevdf);
	a = host_spawn("a", 0, 0);
	l = host_spawn("l", 5, 0);
	host_schedule(0);
	CHECK_EQ(4585, eevdf_deadline_us(l));
	host_run(4);
	CHECK(host_curr(0) == a);
	CHECK_EQ(15283, eevdf_deadline_us(l));
	host_run(6);
	CHECK_EQ(8, a->run_ms);
	CHECK_EQ(11000, eevdf_deadline_us(a));
	CHECK_EQ(7534, eevdf_avg_us(0));        /* 7.5349, truncated */
	CHECK(host_curr(0) == l);
	CHECK(eevdf_check(0));
}

/*
 * RUN_TO_PARITY: h (nice 0) runs 1 ms of its first half slice (vruntime
 * 1 ms, deadline 1.5 ms).  s (nice -5, weight 3121) starts at V = 1 ms
 * with half its slice: 1.5 ms * 1024 / 3121 = 0.492 ms of virtual time,
 * deadline 1.492 ms, earlier than h's, and both are eligible (at V).
 * Without parity s would preempt; h keeps the CPU to its deadline.  At
 * 2 ms h has a new slice and V = (2 * 1024 + 1 * 3121) / 4145 = 1.25 ms:
 * h is not eligible, s runs.
 */
UNIT_TEST(the_runner_keeps_the_cpu_to_its_deadline_while_eligible)
{
	struct sched_task *h, *s;

	host_boot(1, &sched_policy_eevdf);
	h = host_spawn("h", 0, 0);
	host_schedule(0);
	host_run(1);
	CHECK_EQ(1500, eevdf_deadline_us(h));
	s = host_spawn("s", -5, 0);
	CHECK_EQ(1000, eevdf_vruntime_us(s));
	CHECK_EQ(1492, eevdf_deadline_us(s));
	CHECK(!h->need_resched);
	host_schedule(0);
	CHECK(host_curr(0) == h);
	host_run(1);
	CHECK(host_curr(0) == s);
	CHECK(eevdf_check(0));
}

/* A child forked by a task that ran 10 ms alone starts at V = 10 ms with
 * half a slice: deadline 11.5 ms, whatever the parent's lag. */
UNIT_TEST(a_forked_child_starts_at_v_with_half_a_slice)
{
	struct sched_task *p, *c;

	host_boot(1, &sched_policy_eevdf);
	p = host_spawn("p", 0, 0);
	host_schedule(0);
	host_run(10);
	c = host_fork(p, "c");
	CHECK_EQ(10000, eevdf_vruntime_us(c));
	CHECK_EQ(11500, eevdf_deadline_us(c));
	CHECK(eevdf_check(0));
}

/* Hogs on one CPU for 60 s after 2 s: each one's share of the CPU
 * against weight / sum of weights, worked out by hand from Linux's
 * sched_prio_to_weight (nice -5 3121, -3 1991, 0 1024, 2 655, 5 335,
 * 10 110, 19 15). */
static void shares_are(const int *nices, const double *want, int n)
{
	struct sched_task *t[8];
	uint32_t before[8];
	struct unit_table tab;
	char label[32];
	int i;

	host_boot(1, &sched_policy_eevdf);
	for (i = 0; i < n; i++)
		t[i] = host_spawn("hog", nices[i], 0);
	host_schedule(0);
	host_run(2000);
	for (i = 0; i < n; i++)
		before[i] = t[i]->run_ms;
	host_run(60000);
	CHECK(eevdf_check(0));
	unit_table_begin(&tab, "eevdf hog shares %, weight / total weight", 2.0);
	for (i = 0; i < n; i++) {
		snprintf(label, sizeof(label), "nice %d", nices[i]);
		unit_table_row(&tab, label, want[i], (t[i]->run_ms - before[i]) / 600.0);
	}
	unit_table_end(&tab);
}

UNIT_TEST(hog_shares_follow_the_weights_nice_0_5_10_19)
{
	static const int nices[4] = { 0, 5, 10, 19 };
	static const double want[4] = { 69.00, 22.57, 7.41, 1.01 };

	shares_are(nices, want, 4);
}

UNIT_TEST(hog_shares_follow_the_weights_nice_0_minus5_10)
{
	static const int nices[3] = { 0, -5, 10 };
	static const double want[3] = { 24.07, 73.35, 2.59 };

	shares_are(nices, want, 3);
}

UNIT_TEST(hog_shares_follow_the_weights_nice_minus3_0_2)
{
	static const int nices[3] = { -3, 0, 2 };
	static const double want[3] = { 54.25, 27.90, 17.85 };

	shares_are(nices, want, 3);
}

/* Forks, a nice change, sleeps, wake-ups across 2 CPUs and a switch to
 * nick and back: the tree, load and sum always match the queued tasks. */
UNIT_TEST(tree_and_sums_hold_through_fork_nice_sleep_and_switch)
{
	struct sched_task *t[6];
	char why[160];
	int i;

	host_boot(2, &sched_policy_eevdf);
	for (i = 0; i < 4; i++)
		t[i] = host_spawn("t", 3 * i - 4, i % 2);
	host_schedule(0);
	host_schedule(1);
	t[4] = host_fork(host_curr(0), "c0");
	t[5] = host_fork(host_curr(1), "c1");
	host_run(40);
	sched_set_nice(t[1], 10);
	host_sleep(host_curr(0));
	host_sleep(host_curr(1));
	host_run(40);
	CHECK(eevdf_check(0) && eevdf_check(1));
	CHECK_EQ(0, host_check(why, sizeof(why)));
	CHECK_EQ(0, sched_switch_policy(&sched_policy_nick));
	host_run(40);
	CHECK_EQ(0, sched_switch_policy(&sched_policy_eevdf));
	host_run(40);
	for (i = 0; i < 6; i++)
		if (t[i]->state == SCHED_TASK_SLEEPING)
			host_wake(t[i], NULL, SCHED_WAKER_KTHREAD, false);
	host_run(400);
	CHECK(eevdf_check(0) && eevdf_check(1));
	CHECK_EQ(0, host_check(why, sizeof(why)));
	CHECK_EQ(6, sched_rq[0].nr_running + sched_rq[1].nr_running);
}

/* 40 tasks on 2 CPUs for 3 s, each ms one of: a nice change (a queued
 * task's deadline moves), a yield, a sleep, a wake-up: check=1, which
 * recomputes every subtree's least deadline, holds after every ms. */
UNIT_TEST(subtree_minima_hold_through_nice_yield_sleep_and_wakeup)
{
	struct sched_task *t[40];
	unsigned int seed = 5, ms, r;
	int i;

	host_boot(2, &sched_policy_eevdf);
	for (i = 0; i < 40; i++)
		t[i] = host_spawn("t", i % 20 - 10, i % 2);
	host_schedule(0);
	host_schedule(1);
	for (ms = 0; ms < 3000; ms++) {
		seed = seed * 1103515245u + 12345u;
		r = seed >> 8;
		i = (int)(r % 40);
		if (r % 7 == 0)
			sched_set_nice(t[i], (int)(r % 40) - 20);
		else if (r % 7 == 1)
			sched_yield(host_curr(r % 2));
		else if (r % 7 == 2 && !host_curr(r % 2)->is_idle)
			host_sleep(host_curr(r % 2));
		else if (t[i]->state == SCHED_TASK_SLEEPING)
			host_wake(t[i], NULL, SCHED_WAKER_KTHREAD, false);
		host_run(1);
		if (!eevdf_check(0) || !eevdf_check(1)) {
			unit_fail(__FILE__, __LINE__, "check=1 fails after %u ms", ms);
			return;
		}
	}
}
