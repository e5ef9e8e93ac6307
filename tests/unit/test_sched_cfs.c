/*
 * test_sched_cfs.c - policy cfs (kernel/sched/cfs.c): hog shares on one
 * CPU follow Linux's sched_prio_to_weight (within 2 points, several nice
 * mixes of our own), the tree holds exactly the queued tasks in vruntime
 * order, a sleeper wakes at min_vruntime minus half a latency and
 * preempts, a slice is the latency shared by weight, a yield gives way
 * only to a task within a wake-up granularity (the skip buddy).
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

#define WARMUP_MS  2000
#define MEASURE_MS 60000

/* Linux's sched_prio_to_weight, written out again: the test's own. */
static double weight_of(int nice)
{
	static const int w[40] = {
		88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
		9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586, 1277,
		1024, 820, 655, 526, 423, 335, 272, 215, 172, 137,
		110, 87, 70, 56, 45, 36, 29, 23, 18, 15,
	};
	return w[nice + 20];
}

static void shares_follow_weights(const int *nices, int n)
{
	struct sched_task *t[8];
	uint32_t start[8];
	struct unit_table tab;
	double total = 0;
	char label[32];
	int i;

	host_boot(1, &sched_policy_cfs);
	for (i = 0; i < n; i++)
		t[i] = host_spawn("hog", nices[i], 0);
	host_schedule(0);
	host_run(WARMUP_MS);
	for (i = 0; i < n; i++) {
		start[i] = t[i]->run_ms;
		total += weight_of(nices[i]);
	}
	host_run(MEASURE_MS);
	CHECK(cfs_check(0));
	unit_table_begin(&tab, "cfs hog shares %, expected from the weights", 2.0);
	for (i = 0; i < n; i++) {
		snprintf(label, sizeof(label), "nice %d", nices[i]);
		unit_table_row(&tab, label, 100.0 * weight_of(nices[i]) / total,
			       100.0 * (t[i]->run_ms - start[i]) / MEASURE_MS);
	}
	unit_table_end(&tab);
}

UNIT_TEST(hog_shares_follow_the_weight_table_nice_0_5_10_19)
{
	static const int nices[4] = { 0, 5, 10, 19 };

	shares_follow_weights(nices, 4);
}

UNIT_TEST(hog_shares_follow_the_weight_table_nice_0_1)
{
	static const int nices[2] = { 0, 1 };      /* 1024 : 820, 55.5 : 44.5 */

	shares_follow_weights(nices, 2);
}

UNIT_TEST(hog_shares_follow_the_weight_table_nice_minus5_0_0_3_7)
{
	static const int nices[5] = { -5, 0, 0, 3, 7 };

	shares_follow_weights(nices, 5);
}

UNIT_TEST(hog_shares_follow_the_weight_table_nice_0_x8)
{
	static const int nices[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };

	shares_follow_weights(nices, 8);
}

/* Two equal hogs: slices of 6 ms / 2 = 3 ms each, taking turns. */
UNIT_TEST(equal_hogs_take_turns_of_half_the_latency)
{
	struct sched_task *a, *b;
	struct sched_task_view v;

	host_boot(1, &sched_policy_cfs);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	sched_task_view(a, &v);
	CHECK_EQ(3, v.timeslice);
	host_run(3);
	CHECK(host_curr(0) == b);
	host_run(3);
	CHECK(host_curr(0) == a);
	CHECK_EQ(3, a->run_ms);
	CHECK_EQ(3, b->run_ms);
	CHECK(cfs_check(0));
}

/* Linux 6.1's skip buddy: a yield passes the CPU to the next task only
 * when that one is no more than a wake-up granularity (1 ms) further on.
 * b starts a slice behind (START_DEBIT: 6 ms, the latency, a alone
 * queued), so a's first yield keeps the CPU; 5 ms later the gap is 1 ms
 * and the yield gives way. */
UNIT_TEST(a_yield_gives_way_only_to_a_task_within_a_wakeup_granularity)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_cfs);
	a = host_spawn("a", 0, 0);
	host_schedule(0);
	host_run(1);                      /* the tick moves min_vruntime to a's */
	b = host_spawn("b", 0, 0);
	CHECK_EQ(6, cfs_vruntime(b) - cfs_vruntime(a));
	sched_yield(a);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	host_run(5);
	CHECK(host_curr(0) == a);
	CHECK_EQ(1, cfs_vruntime(b) - cfs_vruntime(a));
	sched_yield(a);
	host_schedule(0);
	CHECK(host_curr(0) == b);
	CHECK(cfs_check(0));
}

/* A long sleeper comes back half a latency (3 ms of nice-0 time) before
 * min_vruntime, not at its old vruntime far behind, and preempts the hog. */
UNIT_TEST(a_sleeper_wakes_at_min_vruntime_minus_half_a_latency_and_preempts)
{
	struct sched_task *s, *hog;

	host_boot(1, &sched_policy_cfs);
	s = host_spawn("sleeper", 0, 0);
	hog = host_spawn("hog", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == s);
	host_sleep(s);
	CHECK(host_curr(0) == hog);
	host_run(1000);
	CHECK_EQ(1000, hog->run_ms);
	CHECK(host_wake(s, NULL, SCHED_WAKER_IRQ, false));
	CHECK(hog->need_resched);
	CHECK_EQ(cfs_vruntime(hog) - 3, cfs_vruntime(s));
	host_schedule(0);
	CHECK(host_curr(0) == s);
	/* it runs its 3 ms of lag, not the 1000 ms it slept, then the hog */
	host_run(3);
	CHECK_EQ(3, s->run_ms);
	CHECK(host_curr(0) == hog);
	CHECK(cfs_check(0));
}

/* Forked children, nice changes, sleeps and a policy switch away and back:
 * the tree always holds exactly the queued tasks, in order. */
UNIT_TEST(the_tree_holds_exactly_the_queued_tasks_through_fork_nice_sleep_switch)
{
	struct sched_task *t[6];
	char why[160];
	int i;

	host_boot(2, &sched_policy_cfs);
	for (i = 0; i < 4; i++)
		t[i] = host_spawn("t", i - 2, i % 2);
	host_schedule(0);
	host_schedule(1);
	t[4] = host_fork(host_curr(0), "c0");
	t[5] = host_fork(host_curr(1), "c1");
	host_run(50);
	sched_set_nice(t[1], 10);
	host_sleep(host_curr(0));
	host_run(50);
	CHECK(cfs_check(0) && cfs_check(1));
	CHECK_EQ(0, host_check(why, sizeof(why)));
	CHECK_EQ(0, sched_switch_policy(&sched_policy_nick));
	host_run(50);
	CHECK_EQ(0, sched_switch_policy(&sched_policy_cfs));
	host_run(50);
	for (i = 0; i < 6; i++)
		if (t[i]->state == SCHED_TASK_SLEEPING)
			host_wake(t[i], NULL, SCHED_WAKER_KTHREAD, false);
	host_run(500);
	CHECK(cfs_check(0) && cfs_check(1));
	CHECK_EQ(0, host_check(why, sizeof(why)));
	CHECK_EQ(6, sched_rq[0].nr_running + sched_rq[1].nr_running);
}
