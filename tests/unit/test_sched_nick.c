/*
 * test_sched_nick.c - policy nick, rule by rule against the v7 patch.
 * Every expected value is worked by hand in the comment next to it.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

static struct runqueue *rq0(void) { return &sched_rq[0]; }

/* A task of the given prio/static prio, not on any queue. */
static void fake(struct sched_task *p, int prio, int static_prio)
{
	sched_task_init(p, 99, "fake", 0);
	p->prio = prio;
	p->static_prio = static_prio;
}

/* Boot one CPU with policy nick; `a` runs, `b` has run and now sleeps
 * since jiffies 1000 (timestamp 1000).  Clock left at 1000. */
static void setup_sleeper(struct sched_task **a, struct sched_task **b)
{
	host_boot(1, &sched_policy_nick);
	*b = host_spawn("sleeper", 0, 0);
	*a = host_spawn("runner", 0, 0);
	host_schedule(0);            /* b first: queued first at 130 */
	host_sleep(*b);              /* a runs */
}

/* Boot one CPU with policy nick and one task, "parent", running alone. */
static struct sched_task *running_parent(void)
{
	struct sched_task *p;

	host_boot(1, &sched_policy_nick);
	p = host_spawn("parent", 0, 0);
	host_schedule(0);
	return p;
}

UNIT_TEST(add_task_time_decays_and_rounds)
{
	struct sched_task p;

	sched_task_init(&p, 1, "t", 0);
	/* empty history, t=100 sleeping: total = sleep = 1000*100, avg 1000 */
	nick_add_task_time(&p, 100, 1);
	CHECK_EQ(100000, NICK(&p)->total_time);
	CHECK_EQ(100000, NICK(&p)->sleep_time);
	CHECK_EQ(1000, NICK(&p)->sleep_avg);
	/* t=100 running: r=900, both decay to (900*100000+500)/1000 = 90000;
	 * total += 100000 -> 190000; avg = 90000000/190000 = 473 */
	nick_add_task_time(&p, 100, 0);
	CHECK_EQ(190000, NICK(&p)->total_time);
	CHECK_EQ(90000, NICK(&p)->sleep_time);
	CHECK_EQ(473, NICK(&p)->sleep_avg);
	/* rounding to nearest: total 3, sleep 1, t=500: (500*3+500)/1000 = 2,
	 * (500*1+500)/1000 = 1; then +500000 to total only */
	NICK(&p)->total_time = 3;
	NICK(&p)->sleep_time = 1;
	nick_add_task_time(&p, 500, 0);
	CHECK_EQ(500002, NICK(&p)->total_time);
	CHECK_EQ(1, NICK(&p)->sleep_time);
	/* t = 0: nothing at all */
	nick_add_task_time(&p, 0, 1);
	CHECK_EQ(500002, NICK(&p)->total_time);
}

UNIT_TEST(add_task_time_resets_beyond_max_sleep)
{
	struct sched_task p;

	sched_task_init(&p, 1, "t", 0);
	NICK(&p)->total_time = 900000;
	NICK(&p)->sleep_time = 100;
	/* t = 2000 > MAX_SLEEP: t = 1000, history wiped: 1e6 / 1e6 -> 1000 */
	nick_add_task_time(&p, 2000, 1);
	CHECK_EQ(1000000, NICK(&p)->total_time);
	CHECK_EQ(1000000, NICK(&p)->sleep_time);
	CHECK_EQ(1000, NICK(&p)->sleep_avg);
	/* exactly MAX_SLEEP is not "beyond": r = 0 decays everything to 0
	 * ((0*x + 500)/1000 = 0), then + 1e6 run: avg 0 */
	nick_add_task_time(&p, 1000, 0);
	CHECK_EQ(1000000, NICK(&p)->total_time);
	CHECK_EQ(0, NICK(&p)->sleep_time);
	CHECK_EQ(0, NICK(&p)->sleep_avg);
}

