/*
 * test_balance.c - the graded tests of lab `balance`: SMP load balancing
 * as in Linux 2.6.0 with v7's can_migrate_task and pull_task
 * (kernel/sched/balance.c; docs/scheduler-spec.md, "SMP").
 * Each test states the rule it checks and works the numbers by hand.
 * labs/balance/grade.py gives the points.
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

/* n hogs at nice 0 started on `cpu`. */
static void hogs_on(int n, int cpu)
{
	int i;

	for (i = 0; i < n; i++)
		host_spawn("hog", 0, cpu);
}

UNIT_TEST(idle_cpu_pulls_from_the_busiest)
{
	host_boot(3, &sched_policy_nick);
	hogs_on(4, 0);
	hogs_on(2, 1);
	host_schedule(0);
	host_schedule(1);
	/* CPU2 is idle: every 1 ms it looks for the busiest queue, CPU0 with
	 * 4 (CPU1 has 2), and pulls one task once one is cache-cold
	 * (jiffies - timestamp > 2): within 10 ms CPU0 4 -> 3, CPU2 0 -> 1 */
	host_run(10);
	GRADE_EQ("tasks on CPU0 (4 hogs) after 10 ms, CPU2 idle", 3, sched_rq[0].nr_running);
	GRADE_EQ("tasks on CPU1 (2 hogs) after 10 ms, CPU2 idle", 2, sched_rq[1].nr_running);
	GRADE_EQ("tasks on CPU2 (idle) after 10 ms", 1, sched_rq[2].nr_running);
}

UNIT_TEST(four_hogs_spread_two_and_two)
{
	host_boot(2, &sched_policy_nick);
	hogs_on(4, 0);
	host_schedule(0);
	/* idle CPU1 pulls one within a few ms (3 / 1); at the busy balance of
	 * jiffies 1200 the remote load is min(3, previous sample) = 3 once
	 * sampled, ours max(1, 1) = 1: imbalance (3-1)/2 = 1 and 1*4 >= 3:
	 * one more by 1400 (2 / 2) */
	host_run(10);
	GRADE_EQ("tasks on CPU0 10 ms after 4 hogs start there", 3, sched_rq[0].nr_running);
	host_run(400);
	GRADE_EQ("tasks on CPU0 410 ms after 4 hogs start there", 2, sched_rq[0].nr_running);
	GRADE_EQ("tasks on CPU1 410 ms after 4 hogs start there", 2, sched_rq[1].nr_running);
	/* balanced: 2 vs 2 has imbalance 0, nothing moves for 5 s */
	host_run(5000);
	GRADE_EQ("tasks moved to CPU1 in 5.4 s (no ping-pong)", 2, sched_rq[1].migrations_in);
	GRADE_EQ("tasks moved to CPU0 in 5.4 s (no ping-pong)", 0, sched_rq[0].migrations_in);
}

UNIT_TEST(busy_balance_needs_a_quarter_imbalance)
{
	host_boot(2, &sched_policy_o1);
	hogs_on(8, 0);
	hogs_on(6, 1);
	host_schedule(0);
	host_schedule(1);
	/* 8 vs 6: imbalance (8-6)/2 = 1, 1*4 < 8: a busy CPU leaves it */
	host_run(1000);
	GRADE_EQ("tasks moved in 1 s with 8 vs 6 hogs (imbalance 1 < 8/4)", 0,
		 sched_rq[0].migrations_in + sched_rq[1].migrations_in);
	host_boot(2, &sched_policy_o1);
	hogs_on(6, 0);
	hogs_on(2, 1);
	host_schedule(0);
	host_schedule(1);
	/* 6 vs 2: imbalance 2, 2*4 >= 6: CPU1 pulls 2 at one busy balance
	 * (a busy pull takes up to `imbalance` tasks): 4 vs 4 */
	host_run(1000);
	GRADE_EQ("tasks on CPU1 after 1 s with 6 vs 2 hogs (imbalance 2)", 4, sched_rq[1].nr_running);
	GRADE_EQ("tasks on CPU0 after 1 s with 6 vs 2 hogs (imbalance 2)", 4, sched_rq[0].nr_running);
}

