/*
 * test_sched_o1.c - policy o1 (stock 2.6.0-test4, the '-' lines).
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/o1.h"

static struct runqueue *rq0(void) { return &sched_rq[0]; }

UNIT_TEST(effective_prio)
{
	struct sched_task p;

	/* bonus = 1000*sleep_avg/10000/100 - 5; prio = static - bonus */
	sched_task_init(&p, 1, "t", 0);
	O1(&p)->sleep_avg = 0;      /* bonus -5 */
	CHECK_EQ(125, o1_effective_prio(&p));
	O1(&p)->sleep_avg = 1000;   /* 100/100 = 1: -4 */
	CHECK_EQ(124, o1_effective_prio(&p));
	O1(&p)->sleep_avg = 5000;   /* 0 */
	CHECK_EQ(120, o1_effective_prio(&p));
	O1(&p)->sleep_avg = 9999;   /* 999/100 = 9: +4 */
	CHECK_EQ(116, o1_effective_prio(&p));
	O1(&p)->sleep_avg = 10000;  /* +5 */
	CHECK_EQ(115, o1_effective_prio(&p));
	sched_task_init(&p, 1, "t", -20);
	O1(&p)->sleep_avg = 10000;  /* 100 - 5 = 95 -> clamp 100 */
	CHECK_EQ(100, o1_effective_prio(&p));
	sched_task_init(&p, 1, "t", 19);
	O1(&p)->sleep_avg = 0;      /* 139 + 5 -> clamp 139 */
	CHECK_EQ(139, o1_effective_prio(&p));
}

UNIT_TEST(timeslices_200_102_10)
{
	/* 10 + 190*(139 - static)/39 */
	static const int nices[5] = { -20, 0, 5, 10, 19 };
	static const int want[5] = { 200, 102, 78, 53, 10 };
	struct unit_table t;
	struct sched_task p;
	char label[32];
	int i;

	unit_table_begin(&t, "o1 task_timeslice(nice)", 0);
	for (i = 0; i < 5; i++) {
		sched_task_init(&p, 1, "t", nices[i]);
		snprintf(label, sizeof(label), "nice %d", nices[i]);
		unit_table_row(&t, label, want[i], o1_task_timeslice(&p));
	}
	unit_table_end(&t);
}

/*
 * The patch's own comment:
 *  TASK_INTERACTIVE(-20): [1,1,1,1,1,1,1,1,1,0,0]
 *  TASK_INTERACTIVE(-10): [1,1,1,1,1,1,1,0,0,0,0]
 *  TASK_INTERACTIVE(  0): [1,1,1,1,0,0,0,0,0,0,0]
 *  TASK_INTERACTIVE( 10): [1,1,0,0,0,0,0,0,0,0,0]
 *  TASK_INTERACTIVE( 19): [0,0,0,0,0,0,0,0,0,0,0]
 * X axis: prio = static_prio - 5 ... static_prio + 5.
 * DELTA = nice*10/40 + 2 with C truncation: -20 -> -3, -10 -> 0 (-100/40
 * truncates to -2), 0 -> 2, 10 -> 4, 19 -> 6; interactive iff offset <= -DELTA.
 * Rows -20, 0, 10, 19 match the comment.  Row -10 does not: the code gives
 * 6 ones, the comment 7 (it assumed -100/40 = -3).  The code wins.
 */
UNIT_TEST(task_interactive_table_from_patch_comment)
{
	static const int nices[5] = { -20, -10, 0, 10, 19 };
	static const int comment[5][11] = {
		{ 1,1,1,1,1,1,1,1,1,0,0 },
		{ 1,1,1,1,1,1,1,0,0,0,0 },
		{ 1,1,1,1,0,0,0,0,0,0,0 },
		{ 1,1,0,0,0,0,0,0,0,0,0 },
		{ 0,0,0,0,0,0,0,0,0,0,0 },
	};
	static const int code_minus10[11] = { 1,1,1,1,1,1,0,0,0,0,0 };
	struct unit_table t;
	struct sched_task p;
	char label[32];
	int i, o;

	unit_table_begin(&t, "o1 TASK_INTERACTIVE vs patch comment", 0);
	for (i = 0; i < 5; i++)
		for (o = -5; o <= 5; o++) {
			int want = i == 1 ? code_minus10[o + 5] : comment[i][o + 5];

			sched_task_init(&p, 1, "t", nices[i]);
			p.prio = p.static_prio + o;
			snprintf(label, sizeof(label), "nice %d prio %+d", nices[i], o);
			unit_table_row(&t, label, want, o1_task_interactive(&p));
		}
	unit_table_end(&t);
	/* the one disagreement with the comment: nice -10 at offset +1 */
	sched_task_init(&p, 1, "t", -10);
	p.prio = p.static_prio + 1;
	CHECK_EQ(1, comment[1][6]);
	CHECK_EQ(0, o1_task_interactive(&p));
}