UNIT_TEST(task_priority_table)
{
	/* prio = 100 + USER_PRIO(static)/2 + 20 - 40*avg/1000/2, clamped 100..139
	 * nice -20: 120 - bonus; nice 0: 130 - bonus; nice 19: 139 - bonus;
	 * bonus(0) 0, bonus(500) 10, bonus(1000) 20, bonus(2000) 40 (clamps) */
	static const int nices[3] = { -20, 0, 19 };
	static const unsigned int avgs[4] = { 0, 500, 1000, 2000 };
	static const int want[3][4] = {
		{ 120, 110, 100, 100 },
		{ 130, 120, 110, 100 },
		{ 139, 129, 119, 100 },
	};
	struct unit_table t;
	struct sched_task p;
	int i, j;
	char label[32];

	unit_table_begin(&t, "nick task_priority(nice, sleep_avg)", 0);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 4; j++) {
			sched_task_init(&p, 1, "t", nices[i]);
			NICK(&p)->sleep_avg = avgs[j];
			snprintf(label, sizeof(label), "nice %d avg %u", nices[i], avgs[j]);
			unit_table_row(&t, label, want[i][j], nick_task_priority(&p));
		}
	unit_table_end(&t);
	/* RT: unchanged */
	p.prio = 42;
	CHECK_EQ(42, nick_task_priority(&p));
}

UNIT_TEST(task_timeslice_spec_examples)
{
	struct sched_task q, p;

	host_boot(1, &sched_policy_nick);
	/* alone at 130: idx 130, delta 0, base 40, 40*(30+4)/8 = 170 */
	fake(&p, 130, 120);
	CHECK_EQ(170, nick_task_timeslice(&p, rq0()));
	/* a hog at 130 queued, p at 139 (nine levels below): base 40/10 = 4,
	 * 4*34/8 = 17 */
	fake(&q, 130, 120);
	enqueue_task(&q, ARRAYS(rq0())->expired);      /* expired counts too */
	fake(&p, 139, 139);
	CHECK_EQ(17, nick_task_timeslice(&p, rq0()));
	/* p at 132 / 135 next to 130: 40/3*34/8 = 13*34/8 = 55; 6*34/8 = 25 */
	p.prio = 132;
	CHECK_EQ(55, nick_task_timeslice(&p, rq0()));
	p.prio = 135;
	CHECK_EQ(25, nick_task_timeslice(&p, rq0()));
	/* p better than anything queued: idx = p->prio = 110: 40*14/8 = 70 */
	p.prio = 110;
	CHECK_EQ(70, nick_task_timeslice(&p, rq0()));
	dequeue_task(&q);
	/* alone at 100: 40*4/8 = 20; alone at 139: 40*43/8 = 215 */
	p.prio = 100;
	CHECK_EQ(20, nick_task_timeslice(&p, rq0()));
	p.prio = 139;
	CHECK_EQ(215, nick_task_timeslice(&p, rq0()));
	/* 39 levels below a 100: base 40/40 = 1, 1*4/8 = 0 -> at least 1 */
	q.prio = 100;
	enqueue_task(&q, ARRAYS(rq0())->active);
	CHECK_EQ(1, nick_task_timeslice(&p, rq0()));
	dequeue_task(&q);
	/* RT: MAX_TIMESLICE 20 */
	p.prio = 50;
	CHECK_EQ(20, nick_task_timeslice(&p, rq0()));
}

/* v7: MIN_TIMESLICE = (1*HZ/1000) ? 1*HZ/1000 : 1, derived from HZ. */
UNIT_TEST(min_timeslice_follows_hz)
{
	CHECK_EQ(1, NICK_MIN_TIMESLICE(100));      /* 100/1000 = 0 -> 1 */
	CHECK_EQ(1, NICK_MIN_TIMESLICE(999));      /* 0 -> 1 */
	CHECK_EQ(1, NICK_MIN_TIMESLICE(1000));     /* nickel's HZ */
	CHECK_EQ(2, NICK_MIN_TIMESLICE(2000));
	CHECK_EQ(10, NICK_MIN_TIMESLICE(10000));
	CHECK_EQ(1, NICK_MIN_TIMESLICE(HZ));
}

UNIT_TEST(task_preempts_curr)
{
	struct sched_task c, p;

	host_boot(1, &sched_policy_nick);
	fake(&c, 120, 120);
	rq0()->curr = &c;
	fake(&p, 119, 139);
	CHECK(nick_task_preempts_curr(&p, rq0()));    /* better prio */
	fake(&p, 120, 119);
	CHECK(nick_task_preempts_curr(&p, rq0()));    /* same prio, better nice */
	fake(&p, 120, 120);
	CHECK(!nick_task_preempts_curr(&p, rq0()));   /* a tie does not */
	fake(&p, 121, 100);
	CHECK(!nick_task_preempts_curr(&p, rq0()));   /* nice alone does not */
	rq0()->curr = rq0()->idle;
}

