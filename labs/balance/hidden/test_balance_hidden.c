/*
 * test_balance_hidden.c - graded tests of lab `balance` kept from the
 * students (labs/<lab>/hidden/, never in a handout; labs/GRADING.md):
 * the ~25% rule at loads where rounding decides.  Worked by hand from
 * docs/scheduler-spec.md, "SMP (all policies, as in 2.6.0)".
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

/* n hogs at nice 0 started on `cpu`. */
static void hogs_on(int n, int cpu)
{
	int i;

	for (i = 0; i < n; i++)
		host_spawn("hog", 0, cpu);
}

/* Busy CPUs with a and b hogs, left alone for 1 s: tasks moved. */
static unsigned int moved_in_1_s(int a, int b)
{
	host_boot(2, &sched_policy_o1);
	hogs_on(a, 0);
	hogs_on(b, 1);
	host_schedule(0);
	host_schedule(1);
	host_run(1000);
	return sched_rq[0].migrations_in + sched_rq[1].migrations_in;
}

UNIT_TEST(busy_balance_rounds_the_quarter_up)
{
	/* 5 vs 3: imbalance (5-3)/2 = 1 < (5+3)/4 = 2: nothing moves */
	GRADE_EQ("tasks moved in 1 s with 5 vs 3 hogs (imbalance 1 < (5+3)/4 = 2)", 0,
		 moved_in_1_s(5, 3));
	/* 6 vs 4: imbalance 1 < (6+3)/4 = 2: nothing moves */
	GRADE_EQ("tasks moved in 1 s with 6 vs 4 hogs (imbalance 1 < (6+3)/4 = 2)", 0,
		 moved_in_1_s(6, 4));
}

UNIT_TEST(equal_loads_the_first_cpu_is_the_busiest)
{
	host_boot(3, &sched_policy_nick);
	hogs_on(4, 0);
	hogs_on(4, 1);
	host_schedule(0);
	host_schedule(1);
	/* idle CPU2 scans CPU0 then CPU1: both load 4; only a load above the
	 * maximum so far replaces the busiest (load > max_load), so CPU0 it
	 * is, and it pulls one cache-cold task from there within 10 ms:
	 * 3 / 4 / 1 (then CPU2 is busy and waits for its busy balance) */
	host_run(10);
	GRADE_EQ("tasks on CPU0 (4 hogs, as many as CPU1) after 10 ms, CPU2 idle", 3,
		 sched_rq[0].nr_running);
	GRADE_EQ("tasks on CPU1 (4 hogs) after 10 ms, CPU2 idle", 4, sched_rq[1].nr_running);
}
