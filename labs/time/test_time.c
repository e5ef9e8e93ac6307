/*
 * test_time.c - the graded tests of lab `time`: add_task_time,
 * task_priority and task_timeslice of policy nick (kernel/sched/nick.c),
 * against "[PATCH] scheduler policy v7" (Nick Piggin, LKML 2003) as
 * docs/scheduler-spec.md states it.  Every expected value is worked by
 * hand in the comment beside it.  labs/time/grade.py gives the points.
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

static struct runqueue *rq0(void) { return &sched_rq[0]; }

/* A fresh task (no history, nice `nice`), not on any queue. */
static void fresh(struct sched_task *p, int nice)
{
	sched_task_init(p, 1, "t", nice);
}

/* A task of the given prio (nice 0 unless static_prio says otherwise). */
static void at_prio(struct sched_task *p, int prio, int static_prio)
{
	sched_task_init(p, 99, "t", 0);
	p->prio = prio;
	p->static_prio = static_prio;
}

/* -------------------------------------------------------- add_task_time */

UNIT_TEST(add_task_time_first_sleep)
{
	struct sched_task p;

	fresh(&p, 0);
	/* empty history, 100 jiffies asleep: nothing to decay;
	 * total = sleep = 1000*100 = 100000; avg 1000*100000/100000 = 1000 */
	nick_add_task_time(&p, 100, 1);
	GRADE_EQ("total_time after add_task_time(p, 100, 1) on an empty history", 100000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after add_task_time(p, 100, 1) on an empty history", 100000, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after add_task_time(p, 100, 1) on an empty history", 1000, NICK(&p)->sleep_avg);
}

UNIT_TEST(add_task_time_decays_then_adds)
{
	struct sched_task p;

	fresh(&p, 0);
	NICK(&p)->total_time = 100000;
	NICK(&p)->sleep_time = 100000;
	/* 100 jiffies running: r = 1000 - 100 = 900; both decay to
	 * (900*100000 + 500)/1000 = 90000; total += 100000 -> 190000;
	 * sleep stays 90000; avg 1000*90000/190000 = 473 */
	nick_add_task_time(&p, 100, 0);
	GRADE_EQ("total_time after 100 ms run (total 100000, sleep 100000 before)", 190000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after 100 ms run (total 100000, sleep 100000 before)", 90000, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after 100 ms run (total 100000, sleep 100000 before)", 473, NICK(&p)->sleep_avg);
	/* 250 jiffies asleep: r = 750: total (750*190000 + 500)/1000 = 142500,
	 * sleep (750*90000 + 500)/1000 = 67500; both += 250000:
	 * 392500 and 317500; avg 1000*317500/392500 = 808 */
	nick_add_task_time(&p, 250, 1);
	GRADE_EQ("total_time after a further 250 ms asleep", 392500, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after a further 250 ms asleep", 317500, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after a further 250 ms asleep", 808, NICK(&p)->sleep_avg);
}

UNIT_TEST(add_task_time_rounds_to_nearest)
{
	struct sched_task p;

	fresh(&p, 0);
	/* total 1001, sleep 1001, 1 jiffy running: r = 999;
	 * 999*1001 = 999999: (999999 + 500)/1000 = 1000 (truncating: 999);
	 * total 1000 + 1000 = 2000, sleep 1000, avg 500 */
	NICK(&p)->total_time = 1001;
	NICK(&p)->sleep_time = 1001;
	nick_add_task_time(&p, 1, 0);
	GRADE_EQ("total_time: decay of 1001 by 999/1000 rounds to nearest, + 1000", 2000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time: decay of 1001 by 999/1000 rounds to nearest", 1000, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after the rounded decay", 500, NICK(&p)->sleep_avg);
	/* total 3, sleep 1, 500 jiffies running: r = 500:
	 * (500*3 + 500)/1000 = 2, (500*1 + 500)/1000 = 1 (truncating: 1, 0);
	 * total 2 + 500000 = 500002, sleep 1 */
	NICK(&p)->total_time = 3;
	NICK(&p)->sleep_time = 1;
	nick_add_task_time(&p, 500, 0);
	GRADE_EQ("total_time: 3 decayed by half rounds to 2, + 500000", 500002, NICK(&p)->total_time);
	GRADE_EQ("sleep_time: 1 decayed by half rounds to 1", 1, NICK(&p)->sleep_time);
}