UNIT_TEST(expired_starving)
{
	host_boot(1, &sched_policy_o1);
	rq0()->nr_running = 2;
	O1_RQ(rq0())->expired_timestamp = 0;
	CHECK(!o1_expired_starving(rq0()));          /* nothing expired */
	/* limit 10000*2 + 1 = 20001 jiffies since the first expiry */
	O1_RQ(rq0())->expired_timestamp = 5000;
	sched_host_jiffies = 5000 + 20000;
	CHECK(!o1_expired_starving(rq0()));
	sched_host_jiffies = 5000 + 20001;
	CHECK(o1_expired_starving(rq0()));
	rq0()->nr_running = 0;
	O1_RQ(rq0())->expired_timestamp = 0;
}

UNIT_TEST(interactive_task_stays_active_unless_starving)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_o1);
	a = host_spawn("x", 0, 0);
	b = host_spawn("hog", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	/* a: sleep_avg 10000 -> prio 115 <= 120 - 2: interactive */
	O1(a)->sleep_avg = 10000;
	O1(a)->time_slice = 1;
	host_tick();        /* slice ends: back into active, stays first */
	CHECK(a->array == ARRAYS(rq0())->active);
	CHECK_EQ(116, a->prio);    /* tick: 9999 -> +4 */
	CHECK_EQ(102, O1(a)->time_slice);
	CHECK_EQ(0, O1_RQ(rq0())->expired_timestamp);
	/* starving: the first expiry was 20001+ jiffies ago -> expired */
	O1_RQ(rq0())->expired_timestamp = sched_host_jiffies - 30000;
	O1(a)->time_slice = 1;
	host_tick();
	CHECK(a->array == ARRAYS(rq0())->expired);
	CHECK(host_curr(0) == b);
	/* hog b (prio 125) is never interactive: expired when its slice ends */
	O1(b)->time_slice = 1;
	O1_RQ(rq0())->expired_timestamp = 0;
	host_tick();     /* b expires; active is empty: the swap clears the stamp */
	CHECK_EQ(125, b->prio);
	CHECK(b->array == ARRAYS(rq0())->active && a->array == ARRAYS(rq0())->active);
	CHECK_EQ(0, O1_RQ(rq0())->expired_timestamp);
}

