/*
 * test_time_hidden.c - graded tests of lab `time` kept from the students
 * (labs/<lab>/hidden/ is never in a handout; labs/GRADING.md): odd
 * lengths and a nice other than 0, so that a solution fitted to the
 * handout's visible tests still has to follow the spec.  Every expected
 * value is worked by hand beside it, from docs/scheduler-spec.md.
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

UNIT_TEST(add_task_time_odd_lengths)
{
	struct sched_task p;

	sched_task_init(&p, 1, "t", 0);
	/* 333 jiffies asleep on an empty history: total = sleep = 333000,
	 * avg 1000 */
	nick_add_task_time(&p, 333, 1);
	GRADE_EQ("total_time after 333 ms asleep on an empty history", 333000, NICK(&p)->total_time);
	/* 77 running: r = 923; (923*333000 + 500)/1000 = 307359500/1000
	 * = 307359 for both; total + 77000 = 384359; sleep 307359;
	 * avg 1000*307359/384359 = 799 */
	nick_add_task_time(&p, 77, 0);
	GRADE_EQ("total_time after 333 ms asleep then 77 ms running", 384359, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after 333 ms asleep then 77 ms running", 307359, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after 333 ms asleep then 77 ms running", 799, NICK(&p)->sleep_avg);
}

UNIT_TEST(task_priority_at_nice_10_sleep_avg_333)
{
	struct sched_task p;

	sched_task_init(&p, 1, "t", 10);
	/* static_prio 130: USER_PRIO 30, /2 = 15, + 20 = 35;
	 * bonus 40*333/1000/2 = 13320/1000/2 = 13/2 = 6; 100 + 35 - 6 = 129 */
	NICK(&p)->sleep_avg = 333;
	GRADE_EQ("task_priority at nice 10, sleep_avg 333", 129, nick_task_priority(&p));
}

UNIT_TEST(add_task_time_beyond_max_sleep_running_wipes_sleep_time)
{
	struct sched_task p;

	sched_task_init(&p, 1, "t", 0);
	NICK(&p)->total_time = 900000;
	NICK(&p)->sleep_time = 500000;
	/* 1500 jiffies running: t > MAX_SLEEP, so t = 1000 and both sums are
	 * wiped: total = 0 + 1000*1000 = 1000000, sleep stays 0 (running),
	 * avg 1000*0/1000000 = 0 */
	nick_add_task_time(&p, 1500, 0);
	GRADE_EQ("total_time after 1500 ms running (history wiped)", 1000000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after 1500 ms running (history wiped, 500000 before)", 0, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after 1500 ms running (history wiped)", 0, NICK(&p)->sleep_avg);
}
