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
	CHECK(c->prio < s->prio);
	/* the call: hand off, then the server takes the caller's context */
	CHECK(sched_handoff_wake(s, c, SCHED_WAKER_USER));
	host_sleep(c);
	CHECK(host_curr(0) == s);
	sched_donate(c, s, &d, true);
	sched_set_donated(s, c->prio);       /* ipc.c: the best of its records */
	CHECK_EQ(c->prio, s->prio);
	CHECK_EQ(c_used, O1(s)->time_slice);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	host_run(7);                        /* the server works 7 ms */
	CHECK(host_curr(0) == s);
	sched_donation_end(s, c, &d);
	sched_set_donated(s, SCHED_MAX_PRIO);
	CHECK_EQ(s->static_prio, s->prio);     /* its own from its nice now */
	CHECK(s->prio > c->prio);
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
	sched_donate(c, s, &d, true);
	sched_set_donated(s, c->prio);
	CHECK_EQ(s_prio, s->prio);
	sched_donation_end(s, c, &d);
	sched_set_donated(s, SCHED_MAX_PRIO);
	CHECK_EQ(s_prio, s->prio);              /* o1's own, untouched */
	CHECK(s->prio < c->prio);
}

/* The record arithmetic: the best of the own prio and the donations. */
UNIT_TEST(donation_effective_prio_is_the_best_of_base_and_donations)
{
	CHECK_EQ(120, sched_donation_effective(120, false, 0));   /* none */
	CHECK_EQ(110, sched_donation_effective(120, true, 110));  /* a better one */
	CHECK_EQ(105, sched_donation_effective(105, true, 130));  /* never lowers */
	CHECK_EQ(49, sched_donation_effective(120, true, 49));    /* FIFO caller */
}

/* A record charges what ran since it began, never a negative (a wrap). */
UNIT_TEST(donation_charge_never_wraps)
{
	CHECK_EQ(7u, sched_donation_ran(107, 100));
	CHECK_EQ(0u, sched_donation_ran(100, 100));
	CHECK_EQ(0u, sched_donation_ran(90, 100));               /* start after now */
	CHECK_EQ(5u, sched_donation_ran(2, 0xfffffffdu));          /* counter wrapped */
}

/* Two records on one server replied in the order received: the server
 * runs at the best caller's prio until that record ends, then at the
 * other's, then at its own from its nice as it is then (the nice changed
 * in the call); each caller is charged its own share, none negative. */
UNIT_TEST(donation_two_records_end_in_either_order)
{
	struct sched_task *c1, *c2, *s;
	struct sched_donation d1 = { 0 }, d2 = { 0 };
	uint32_t c2_run, left;

	host_boot(1, &sched_policy_o1);
	s = host_spawn("server", 10, 0);
	c1 = host_spawn("caller1", -10, 0);
	c2 = host_spawn("caller2", -5, 0);
	host_schedule(0);
	host_sleep(c1);
	host_sleep(c2);
	host_schedule(0);
	CHECK(host_curr(0) == s);
	sched_donate(c1, s, &d1, true);
	sched_set_donated(s, c1->prio);
	CHECK_EQ(c1->prio, s->prio);
	host_run(5);
	sched_donate(c2, s, &d2, false);
	sched_set_donated(s, c1->prio);           /* best of c1, c2 */
	CHECK(!d2.lent);                          /* one slice lent at a time */
	host_run(5);
	CHECK_EQ(0, sched_set_nice(s, 15));       /* the base moves under them */
	CHECK_EQ(c1->prio, s->prio);
	left = sched_donation_end(s, c1, &d1);
	if (d2.run_ms > left)
		d2.run_ms = left;                 /* ipc.c's clamp */
	sched_set_donated(s, c2->prio);
	CHECK_EQ(c2->prio, s->prio);
	c2_run = c2->run_ms;
	host_run(3);
	sched_donation_end(s, c2, &d2);
	sched_set_donated(s, SCHED_MAX_PRIO);
	CHECK_EQ(3u, c2->run_ms - c2_run);        /* not -7 (a wrap) */
	CHECK_EQ(NICE_TO_PRIO(15), s->static_prio);
	CHECK(s->prio >= 100);
	CHECK(s->prio > c2->prio);
}

/* A server on a FIFO caller's donation forks: the child is SCHED_OTHER
 * and starts from the parent's own prio, not the donation (a prio below
 * 100 would make it real time for ever: rt_task() reads the prio). */
UNIT_TEST(a_child_forked_on_a_donation_does_not_inherit_it)
{
	struct sched_task *s, *c, *kid;
	struct sched_donation d = { 0 };

	host_boot(1, &sched_policy_nick);
	s = host_spawn("server", 0, 0);
	c = host_spawn("caller", 0, 0);
	sched_setscheduler(c, SCHED_FIFO, 10);     /* prio 89 */
	sched_donation_begin(c, s, &d);
	CHECK_EQ(89, s->prio);
	kid = host_fork(s, "kid");
	CHECK_EQ(SCHED_NORMAL, kid->sched_class);
	CHECK(kid->prio >= 100);                   /* nick's own: 120 + a bonus */
	sched_donation_finish(&d);
	CHECK(s->prio >= 100);
	CHECK(kid->prio >= 100);
}

/* A server lent a real-time prio waits in the core's queue, before every
 * normal task, and goes back to its policy's own queue when the loan
 * ends: nick's active array, cfs's tree (on no array).  The checks of
 * both (the core's and the policy's) hold at each step. */
UNIT_TEST(a_lent_real_time_prio_moves_the_server_to_the_cores_queue_and_back)
{
	const struct sched_policy *pols[2] = { &sched_policy_nick, &sched_policy_cfs };
	struct sched_task *s, *c;
	char why[160];
	int k;

	for (k = 0; k < 2; k++) {
		struct sched_donation d = { 0 };

		host_boot(1, pols[k]);
		s = host_spawn("server", 0, 0);
		c = host_spawn("caller", 0, 0);
		sched_setscheduler(c, SCHED_FIFO, 10);     /* prio 89 */
		CHECK(s->array != &sched_rq[0].queue);
		sched_donation_begin(c, s, &d);
		CHECK_EQ(89, s->prio);
		CHECK(s->on_rq && s->array == &sched_rq[0].queue);
		CHECK_EQ(0, host_check(why, sizeof(why)));
		sched_donation_finish(&d);
		CHECK(s->prio >= 100 && s->on_rq);
		if (k == 0)
			CHECK(s->array == ARRAYS(&sched_rq[0])->active);
		else
			CHECK(s->array == NULL);
		CHECK_EQ(0, host_check(why, sizeof(why)));
	}
}