UNIT_TEST(busy_pull_takes_expired_first)
{
	struct sched_task *t[4];

	host_scene_busy_pull(t, 4);
	/* CPU0: t0 runs 1000..1170 and expires, t1 1170..1340 and expires,
	 * t2 runs from 1340, t3 still waits in the active array.  At 1200
	 * CPU1 (busy, 1 task) sees CPU0's load as min(4, previous sample 0)
	 * = 0; at 1400 as 4: imbalance (4-1)/2 = 1, 1*4 >= 4: one task, from
	 * the expired array first, its list from the tail: t1 (not t3) */
	host_run(400);
	GRADE_EQ("CPU of t1 (expired, the tail of expired[130]) after the busy pull", 1, t[1]->cpu);
	GRADE_EQ("CPU of t3 (waiting in the active array) after the busy pull", 0, t[3]->cpu);
	GRADE_EQ("CPU of t0 (expired earlier, head of expired[130])", 0, t[0]->cpu);
	GRADE_EQ("CPU of t2 (running on CPU0, never pulled)", 0, t[2]->cpu);
}

UNIT_TEST(idle_pull_spares_cache_hot_tasks)
{
	struct sched_task *a, *b;

	host_boot(2, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	/* a runs on CPU0, b is queued.  An idle pull moves b only when
	 * jiffies - NICK(b)->timestamp > cache_decay_ticks (2) */
	sched_host_jiffies += 10;
	NICK(b)->timestamp = sched_host_jiffies - 2;     /* 2 <= 2: hot */
	host_schedule(1);
	GRADE_EQ("CPU of a task that ran 2 ticks ago, after CPU1's idle pull", 0, b->cpu);
	NICK(b)->timestamp = sched_host_jiffies - 3;     /* 3 > 2: cold */
	host_schedule(1);
	GRADE_EQ("CPU of a task that ran 3 ticks ago, after CPU1's idle pull", 1, b->cpu);
	GRADE_EQ("CPU of the running task a (never pulled)", 0, a->cpu);
}

UNIT_TEST(busy_pull_ignores_cache_heat)
{
	host_boot(2, &sched_policy_nick);
	cache_decay_ticks = 1000000;      /* every task cache-hot */
	hogs_on(3, 0);
	hogs_on(1, 1);
	host_schedule(0);
	host_schedule(1);
	/* CPU1 is busy: its pull ignores cache heat; 3 vs 1 -> one moves */
	host_run(400);
	cache_decay_ticks = 2;
	GRADE_EQ("tasks on CPU1 after 400 ms (3 vs 1, all cache-hot)", 2, sched_rq[1].nr_running);
}

UNIT_TEST(affinity_is_respected)
{
	int i;

	host_boot(2, &sched_policy_nick);
	for (i = 0; i < 4; i++) {
		struct sched_task *p = host_new_task("pinned", 0);

		sched_set_affinity(p, SCHED_CPU_BIT(0));
		sched_start_task(p, 0);
	}
	host_schedule(0);
	/* 4 tasks allowed on CPU0 only: CPU1 stays idle for 2 s */
	host_run(2000);
	GRADE_EQ("tasks on CPU1 after 2 s, 4 tasks pinned to CPU0", 0, sched_rq[1].nr_running);
	GRADE_EQ("CPU1's idle ms in 2 s", 2000, sched_rq[1].idle_ms);
}

UNIT_TEST(a_pulled_task_is_queued_and_counted)
{
	char why[160];

	host_boot(2, &sched_policy_nick);
	hogs_on(4, 0);
	host_schedule(0);
	host_run(10);
	/* the pulled task: on CPU1's active array, CPU1 its cpu, both
	 * nr_running counts moved (3 + 1 = 4 tasks), and it runs there */
	GRADE_EQ("nr_running on CPU0 + CPU1 after one pull (4 tasks)", 4,
		 sched_rq[0].nr_running + sched_rq[1].nr_running);
	GRADE_EQ("nr_running on CPU1 after one pull", 1, sched_rq[1].nr_running);
	GRADE_EQ("the pulled task runs on CPU1 (1 = yes)", 1,
		 !host_curr(1)->is_idle && host_curr(1)->cpu == 1);
	GRADE_EQ("run queues consistent after the pull (0 = yes; host_check)", 0,
		 host_check(why, sizeof(why)));
}

/* ------------------------------- find_busiest_queue: samples, ties, order */

UNIT_TEST(idle_cpu0_pulls_from_cpu1)
{
	host_boot(2, &sched_policy_nick);
	hogs_on(2, 1);
	host_schedule(1);
	/* CPU0 idle, CPU1 with 2: load 2 > 1, imbalance (2-0)/2 = 1; CPU1 has
	 * the higher id, so CPU0 locks it without dropping its own lock and
	 * re-checks with its own load 0: 2 > 0+1, pull the queued (not
	 * running) hog once cache-cold (jiffies - 1000 > 2): 1 and 1 */
	host_run(10);
	GRADE_EQ("tasks on CPU0 (idle) after 10 ms, 2 hogs on CPU1", 1, sched_rq[0].nr_running);
	GRADE_EQ("tasks on CPU1 after 10 ms, CPU0 idle", 1, sched_rq[1].nr_running);
}

UNIT_TEST(busy_balance_5_vs_3_stays)
{
	host_boot(2, &sched_policy_o1);
	hogs_on(5, 0);
	hogs_on(3, 1);
	host_schedule(0);
	host_schedule(1);
	/* CPU1: imbalance (5-3)/2 = 1, 1*4 = 4 < 5 (in the code: 1 <
	 * (5+3)/4 = 2): a busy CPU leaves it, for 1 s of busy balances */
	host_run(1000);
	GRADE_EQ("tasks moved in 1 s with 5 vs 3 hogs (imbalance 1, 1*4 < 5)", 0,
		 sched_rq[0].migrations_in + sched_rq[1].migrations_in);
	GRADE_EQ("tasks on CPU1 after 1 s with 5 vs 3 hogs", 3, sched_rq[1].nr_running);
}

UNIT_TEST(busy_cpu_counts_a_remote_queue_at_its_lower_sample)
{
	int i;

	host_boot(2, &sched_policy_o1);
	hogs_on(3, 0);
	hogs_on(4, 1);
	host_schedule(0);
	host_schedule(1);
	/* the busy balance at jiffies 1200 samples 3 and 4: balanced */
	host_run(200);
	/* CPU0 grows to 8.  At 1400 CPU1 sees min(8, sample 3) = 3 against
	 * its own max(4, 4) = 4: imbalance (3-4)/2 = 0, nothing moves (in
	 * signed int: in unsigned, 3 - 4 wraps to a huge imbalance) */
	hogs_on(5, 0);
	host_run(200);
	GRADE_EQ("tasks on CPU1 after CPU0 grew from 3 to 8 since the last sample", 4,
		 sched_rq[1].nr_running);
	/* two of CPU0's 8 go to sleep: 6.  At 1600 CPU1 sees min(6, sample 8)
	 * = 6: imbalance (6-4)/2 = 1 < (6+3)/4 = 2, nothing moves (with the
	 * old sample 8 it would be 2 >= (8+3)/4 and two would move) */
	for (i = 0; i < 2; i++)
		host_sleep(host_curr(0));
	host_run(200);
	GRADE_EQ("tasks on CPU1 after CPU0 shrank from 8 to 6 since the last sample", 4,
		 sched_rq[1].nr_running);
	GRADE_EQ("tasks on CPU0 (6 runnable, 2 asleep)", 6, sched_rq[0].nr_running);
	GRADE_EQ("tasks moved in all (none)", 0,
		 sched_rq[0].migrations_in + sched_rq[1].migrations_in);
}

UNIT_TEST(idle_cpu_pulls_from_the_first_of_two_equal_queues)
{
	host_boot(3, &sched_policy_nick);
	hogs_on(3, 0);
	hogs_on(3, 1);
	host_schedule(0);
	host_schedule(1);
	/* CPU2 idle; CPU0 and CPU1 both at 3: the first strictly greater load
	 * wins (load > max_load), so CPU0, the lower id: 2, 3, 1 */
	host_run(10);
	GRADE_EQ("tasks on CPU0 after 10 ms (3 hogs, ties with CPU1, lower id)", 2, sched_rq[0].nr_running);
	GRADE_EQ("tasks on CPU1 after 10 ms (3 hogs)", 3, sched_rq[1].nr_running);
	GRADE_EQ("tasks on CPU2 (idle) after 10 ms", 1, sched_rq[2].nr_running);
}
