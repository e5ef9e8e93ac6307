/*
 * ipc_sched.c - what a synchronous IPC call asks of the scheduler
 * (kernel/ipc, docs/ipc.md "How a call schedules").
 *
 *   handoff   the caller blocks and the CPU goes straight to the server
 *             (and back on the reply): L4's direct process switch.  The
 *             woken task is queued as any wake-up queues it, and the next
 *             pick on this CPU takes it whatever the queues say.
 *   donation  besides, the server runs on the caller's prio and what is
 *             left of the caller's slice, and the CPU it uses until the
 *             reply is charged to the caller (seL4 MCS scheduling-context
 *             donation; priority inheritance).  Here: the loan and the
 *             charge of one record; the records and the prio they give
 *             are donation.c's; what a slice is, the policy's donate
 *             hook says.
 *
 * rq->handoff is written and read under the rq lock; set_task_cpu clears
 * it when the task leaves this queue (migrate.c), so a pick never takes a
 * task of another CPU.
 */
#include "sched_impl.h"
#include "ipc_sched.h"

/* p waits queued on this CPU, where a wake-up put it. */
static bool queued_here(struct runqueue *rq, struct sched_task *p)
{
	return p->cpu == rq->cpu && p->on_rq &&
	       p->state == SCHED_TASK_RUNNING && !task_running(rq, p);
}

bool sched_handoff_wake(struct sched_task *p, struct sched_task *waker,
			enum sched_waker kind)
{
	struct runqueue *rq = cpu_rq(sched_this_cpu());
	unsigned long flags;
	bool here;

	/* sync: pulls p to this CPU when it may run here (wakeup.c) */
	sched_wake_up(p, waker, kind, true);
	flags = sched_irq_save();
	sched_spin_lock(&rq->lock);
	here = queued_here(rq, p);
	rq->handoff = here ? p : NULL;
	if (here)
		resched_task(rq, rq->curr);
	sched_spin_unlock(&rq->lock);
	sched_irq_restore(flags);
	return here;
}

/* pick.c, rq locked: the task a handoff named, if it is still queued here. */
struct sched_task *sched_take_handoff(struct runqueue *rq)
{
	struct sched_task *p = rq->handoff;

	rq->handoff = NULL;
	return p && queued_here(rq, p) ? p : NULL;
}

/* Both tasks' run queues locked (CPU-id order), neither task moving
 * meanwhile: the donate hook's locking (policy.h). */
static void lock_pair(struct sched_task *a, struct sched_task *b, unsigned long *flags)
{
	*flags = sched_irq_save();
	for (;;) {
		struct runqueue *ra = task_rq(a), *rb = task_rq(b);

		double_rq_lock(ra, rb);
		if (ra == task_rq(a) && rb == task_rq(b))
			return;
		double_rq_unlock(ra, rb);
	}
}

static void unlock_pair(struct sched_task *a, struct sched_task *b, unsigned long flags)
{
	double_rq_unlock(task_rq(a), task_rq(b));
	sched_irq_restore(flags);
}

/* The policy's part of a loan: normal tasks only. */
static bool policy_may_donate(struct sched_task *caller, struct sched_task *server)
{
	return sched_active_policy->donate && !rt_task(caller) &&
	       caller->sched_class == SCHED_NORMAL && server->sched_class == SCHED_NORMAL;
}

_Static_assert(sizeof(((struct sched_donation *)0)->saved) ==
	       SCHED_DONATION_WORDS * sizeof(uint32_t), "sched_donation.saved");

void sched_donate(struct sched_task *caller, struct sched_task *server,
		  struct sched_donation *d, bool lend_slice)
{
	unsigned long flags;

	lock_pair(caller, server, &flags);
	d->run_ms = server->run_ms;
	d->gen = sched_policy_gen;
	d->lent = lend_slice && policy_may_donate(caller, server);
	if (d->lent)
		sched_active_policy->donate(task_rq(server), caller, server, d->saved, SCHED_LEND);
	d->active = true;
	unlock_pair(caller, server, flags);
}

uint32_t sched_donation_end(struct sched_task *server, struct sched_task *caller,
			    struct sched_donation *d)
{
	unsigned long flags;
	uint32_t ran, left;

	lock_pair(caller, server, &flags);
	if (d->active) {
		d->active = false;
		ran = sched_donation_ran(server->run_ms, d->run_ms);
		server->run_ms -= ran;
		caller->run_ms += ran;
		/* the policy's words belong to the policy that lent them */
		if (d->lent && d->gen == sched_policy_gen && sched_active_policy->donate)
			sched_active_policy->donate(task_rq(server), caller, server, d->saved,
						    SCHED_RETURN);
	}
	left = server->run_ms;
	unlock_pair(caller, server, flags);
	return left;
}