/* b slept 100 jiffies with 500 jiffies of run history (total 500000). */
static void give_history(struct sched_task *b)
{
	NICK(b)->total_time = 500000;
	NICK(b)->sleep_time = 0;
	NICK(b)->sleep_avg = 0;
	sched_host_jiffies += 100;
}

UNIT_TEST(activate_kthread_waker)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	give_history(b);
	/* add(b,100,1): r=900: total 450000+100000 = 550000, sleep 100000,
	 * avg 100000000/550000 = 181; bonus 40*181/1000/2 = 3 -> prio 127 */
	CHECK(host_wake(b, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK_EQ(550000, NICK(b)->total_time);
	CHECK_EQ(181, NICK(b)->sleep_avg);
	CHECK_EQ(127, b->prio);
	CHECK_EQ(1100, NICK(b)->timestamp);
	/* 127 < 130: preempts the runner */
	CHECK(a->need_resched);
}

UNIT_TEST(activate_irq_waker_gets_extra_half)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	give_history(b);
	/* as above, then add(b,50,1): r=950: total (950*550000+500)/1000 =
	 * 522500 + 50000 = 572500; sleep 95000 + 50000 = 145000;
	 * avg 145000000/572500 = 253; bonus 40*253/1000/2 = 5 -> 125 */
	CHECK(host_wake(b, NULL, SCHED_WAKER_IRQ, false));
	CHECK_EQ(572500, NICK(b)->total_time);
	CHECK_EQ(145000, NICK(b)->sleep_time);
	CHECK_EQ(253, NICK(b)->sleep_avg);
	CHECK_EQ(125, b->prio);
}

/* Quirk 1: a user waker takes half the credit and slice moves to it. */
UNIT_TEST(quirk1_user_waker_gets_the_credit)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	give_history(b);
	NICK(a)->total_time = 500000;
	NICK(a)->sleep_time = 0;
	NICK(a)->used_slice = 80;
	NICK(b)->used_slice = 10;
	/* boost 50 each: add(x,50,1), r=950: total 475000+50000 = 525000,
	 * sleep 50000, avg 50000000/525000 = 95, bonus 1 -> b prio 129.
	 * Waker a gets the same sleep credit (avg 95).
	 * steal = min(100/2, (ts(b) - 10)/2); ts(b): idx min(130 (a), 129) =
	 * 129, 40*33/8 = 165 -> (165-10)/2 = 77 -> steal 50:
	 * NICK(b)->used_slice 60 (b LOSES slice), NICK(a)->used_slice 80-50 = 30 (gains) */
	CHECK(host_wake(b, a, SCHED_WAKER_USER, false));
	CHECK_EQ(95, NICK(b)->sleep_avg);
	CHECK_EQ(129, b->prio);
	CHECK_EQ(95, NICK(a)->sleep_avg);
	CHECK_EQ(525000, NICK(a)->total_time);
	CHECK_EQ(60, NICK(b)->used_slice);
	CHECK_EQ(30, NICK(a)->used_slice);
	CHECK(a->need_resched);       /* 129 < 130 */
}

/* Linux's do_exit drops the mm (exit_mm) before exit_notify wakes the
 * parent: activate_task sees no current->mm, so the parent in wait gets a
 * kernel wake-up.  a = the exiting child (running), b = the parent. */
UNIT_TEST(exit_wakeup_gives_the_parent_full_credit)
{
	struct sched_task *a, *b;

	CHECK_EQ(SCHED_WAKER_USER, sched_waker_of(false, true));
	CHECK_EQ(SCHED_WAKER_KTHREAD, sched_waker_of(false, false));   /* mm dropped */
	CHECK_EQ(SCHED_WAKER_IRQ, sched_waker_of(true, true));
	CHECK_EQ(SCHED_WAKER_IRQ, sched_waker_of(true, false));
	setup_sleeper(&a, &b);
	give_history(b);                  /* parent slept 100 with 500 run */
	NICK(a)->total_time = 500000;
	NICK(a)->sleep_time = 0;
	NICK(a)->used_slice = 80;
	NICK(b)->used_slice = 10;
	/* kernel waker: add(b,100,1), r=900: total 450000+100000 = 550000,
	 * sleep 100000, avg 181, bonus 3 -> prio 127.  No steal: b keeps
	 * used_slice 10 (a user waker would have made it 60 and b's avg 95,
	 * see quirk1_user_waker_gets_the_credit); the child is untouched. */
	CHECK(host_wake(b, a, sched_waker_of(false, false), false));
	CHECK_EQ(550000, NICK(b)->total_time);
	CHECK_EQ(100000, NICK(b)->sleep_time);
	CHECK_EQ(181, NICK(b)->sleep_avg);
	CHECK_EQ(127, b->prio);
	CHECK_EQ(10, NICK(b)->used_slice);
	CHECK_EQ(500000, NICK(a)->total_time);
	CHECK_EQ(0, NICK(a)->sleep_time);
	CHECK_EQ(80, NICK(a)->used_slice);
}