UNIT_TEST(wakeup_credit)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_o1);
	b = host_spawn("sleeper", 0, 0);
	a = host_spawn("hog", 0, 0);
	host_schedule(0);
	host_sleep(b);                 /* last_run = 1000 */
	/* woken at 1101: s = 1101 - 1000 - 1 = 100 -> sleep_avg 100,
	 * prio 120 - (1000*100/10000/100 - 5) = 125 (bonus still -5) */
	sched_host_jiffies = 1101;
	CHECK(host_wake(b, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK_EQ(100, O1(b)->sleep_avg);
	CHECK_EQ(125, b->prio);
	CHECK(!a->need_resched);       /* 125 is not < 125 */
	host_schedule(0);
	CHECK(host_curr(0) == a);
	/* a long sleep: credit capped at MAX_SLEEP_AVG 10000 -> prio 115,
	 * which preempts the 125 hog */
	host_run(1);                   /* b got the CPU? a is first in line */
	CHECK(host_curr(0) == a);
	O1(a)->time_slice = 1;
	host_tick();                   /* a expires, b runs */
	CHECK(host_curr(0) == b);
	host_sleep(b);                 /* last_run = now */
	sched_host_jiffies += 20000;
	CHECK(host_wake(b, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(10000, O1(b)->sleep_avg);
	CHECK_EQ(115, b->prio);
	CHECK(a->need_resched);
}

UNIT_TEST(sync_wakeup_no_credit_no_preempt)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_o1);
	b = host_spawn("sleeper", 0, 0);
	a = host_spawn("hog", 5, 0);
	host_schedule(0);
	host_sleep(b);
	sched_host_jiffies += 5000;
	CHECK(host_wake(b, a, SCHED_WAKER_USER, true));
	CHECK_EQ(0, O1(b)->sleep_avg);
	CHECK(!a->need_resched);
	/* a normal wake-up of a better task preempts: 120+5 (b) < 125+5 (a) */
}

UNIT_TEST(child_runs_first)
{
	struct sched_task *p, *c, *first;

	host_boot(1, &sched_policy_o1);
	p = host_spawn("parent", 0, 0);
	host_schedule(0);
	O1(p)->sleep_avg = 8000;
	/* time_slice 102: child (102+1)>>1 = 51, parent 102>>1 = 51 */
	c = host_fork(p, "child");
	CHECK_EQ(51, O1(c)->time_slice);
	CHECK_EQ(51, O1(p)->time_slice);
	CHECK_EQ(1, O1(c)->first_time_slice);
	/* sleep_avg: parent *100/100 = 8000, child 8000*50/100 = 4000, but the
	 * child takes the parent's prio and queues right before it */
	CHECK_EQ(8000, O1(p)->sleep_avg);
	CHECK_EQ(4000, O1(c)->sleep_avg);
	CHECK_EQ(p->prio, c->prio);
	first = list_first_entry(&ARRAYS(rq0())->active->queue[p->prio], struct sched_task, run_list);
	CHECK(first == c);
	CHECK(c->run_list.next == &p->run_list);
	host_schedule(0);
	CHECK(host_curr(0) == c);
}

UNIT_TEST(fork_with_one_jiffy_left_expires_parent)
{
	struct sched_task *p, *c;

	host_boot(1, &sched_policy_o1);
	p = host_spawn("parent", 0, 0);
	host_schedule(0);
	/* time_slice 1: child 1, parent 0 -> 1 and a tick: --1 == 0 expires */
	O1(p)->time_slice = 1;
	c = host_fork(p, "child");
	CHECK_EQ(1, O1(c)->time_slice);
	CHECK(p->array == ARRAYS(rq0())->expired);
	CHECK_EQ(102, O1(p)->time_slice);
	CHECK(c->array == ARRAYS(rq0())->expired);          /* before the parent */
	CHECK(c->run_list.next == &p->run_list);
}

UNIT_TEST(exit_refund_and_sleep_avg)
{
	struct sched_task *p, *c;

	host_boot(1, &sched_policy_o1);
	p = host_spawn("parent", -20, 0);
	host_schedule(0);
	/* nice -20: time_slice 200 -> 100 / 100 */
	c = host_fork(p, "child");
	CHECK_EQ(100, O1(p)->time_slice);
	/* refund 100 + 100 = 200, cap 200 */
	O1(p)->time_slice = 150;
	sched_exit(c);
	CHECK_EQ(200, O1(p)->time_slice);
	/* parent 8000, child 0: (3*8000 + 0)/4 = 6000 */
	O1(c)->first_time_slice = 0;
	O1(p)->sleep_avg = 8000;
	O1(c)->sleep_avg = 0;
	sched_exit(c);
	CHECK_EQ(6000, O1(p)->sleep_avg);
	CHECK_EQ(200, O1(p)->time_slice);
}

/* Quirk 5: o1 set_user_nice reschedules only a running task. */
UNIT_TEST(quirk5_set_nice_compares_with_itself)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_o1);
	a = host_spawn("run", 0, 0);
	b = host_spawn("queued", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	/* b to nice -10: prio = 110 (no bonus), better than a's 125, yet the
	 * test "NICE_TO_PRIO(nice) < p->static_prio" compares 110 < 110 */
	CHECK_EQ(0, sched_set_nice(b, -10));
	CHECK_EQ(110, b->prio);
	CHECK_EQ(110, b->static_prio);
	CHECK(!a->need_resched);
	/* the running task is always rescheduled */
	CHECK_EQ(0, sched_set_nice(a, 5));
	CHECK_EQ(125, a->prio);
	CHECK(a->need_resched);
	/* nick, same situation: delta < 0 reschedules */
	host_boot(1, &sched_policy_nick);
	a = host_spawn("run", 0, 0);
	b = host_spawn("queued", 0, 0);
	host_schedule(0);
	CHECK_EQ(0, sched_set_nice(b, -10));
	CHECK(a->need_resched);
}
