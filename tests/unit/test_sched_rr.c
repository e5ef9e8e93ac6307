/*
 * test_sched_rr.c - policy rr: one FIFO per CPU, fixed slice, no preemption.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

UNIT_TEST(round_robin_order_and_fixed_slice)
{
	struct sched_task *t[3];
	int i;

	host_boot(1, &sched_policy_rr);
	t[0] = host_spawn("a", -20, 0);    /* nice ignored */
	t[1] = host_spawn("b", 0, 0);
	t[2] = host_spawn("c", 19, 0);
	host_schedule(0);
	for (i = 0; i < 6; i++) {
		CHECK(host_curr(0) == t[i % 3]);
		CHECK_EQ(120, t[i % 3]->prio);
		CHECK_EQ(100, sched_rr_interval(t[i % 3]));
		host_run(100);               /* exactly one slice */
	}
	CHECK_EQ(200, t[0]->run_ms);
	CHECK_EQ(200, t[2]->run_ms);
}

UNIT_TEST(rr_slice_ms_is_used)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_rr);
	rr_slice_ms = 7;
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	host_run(6);
	CHECK(host_curr(0) == a);
	host_run(1);
	CHECK(host_curr(0) == b);
	rr_slice_ms = 100;
}

UNIT_TEST(wakeup_to_tail_never_preempts)
{
	struct sched_task *a, *b, *c;

	host_boot(1, &sched_policy_rr);
	c = host_spawn("sleeper", -20, 0);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	host_sleep(c);
	CHECK(host_curr(0) == a);
	sched_host_jiffies += 5000;       /* a long sleep earns nothing */
	CHECK(host_wake(c, a, SCHED_WAKER_USER, false));
	CHECK(!a->need_resched);
	CHECK_EQ(120, c->prio);
	/* order now: a (running), b, c */
	host_run(100);
	CHECK(host_curr(0) == b);
	host_run(100);
	CHECK(host_curr(0) == c);
}

UNIT_TEST(rt_tasks_preempt_like_nick)
{
	struct sched_task *a, *rt;

	host_boot(1, &sched_policy_rr);
	rt = host_spawn("rt", 0, 0);
	a = host_spawn("a", 0, 0);
	CHECK_EQ(0, sched_setscheduler(rt, SCHED_RR, 10));
	host_schedule(0);
	CHECK(host_curr(0) == rt);        /* prio 89 */
	CHECK_EQ(89, rt->prio);
	CHECK_EQ(20, sched_rr_interval(rt));
	host_sleep(rt);
	CHECK(host_curr(0) == a);
	sched_host_jiffies += 10;
	CHECK(host_wake(rt, NULL, SCHED_WAKER_IRQ, false));
	CHECK(a->need_resched);
}

/* A SCHED_FIFO task keeps the CPU past any quantum, its equal waiting
 * (SCHED_RR's 20-jiffy turns: test_sched_api.c, under nick and rr). */
UNIT_TEST(rt_fifo_keeps_the_cpu_past_any_quantum)
{
	struct sched_task *f, *g;

	host_boot(1, &sched_policy_rr);
	f = host_spawn("f", 0, 0);
	g = host_spawn("g", 0, 0);
	CHECK_EQ(0, sched_setscheduler(f, SCHED_FIFO, 20));
	CHECK_EQ(0, sched_setscheduler(g, SCHED_FIFO, 20));
	host_schedule(0);
	CHECK(host_curr(0) == f);
	host_run(500);
	CHECK(host_curr(0) == f);
	CHECK_EQ(500, f->run_ms);
	CHECK_EQ(0, g->run_ms);
}

UNIT_TEST(yield_goes_to_tail)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_rr);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	sched_yield(a);
	CHECK(a->array == &sched_rq[0].queue);
	host_schedule(0);
	CHECK(host_curr(0) == b);
}