/* Quirk 2: NICK(waker)->used_slice -= steal wraps; the waker expires next tick. */
UNIT_TEST(quirk2_waker_used_slice_wraps)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	sched_host_jiffies += 100;
	NICK(a)->used_slice = 20;
	NICK(b)->used_slice = 0;
	/* no history: b avg 1000 -> prio 110; ts(b) idx 110: 40*14/8 = 70;
	 * steal = min(50, 35) = 35; a: 20 - 35 wraps to 2^32 - 15 */
	CHECK(host_wake(b, a, SCHED_WAKER_USER, true));   /* sync: no preempt */
	CHECK_EQ(110, b->prio);
	CHECK_EQ(35, NICK(b)->used_slice);
	CHECK_EQ(4294967281u, NICK(a)->used_slice);
	CHECK(!a->need_resched);
	/* next tick: used_slice++ is >= ts: a expires at once */
	host_tick();
	CHECK(host_curr(0) == b);
	CHECK(a->array == ARRAYS(rq0())->expired);
	CHECK_EQ(0, NICK(a)->used_slice);
}

UNIT_TEST(activate_fresh_slice_after_array_swap)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	NICK(b)->used_slice = 10;
	NICK_RQ(rq0())->array_sequence++;         /* arrays swapped while b slept */
	sched_host_jiffies += 5;
	CHECK(host_wake(b, NULL, SCHED_WAKER_KTHREAD, true));
	CHECK_EQ(0, NICK(b)->used_slice);
	/* same sequence: the slice used is kept */
	host_schedule(0);
	CHECK(host_curr(0) == b || host_curr(0) == a);
}

