/*
 * test_sched_direct.c - the IPC fast path's rules and its direct switch
 * (kernel/sched/direct.c, kernel/ipc/fastpath.h): when it may be taken,
 * and that a switch taken leaves the run queue as a wake-up and a
 * schedule() would have (rq->curr, nr_running, states, the counters).
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/direct.h"
#include "ipc/fastpath.h"

/* ---- the IPC side's rule: ipc=direct, no timeout, words only ---- */

UNIT_TEST(ipc_rule_takes_an_empty_untimed_message_under_direct)
{
	CHECK_EQ(IPC_FAST_OK, ipc_fast_rule(true, 0, 0));
}

UNIT_TEST(ipc_rule_refuses_other_modes_timeouts_and_buffers)
{
	CHECK_EQ(IPC_FAST_MODE, ipc_fast_rule(false, 0, 0));
	CHECK_EQ(IPC_FAST_TIMEOUT, ipc_fast_rule(true, 1, 0));
	CHECK_EQ(IPC_FAST_LONG, ipc_fast_rule(true, 0, 1));
	CHECK_EQ(IPC_FAST_TIMEOUT, ipc_fast_rule(true, 50, 256));  /* the first reason */
}

/* ---- the scheduler side's rule ---- */

UNIT_TEST(sched_rule_takes_a_blocked_peer_of_this_cpu)
{
	CHECK_EQ(SCHED_DIRECT_OK, sched_direct_rule(0, 0, true, true, false));
}

UNIT_TEST(sched_rule_refuses_each_unusual_case)
{
	CHECK_EQ(SCHED_DIRECT_OTHER_CPU, sched_direct_rule(0, 1, true, true, false));
	CHECK_EQ(SCHED_DIRECT_NOT_BLOCKED, sched_direct_rule(1, 1, false, true, false));
	CHECK_EQ(SCHED_DIRECT_NOT_ALLOWED, sched_direct_rule(1, 1, true, false, false));
	CHECK_EQ(SCHED_DIRECT_BETTER_QUEUED, sched_direct_rule(1, 1, true, true, true));
}

/* ---- the switch on a host machine: nick, one CPU ---- */

/* c runs; s (nice `server_nice`) sleeps, as a server waiting in recv. */
static void setup_under(const struct sched_policy *pol, struct sched_task **c,
			struct sched_task **s, int server_nice)
{
	host_boot(1, pol);
	*s = host_spawn("server", server_nice, 0);
	host_schedule(0);
	host_sleep(*s);
	*c = host_spawn("caller", 0, 0);
	host_schedule(0);
}

static void setup(struct sched_task **c, struct sched_task **s, int server_nice)
{
	setup_under(&sched_policy_nick, c, s, server_nice);
}

UNIT_TEST(direct_switch_leaves_the_queue_as_wakeup_and_schedule_would)
{
	struct sched_task *c, *s;
	struct runqueue *rq = cpu_rq(0);
	unsigned long flags;
	unsigned int running;
	uint32_t switches, c_switches, s_wakeups;
	char why[128];

	setup(&c, &s, 0);
	CHECK(host_curr(0) == c);
	running = rq->nr_running;
	switches = rq->nr_switches;
	c_switches = c->switches;
	s_wakeups = s->wakeups;
	CHECK_EQ(SCHED_DIRECT_OK, sched_direct_begin(s, NULL, &flags));
	sched_finish_switch(0, flags);
	CHECK(host_curr(0) == s);
	CHECK_EQ(SCHED_TASK_SLEEPING, c->state);
	CHECK(c->array == NULL);
	CHECK_EQ(SCHED_TASK_RUNNING, s->state);
	CHECK(s->array == ARRAYS(rq)->active);
	CHECK_EQ(running, rq->nr_running);          /* one left, one came */
	CHECK_EQ(switches + 1, rq->nr_switches);
	CHECK_EQ(c_switches + 1, c->switches);
	CHECK_EQ(s_wakeups + 1, s->wakeups);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	/* and back: the reply's switch */
	CHECK_EQ(SCHED_DIRECT_OK, sched_direct_begin(c, NULL, &flags));
	sched_finish_switch(0, flags);
	CHECK(host_curr(0) == c);
	CHECK_EQ(SCHED_TASK_SLEEPING, s->state);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

UNIT_TEST(direct_switch_refused_while_a_better_prio_waits_changes_nothing)
{
	struct sched_task *c, *s, *h;
	unsigned long flags;
	char why[128];

	setup(&c, &s, 19);
	h = host_spawn("hog", -10, 0);              /* queued, not yet run */
	CHECK(host_curr(0) == c);
	CHECK(h->prio < s->prio);
	CHECK_EQ(SCHED_DIRECT_BETTER_QUEUED, sched_direct_begin(s, NULL, &flags));
	CHECK(host_curr(0) == c);
	CHECK_EQ(SCHED_TASK_SLEEPING, s->state);
	CHECK(s->array == NULL);
	CHECK_EQ(SCHED_TASK_RUNNING, c->state);
	CHECK_EQ(0, host_check(why, sizeof(why)));  /* and no lock left held */
}

UNIT_TEST(direct_switch_refused_when_the_stop_word_is_set)
{
	struct sched_task *c, *s;
	unsigned long flags;
	volatile int signal = 9;
	char why[128];

	setup(&c, &s, 0);
	CHECK_EQ(SCHED_DIRECT_STOPPED, sched_direct_begin(s, &signal, &flags));
	CHECK(host_curr(0) == c);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

UNIT_TEST(direct_switch_refused_to_a_task_already_woken)
{
	struct sched_task *c, *s;
	unsigned long flags;

	setup(&c, &s, 0);
	CHECK(host_wake(s, c, SCHED_WAKER_USER, true));
	CHECK_EQ(SCHED_DIRECT_NOT_BLOCKED, sched_direct_begin(s, NULL, &flags));
	CHECK(host_curr(0) == c);
}

/* cfs keeps its own tree of the queued tasks (the running one out of it),
 * rr its slices: a direct switch there and back through their enqueue,
 * dequeue, running and stopping hooks leaves both sound (host_check runs
 * the policy's own check too). */
static void there_and_back_sound(const struct sched_policy *pol)
{
	struct sched_task *c, *s;
	unsigned long flags;
	char why[128];

	setup_under(pol, &c, &s, 0);
	host_spawn("hog", 5, 0);                    /* queued beside the caller */
	CHECK(host_curr(0) == c);
	CHECK_EQ(SCHED_DIRECT_OK, sched_direct_begin(s, NULL, &flags));
	sched_finish_switch(0, flags);
	CHECK(host_curr(0) == s);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	CHECK_EQ(SCHED_DIRECT_OK, sched_direct_begin(c, NULL, &flags));
	sched_finish_switch(0, flags);
	CHECK(host_curr(0) == c);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	host_run(50);                               /* ticks and picks go on */
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

UNIT_TEST(direct_switch_keeps_cfs_tree_sound)
{
	there_and_back_sound(&sched_policy_cfs);
}

UNIT_TEST(direct_switch_keeps_rr_sound)
{
	there_and_back_sound(&sched_policy_rr);
}
