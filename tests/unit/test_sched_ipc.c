/*
 * test_sched_ipc.c - the scheduler's side of an IPC call (ipc_sched.c):
 * a handoff runs the woken server next whatever else is queued, and a
 * donation lends the caller's prio and slice and charges it the server's CPU.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/o1.h"
#include "sched/ipc_sched.h"

/* rr, one CPU: c runs, h1 and h2 wait; s sleeps (a server in recv). */
static void rr_setup(struct sched_task **c, struct sched_task **s,
		     struct sched_task **h1)
{
	host_boot(1, &sched_policy_rr);
	*s = host_spawn("server", 0, 0);
	*c = host_spawn("caller", 0, 0);
	*h1 = host_spawn("hog1", 0, 0);
	host_spawn("hog2", 0, 0);
	host_schedule(0);
	host_sleep(*s);                    /* the server waits for a call */
}

UNIT_TEST(queue_wake_runs_the_server_after_the_queued_hogs)
{
	struct sched_task *c, *s, *h1;

	rr_setup(&c, &s, &h1);
	CHECK(host_curr(0) == c);
	CHECK(host_wake(s, c, SCHED_WAKER_USER, true));
	host_sleep(c);                     /* the caller blocks for the reply */
	CHECK(host_curr(0) == h1);         /* rr: s went to the tail */
}

UNIT_TEST(handoff_runs_the_server_before_the_queued_hogs)
{
	struct sched_task *c, *s, *h1;
	char why[128];

	rr_setup(&c, &s, &h1);
	CHECK(sched_handoff_wake(s, c, SCHED_WAKER_USER));
	CHECK(sched_rq[0].handoff == s);
	host_sleep(c);
	CHECK(host_curr(0) == s);
	CHECK(sched_rq[0].handoff == NULL);          /* taken once */
	/* the reply hands back the same way */
	CHECK(sched_handoff_wake(c, s, SCHED_WAKER_USER));
	host_sleep(s);
	CHECK(host_curr(0) == c);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

/* Under nick the server (nice 19) is far below a nice -10 hog, and still
 * runs first on a handoff. */
UNIT_TEST(handoff_beats_a_better_prio_under_nick)
{
	struct sched_task *c, *s, *h;

	host_boot(1, &sched_policy_nick);
	s = host_spawn("server", 19, 0);
	host_schedule(0);
	host_sleep(s);                      /* waits in recv */
	c = host_spawn("caller", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == c);
	h = host_spawn("hog", -10, 0);      /* queued, not yet switched to */
	CHECK(h->prio < c->prio);
	CHECK(sched_handoff_wake(s, c, SCHED_WAKER_USER));
	host_sleep(c);
	CHECK(host_curr(0) == s);
	CHECK(h->prio < s->prio);
}

/* A server that may not run on the caller's CPU is woken where it may. */
UNIT_TEST(no_handoff_to_a_server_pinned_elsewhere)
{
	struct sched_task *c, *s;

	host_boot(2, &sched_policy_nick);
	s = host_spawn("server", 0, 1);
	c = host_spawn("caller", 0, 0);
	host_schedule(0);
	host_schedule(1);
	CHECK_EQ(0, sched_set_affinity(s, SCHED_CPU_BIT(1)));
	host_sleep(s);
	CHECK(!sched_handoff_wake(s, c, SCHED_WAKER_USER));
	CHECK_EQ(1, s->cpu);
	CHECK(sched_rq[0].handoff == NULL);
	CHECK_EQ(SCHED_TASK_RUNNING, s->state);
}

UNIT_TEST(donation_lends_prio_and_slice_and_charges_the_caller)
{
	struct sched_task *c, *s;
	struct sched_donation d = { 0 };
	unsigned int c_used;
	uint32_t c_run, s_run;
	int s_prio;
	char why[128];

	host_boot(1, &sched_policy_o1);
	s = host_spawn("server", 10, 0);
	c = host_spawn("caller", -10, 0);
	host_schedule(0);
	CHECK(host_curr(0) == c);           /* better prio */
	host_run(10);
	host_sleep(c);
	CHECK(host_curr(0) == s);
	host_run(3);
	host_sleep(s);                      /* s waits in recv */
	host_wake(c, NULL, SCHED_WAKER_IRQ, false);
	host_schedule(0);
	CHECK(host_curr(0) == c);
	c_run = c->run_ms;
	c_used = O1(c)->time_slice;
	s_run = s->run_ms;
	s_prio = s->prio;
	CHECK(c->prio < s->prio);
	/* the call: hand off, then the server takes the caller's context */
	CHECK(sched_handoff_wake(s, c, SCHED_WAKER_USER));
	host_sleep(c);
	CHECK(host_curr(0) == s);
	sched_donate(c, s, &d);
	CHECK_EQ(c->prio, s->prio);
	CHECK_EQ(c_used, O1(s)->time_slice);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	host_run(7);                        /* the server works 7 ms */
	CHECK(host_curr(0) == s);
	sched_donation_end(s, c, &d);
	CHECK_EQ(s_prio, s->prio);
	CHECK_EQ(s_run, s->run_ms);         /* not charged to the server */
	CHECK_EQ(c_run + 7, c->run_ms);     /* charged to the caller */
	CHECK_EQ(c_used - 7, O1(c)->time_slice);/* out of the caller's slice */
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

/* A server already better than its caller keeps its own prio. */
UNIT_TEST(donation_never_lowers_the_server)
{
	struct sched_task *c, *s;
	struct sched_donation d = { 0 };
	int s_prio;

	host_boot(1, &sched_policy_o1);
	s = host_spawn("server", -10, 0);
	c = host_spawn("caller", 10, 0);
	host_schedule(0);
	host_sleep(s);
	CHECK(host_curr(0) == c);
	s_prio = s->prio;
	CHECK(sched_handoff_wake(s, c, SCHED_WAKER_USER));
	host_sleep(c);
	sched_donate(c, s, &d);
	CHECK_EQ(s_prio, s->prio);
	sched_donation_end(s, c, &d);
	CHECK_EQ(s_prio, s->prio);
}