UNIT_TEST(wake_return_values)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	CHECK(!host_wake(a, NULL, SCHED_WAKER_KTHREAD, false));  /* running */
	CHECK(host_wake(b, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK(!host_wake(b, NULL, SCHED_WAKER_KTHREAD, false));  /* already */
	/* set SLEEPING but not scheduled out yet: still queued, state only */
	a->state = SCHED_TASK_SLEEPING;
	CHECK(host_wake(a, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK_EQ(SCHED_TASK_RUNNING, a->state);
	CHECK_EQ(0, a->wakeups);
	CHECK_EQ(1, b->wakeups);
}

UNIT_TEST(fork_splits_the_slice)
{
	struct sched_task *p, *c;

	p = running_parent();
	/* alone at 130: ts 170; used 11: child 11 + 159/2 = 90,
	 * parent 11 + (159+1)/2 = 91 */
	NICK(p)->used_slice = 11;
	NICK(p)->total_time = 400000;
	NICK(p)->sleep_time = 200000;
	NICK(p)->sleep_avg = 500;
	c = host_fork(p, "child");
	CHECK_EQ(90, NICK(c)->used_slice);
	CHECK_EQ(91, NICK(p)->used_slice);
	CHECK_EQ(1, NICK(c)->first_time_slice);
	CHECK_EQ(1000, NICK(c)->timestamp);
	/* history: child sleep 200000/10 = 20000, total 400000/20 = 20000,
	 * avg 500*2 = 1000 -> prio 110; parent sleep 3*200000/4 = 150000,
	 * avg 1000*150000/400000 = 375 (prio not recomputed: 130) */
	CHECK_EQ(20000, NICK(c)->sleep_time);
	CHECK_EQ(20000, NICK(c)->total_time);
	CHECK_EQ(1000, NICK(c)->sleep_avg);
	CHECK_EQ(110, c->prio);
	CHECK_EQ(150000, NICK(p)->sleep_time);
	CHECK_EQ(375, NICK(p)->sleep_avg);
	CHECK_EQ(130, p->prio);
	CHECK(c->array == ARRAYS(rq0())->active && c->cpu == 0);
	CHECK_EQ(2, rq0()->nr_running);
	CHECK(p->need_resched);
	host_schedule(0);
	CHECK(host_curr(0) == c);     /* 110 beats 130 */
}

UNIT_TEST(fork_parent_expires)
{
	struct sched_task *p, *c;

	p = running_parent();
	/* used 169 of 170: child 169 + 1/2 = 169; parent 169 + 2/2 = 170 >= ts
	 * -> parent 169 and one tick: 170 >= 170 -> parent expires */
	NICK(p)->used_slice = 169;
	c = host_fork(p, "child");
	CHECK_EQ(169, NICK(c)->used_slice);
	CHECK(p->array == ARRAYS(rq0())->expired);
	CHECK_EQ(0, NICK(p)->used_slice);
	CHECK_EQ(0, NICK(p)->first_time_slice);
	CHECK(c->array == ARRAYS(rq0())->active);
}

UNIT_TEST(quirk3_child_sleep_avg_above_1000)
{
	struct sched_task *p, *c;

	p = running_parent();
	NICK(p)->total_time = 100000;
	NICK(p)->sleep_time = 80000;
	NICK(p)->sleep_avg = 800;
	c = host_fork(p, "child");
	/* 800*2 = 1600 per mille; bonus 40*1600/1000/2 = 32: 130-32 = 98,
	 * clamped at 100 (stays a normal task) */
	CHECK_EQ(1600, NICK(c)->sleep_avg);
	CHECK_EQ(100, c->prio);
}

UNIT_TEST(exit_refund_and_penalty)
{
	struct sched_task *p, *c;

	p = running_parent();
	NICK(p)->used_slice = 0;
	c = host_fork(p, "child");
	/* both 85 of 170; child prio 130 (avg 0): ts(child) 170 ->
	 * refund 170 - 85 = 85: parent 85 - 85 = 0 */
	CHECK_EQ(85, NICK(p)->used_slice);
	sched_exit(c);
	CHECK_EQ(0, NICK(p)->used_slice);
	/* quirk 2 again: child used 0 -> refund 170 from parent's 85 wraps */
	NICK(p)->used_slice = 85;
	NICK(c)->used_slice = 0;
	sched_exit(c);
	CHECK_EQ(4294967211u, NICK(p)->used_slice);
	/* hog child: parent avg 500 (total 400000, sleep 200000), child 0:
	 * add(parent, 250, 0): r=750: total 300000 + 250000 = 550000,
	 * sleep 150000, avg 150000000/550000 = 272 */
	NICK(c)->first_time_slice = 0;
	NICK(p)->total_time = 400000;
	NICK(p)->sleep_time = 200000;
	NICK(p)->sleep_avg = 500;
	NICK(c)->sleep_avg = 0;
	sched_exit(c);
	CHECK_EQ(550000, NICK(p)->total_time);
	CHECK_EQ(272, NICK(p)->sleep_avg);
}

/* Quirk 2's exception: a wrap that lands exactly on UINT_MAX is 0 after
 * the tick's ++, which is below any slice: the waker runs on, with a
 * fresh slice, instead of expiring. */
UNIT_TEST(quirk2_wrap_to_uint_max_gives_a_fresh_slice)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	sched_host_jiffies += 100;
	NICK(a)->used_slice = 34;
	NICK(b)->used_slice = 0;
	/* b: avg 1000, prio 110, ts(b) 70: steal = min(50, 70/2) = 35;
	 * a: 34 - 35 = 4294967295 (UINT_MAX) */
	CHECK(host_wake(b, a, SCHED_WAKER_USER, true));
	CHECK_EQ(4294967295u, NICK(a)->used_slice);
	/* tick: ++ gives 0; ts(a) next to b (130, 20 levels below 110):
	 * 40/21 = 1, 1*(10+4)/8 = 1; 0 >= 1 is false: a is not expired */
	host_tick();
	CHECK_EQ(0, NICK(a)->used_slice);
	CHECK(a->array == ARRAYS(rq0())->active);
	CHECK(host_curr(0) == a);
	/* the next tick: 1 >= 1, expired as usual */
	host_tick();
	CHECK(a->array == ARRAYS(rq0())->expired);
}

/* Wrap: steal's (task_timeslice(p) - NICK(p)->used_slice) is unsigned.  When p
 * used more than its slice is now (the slice shrank while p slept), the
 * difference wraps to ~2^32 and min() picks sleep/2: p loses sleep/2
 * jiffies of slice it no longer has, the waker gains them. */
UNIT_TEST(wrap_steal_from_a_shrunken_slice)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	sched_host_jiffies += 100;
	NICK(a)->used_slice = 60;
	NICK(b)->used_slice = 100;              /* same array generation: kept */
	/* b: prio 110, ts(b) 70 < 100: (70 - 100) wraps to 4294967266,
	 * /2 = 2147483633; steal = min(50, 2147483633) = 50:
	 * b 100 + 50 = 150, a 60 - 50 = 10 */
	CHECK(host_wake(b, a, SCHED_WAKER_USER, true));
	CHECK_EQ(110, b->prio);
	CHECK_EQ(150, NICK(b)->used_slice);
	CHECK_EQ(10, NICK(a)->used_slice);
}

/* Wrap: sched_fork's (ts - used) when the parent's used_slice is beyond
 * its (shrunken) slice.  The child gets ~2^31 and expires at its first
 * tick; the parent takes the "rare case" and expires at once. */
UNIT_TEST(wrap_fork_child_near_2_to_31_expires_on_its_first_tick)
{
	struct sched_task *p, *c;

	p = running_parent();
	/* alone at 130: ts 170; used 180: 170 - 180 wraps to 4294967286;
	 * child 180 + 4294967286/2 = 180 + 2147483643 = 2147483823;
	 * parent 180 + 4294967287/2 = 2147483823 >= 170 -> 169 + one tick
	 * -> expired, used 0 */
	NICK(p)->used_slice = 180;
	c = host_fork(p, "child");
	CHECK_EQ(2147483823u, NICK(c)->used_slice);
	CHECK(p->array == ARRAYS(rq0())->expired);
	CHECK_EQ(0, NICK(p)->used_slice);
	/* child (avg 0, prio 130) runs; its first tick: 2147483824 >= 170 */
	host_schedule(0);
	CHECK(host_curr(0) == c);
	/* both expired: the tick's schedule() swaps the arrays (sequence
	 * 0 -> 1) and the parent, queued there first, runs */
	host_tick();
	CHECK_EQ(0, NICK(c)->used_slice);
	CHECK_EQ(0, NICK(c)->first_time_slice);
	CHECK_EQ(1, NICK_RQ(rq0())->array_sequence);
	CHECK(host_curr(0) == p);
}

/* Wrap: sched_exit's refund ts(child) - NICK(child)->used_slice when the child
 * used more than its slice is at exit: the "refund" wraps and the
 * parent's used_slice grows, a penalty. */
UNIT_TEST(wrap_exit_refund_becomes_a_penalty)
{
	struct sched_task *p, *c;

	p = running_parent();
	NICK(p)->used_slice = 0;
	c = host_fork(p, "child");       /* both 85 of 170 */
	/* child still in its first slice, used 200 > ts(child) 170:
	 * 170 - 200 wraps to 4294967266; 85 - 4294967266 wraps to 115:
	 * the parent's used_slice goes 85 -> 115 (+30, not -refund) */
	NICK(c)->used_slice = 200;
	NICK(c)->sleep_avg = NICK(p)->sleep_avg;     /* no sleep penalty in this test */
	sched_exit(c);
	CHECK_EQ(115, NICK(p)->used_slice);
}

/* Quirk 4: prio becomes the new static prio (delta taken vs dynamic prio). */
UNIT_TEST(quirk4_set_nice_prio_is_static)
{
	struct sched_task *a, *b;

	setup_sleeper(&a, &b);
	sched_host_jiffies += 100;
	CHECK(host_wake(b, NULL, SCHED_WAKER_KTHREAD, true));
	CHECK_EQ(110, b->prio);          /* avg 1000 */
	/* nice 5: delta = 125 - 110 = 15; prio 110 + 15 = 125, not 115 */
	CHECK_EQ(0, sched_set_nice(b, 5));
	CHECK_EQ(125, b->static_prio);
	CHECK_EQ(125, b->prio);
	CHECK(!a->need_resched);         /* delta > 0, b not running */
	/* nice -5: delta 115 - 125 = -10 -> resched curr */
	CHECK_EQ(0, sched_set_nice(b, -5));
	CHECK_EQ(115, b->prio);
	CHECK(a->need_resched);
	CHECK(b->array == ARRAYS(rq0())->active && b->run_list.next != &b->run_list);
	CHECK_EQ(-SCHED_EINVAL, sched_set_nice(b, 20));
}