UNIT_TEST(add_task_time_zero_changes_nothing)
{
	struct sched_task p;

	fresh(&p, 0);
	/* t = 0 returns at once: no decay, and no 0/0 on an empty history */
	nick_add_task_time(&p, 0, 1);
	GRADE_EQ("total_time after add_task_time(p, 0, 1) on an empty history", 0, NICK(&p)->total_time);
	GRADE_EQ("sleep_avg after add_task_time(p, 0, 1) on an empty history", 0, NICK(&p)->sleep_avg);
	NICK(&p)->total_time = 500000;
	NICK(&p)->sleep_time = 250000;
	NICK(&p)->sleep_avg = 500;
	nick_add_task_time(&p, 0, 0);
	GRADE_EQ("total_time after add_task_time(p, 0, 0) (500000 before)", 500000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after add_task_time(p, 0, 0) (250000 before)", 250000, NICK(&p)->sleep_time);
}

UNIT_TEST(add_task_time_beyond_max_sleep_wipes_history)
{
	struct sched_task p;

	fresh(&p, 0);
	NICK(&p)->total_time = 900000;
	NICK(&p)->sleep_time = 100;
	/* t = 2000 > MAX_SLEEP (1000): t = 1000 and the history is wiped:
	 * total = sleep = 1000000, avg 1000 */
	nick_add_task_time(&p, 2000, 1);
	GRADE_EQ("total_time after 2000 ms asleep (capped at MAX_SLEEP, history wiped)", 1000000, NICK(&p)->total_time);
	GRADE_EQ("sleep_avg after 2000 ms asleep", 1000, NICK(&p)->sleep_avg);
	/* exactly MAX_SLEEP is not beyond: r = 0 decays both to
	 * (0 + 500)/1000 = 0; then 1000 jiffies running: total 1000000,
	 * sleep 0, avg 0 */
	nick_add_task_time(&p, 1000, 0);
	GRADE_EQ("total_time after exactly MAX_SLEEP (1000 ms) running", 1000000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after exactly MAX_SLEEP (1000 ms) running", 0, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after exactly MAX_SLEEP (1000 ms) running", 0, NICK(&p)->sleep_avg);
}

/* -------------------------------------------------------- task_priority */

UNIT_TEST(task_priority_of_hogs_by_nice)
{
	/* sleep_avg 0, bonus 0: prio = 100 + USER_PRIO(static)/2 + 20;
	 * USER_PRIO(120 + nice) = 20 + nice:
	 * nice -20: 0/2 -> 120; 0: 20/2 = 10 -> 130; 5: 25/2 = 12 -> 132;
	 * 10: 30/2 = 15 -> 135; 19: 39/2 = 19 -> 139 */
	static const int nices[5] = { -20, 0, 5, 10, 19 };
	static const int want[5] = { 120, 130, 132, 135, 139 };
	struct sched_task p;
	char what[80];
	int i;

	for (i = 0; i < 5; i++) {
		fresh(&p, nices[i]);
		NICK(&p)->sleep_avg = 0;
		snprintf(what, sizeof(what), "task_priority of a hog (sleep_avg 0) at nice %d", nices[i]);
		GRADE_EQ(what, want[i], nick_task_priority(&p));
	}
}

UNIT_TEST(task_priority_sleep_bonus)
{
	/* nice 0 (130 - bonus), bonus = 40*sleep_avg/1000/2:
	 * 250: 10000/1000 = 10, /2 = 5 -> 125;  500: 20/2 = 10 -> 120;
	 * 999: 39960/1000 = 39, /2 = 19 -> 111; 1000: 40/2 = 20 -> 110 */
	static const unsigned int avgs[4] = { 250, 500, 999, 1000 };
	static const int want[4] = { 125, 120, 111, 110 };
	struct sched_task p;
	char what[80];
	int i;

	for (i = 0; i < 4; i++) {
		fresh(&p, 0);
		NICK(&p)->sleep_avg = avgs[i];
		snprintf(what, sizeof(what), "task_priority at nice 0, sleep_avg %u", avgs[i]);
		GRADE_EQ(what, want[i], nick_task_priority(&p));
	}
	/* nice 19, sleep_avg 500: 139 - 10 = 129 */
	fresh(&p, 19);
	NICK(&p)->sleep_avg = 500;
	GRADE_EQ("task_priority at nice 19, sleep_avg 500", 129, nick_task_priority(&p));
}

UNIT_TEST(task_priority_clamps_and_leaves_rt_alone)
{
	struct sched_task p;

	/* nice -20, sleep_avg 1000: 120 - 20 = 100, the best normal prio */
	fresh(&p, -20);
	NICK(&p)->sleep_avg = 1000;
	GRADE_EQ("task_priority at nice -20, sleep_avg 1000", 100, nick_task_priority(&p));
	/* a forked child's sleep_avg can exceed 1000 (spec quirk 3):
	 * nice 0, 1600: bonus 32, 130 - 32 = 98 -> clamped at 100 */
	fresh(&p, 0);
	NICK(&p)->sleep_avg = 1600;
	GRADE_EQ("task_priority at nice 0, sleep_avg 1600 (clamped)", 100, nick_task_priority(&p));
	/* a real-time task keeps its prio */
	fresh(&p, 0);
	p.prio = 42;
	GRADE_EQ("task_priority of a real-time task at prio 42", 42, nick_task_priority(&p));
}

/* ------------------------------------------------------- task_timeslice */

UNIT_TEST(task_timeslice_alone_on_the_cpu)
{
	struct sched_task p;

	host_boot(1, &sched_policy_nick);
	/* nothing queued: idx = p->prio, delta 0, base 40;
	 * 130: 40*(30+4)/8 = 170; 100: 40*4/8 = 20; 139: 40*43/8 = 215 */
	at_prio(&p, 130, 120);
	GRADE_EQ("task_timeslice at prio 130, alone on its CPU", 170, nick_task_timeslice(&p, rq0()));
	p.prio = 100;
	GRADE_EQ("task_timeslice at prio 100, alone on its CPU", 20, nick_task_timeslice(&p, rq0()));
	p.prio = 139;
	GRADE_EQ("task_timeslice at prio 139, alone on its CPU", 215, nick_task_timeslice(&p, rq0()));
	/* real time: MAX_TIMESLICE, 20 */
	p.prio = 50;
	GRADE_EQ("task_timeslice of a real-time task", 20, nick_task_timeslice(&p, rq0()));
}

UNIT_TEST(task_timeslice_below_the_best_queued)
{
	struct sched_task q, p;

	host_boot(1, &sched_policy_nick);
	/* q at 130 in the active array: idx 130.
	 * p at 139: delta 9, base 40/10 = 4, 4*34/8 = 17;
	 * p at 132: 40/3 = 13, 13*34/8 = 55; p at 135: 40/6 = 6, 6*34/8 = 25 */
	at_prio(&q, 130, 120);
	enqueue_task(&q, ARRAYS(rq0())->active);
	at_prio(&p, 139, 139);
	GRADE_EQ("task_timeslice at prio 139, a task at 130 in the active array", 17,
		 nick_task_timeslice(&p, rq0()));
	p.prio = 132;
	GRADE_EQ("task_timeslice at prio 132, a task at 130 in the active array", 55,
		 nick_task_timeslice(&p, rq0()));
	p.prio = 135;
	GRADE_EQ("task_timeslice at prio 135, a task at 130 in the active array", 25,
		 nick_task_timeslice(&p, rq0()));
	dequeue_task(&q);
	/* 39 levels below a task at 100: base 40/40 = 1, 1*4/8 = 0 -> 1 */
	q.prio = 100;
	enqueue_task(&q, ARRAYS(rq0())->active);
	p.prio = 139;
	GRADE_EQ("task_timeslice at prio 139, a task at 100 queued (at least 1)", 1,
		 nick_task_timeslice(&p, rq0()));
	dequeue_task(&q);
}

UNIT_TEST(task_timeslice_counts_the_expired_array)
{
	struct sched_task q, p;

	host_boot(1, &sched_policy_nick);
	/* q at 130 in the *expired* array counts as well: p at 139 -> 17 */
	at_prio(&q, 130, 120);
	enqueue_task(&q, ARRAYS(rq0())->expired);
	at_prio(&p, 139, 139);
	GRADE_EQ("task_timeslice at prio 139, a task at 130 in the expired array", 17,
		 nick_task_timeslice(&p, rq0()));
	/* p better than anything queued: idx = p->prio = 110, delta 0:
	 * 40*(10+4)/8 = 70 */
	p.prio = 110;
	GRADE_EQ("task_timeslice at prio 110, better than the 130 queued", 70,
		 nick_task_timeslice(&p, rq0()));
	dequeue_task(&q);
}

/* ------------------------------------------------ wiping the history */

UNIT_TEST(add_task_time_wipe_forgets_the_sleep_too)
{
	struct sched_task p;

	fresh(&p, 0);
	NICK(&p)->total_time = 900000;
	NICK(&p)->sleep_time = 400000;
	NICK(&p)->sleep_avg = 444;
	/* t = 2000 > MAX_SLEEP, running (sleep = 0): t = 1000 and both sums
	 * are wiped to 0; total += 1000000, sleep_time stays 0: avg 0.
	 * (Keeping the old sleep_time: 400000 and avg 400.) */
	nick_add_task_time(&p, 2000, 0);
	GRADE_EQ("total_time after 2000 ms running (capped, history wiped)", 1000000, NICK(&p)->total_time);
	GRADE_EQ("sleep_time after 2000 ms running (wiped, nothing added)", 0, NICK(&p)->sleep_time);
	GRADE_EQ("sleep_avg after 2000 ms running", 0, NICK(&p)->sleep_avg);
}
