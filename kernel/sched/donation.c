/*
 * donation.c - priority donation records, nested and chained (donation.h;
 * docs/ipc.md "How a call schedules"; lab `donate`, labs/donate/README.md).
 *
 * Under ipc=donate a server holds one record per call it has received and
 * not answered, on any endpoint it serves.  Its prio is the best of its
 * own (from its class and nice as they are now) and of every record's
 * caller: donations nest.  A caller that is itself a server passes on what
 * it holds: A calls B, which calls C, and C runs at least at A's prio until
 * B's call ends: donations chain, DONATION_DEPTH links deep, and a task met
 * twice (a cycle) stops the walk.  A record ends alone: the reply drops it
 * and the server's prio is computed again from what it still holds.  This
 * is Pintos' priority donation ("Pintos Projects: Threads", 2.2.3) with
 * IPC calls where Pintos has locks.
 *
 * Lock: donation_lock protects every record's links (t->donations,
 * t->waiting, d->next).  Order: the IPC lock, donation_lock, run-queue
 * locks (sched_set_donated and ipc_sched.c take those).  Taken with
 * interrupts off, never from an interrupt.
 */
#include "sched_impl.h"
#include "ipc_sched.h"
#include "donation.h"

static sched_lock_t donation_lock;

void sched_donation_init(void)
{
	sched_lock_init(&donation_lock);
}

/* p's prio becomes prio; a queued p moves to that list of its array
 * (or to the core's queue and back, sched_requeue_prio); a running p
 * that got worse, or a queued p that now beats the running task,
 * reschedules.  rq locked.  (UNUSED: only the lab's code calls it, and
 * the handout's stub does not.) */
static UNUSED void set_prio(struct runqueue *rq, struct sched_task *p, int prio)
{
	int old = p->prio;

	if (prio == old)
		return;
	sched_requeue_prio(rq, p, prio);
	if (task_running(rq, p) ? prio > old : p->on_rq && prio < rq->curr->prio)
		resched_task(rq, rq->curr);
}

/* p's own prio from its class and nice as they are now (2.6.0
 * setscheduler's rule), never from a copy saved at the loan.  A normal
 * prio the policy set itself (a bonus, not a donation) is its own too. */
int sched_donation_own_prio(struct sched_task *p)
{
	bool lent = p->donated && p->prio == p->donated_prio;

	if (p->sched_class != SCHED_NORMAL)
		return rt_prio_of(p->rt_priority);
	if (sched_active_policy->prio)
		return sched_active_policy->prio(p);
	return p->prio >= MAX_RT_PRIO && !lent ? p->prio : p->static_prio;
}

int sched_donation_effective(int base, bool donated, int donated_prio)
{
	return donated && donated_prio < base ? donated_prio : base;
}

/* ---- the lab: the records and the prio they give ---- */

void sched_set_donated(struct sched_task *p, int best)
{
	/* LAB donate: begin */
	unsigned long flags;
	struct runqueue *rq = task_rq_lock(p, &flags);
	int own = sched_donation_own_prio(p);   /* before the fields change */

	p->donated = best < SCHED_MAX_PRIO;
	p->donated_prio = best;
	set_prio(rq, p, sched_donation_effective(own, p->donated, best));
	task_rq_unlock(rq, flags);
	/* LAB donate: end */
}

/* t's records changed: t's prio becomes the best of its own and its
 * callers' prios as they are now, then the same for the server of the
 * call t waits in, and so on down the chain (DONATION_DEPTH tasks at
 * most; a task met twice is a cycle and ends the walk). */
static void donation_recompute(struct sched_task *t)
{
	/* LAB donate: begin */
	struct sched_task *seen[DONATION_DEPTH];
	struct sched_donation *r;
	int depth, i, best;

	for (depth = 0; t && depth < DONATION_DEPTH; depth++) {
		for (i = 0; i < depth; i++)
			if (seen[i] == t)
				return;
		seen[depth] = t;
		best = SCHED_MAX_PRIO;
		for (r = t->donations; r; r = r->next)
			if (r->caller->prio < best)
				best = r->caller->prio;
		sched_set_donated(t, best);
		t = t->waiting ? t->waiting->server : NULL;
	}
	/* LAB donate: end */
}

/* d (its caller and server set, its loan made) joins its server's records;
 * its caller now waits in it; the server's chain is recomputed. */
static void donation_hold(struct sched_donation *d)
{
	/* LAB donate: begin */
	d->next = d->server->donations;
	d->server->donations = d;
	d->caller->waiting = d;
	donation_recompute(d->server);
	/* LAB donate: end */
}

/* d (charged: the server's run_ms is now `left`) leaves its server's
 * records, and only d; its caller waits in nothing.  A record still held
 * that began later than `left` starts at `left` (serial arithmetic: what
 * d was charged is not charged twice, and no charge goes negative).  The
 * server's chain is recomputed. */
static void donation_drop(struct sched_donation *d, uint32_t left)
{
	/* LAB donate: begin */
	struct sched_donation **pp, *r;

	for (pp = &d->server->donations; *pp; pp = &(*pp)->next)
		if (*pp == d) {
			*pp = d->next;
			break;
		}
	d->next = NULL;
	d->caller->waiting = NULL;
	for (r = d->server->donations; r; r = r->next)
		if ((int32_t)(r->run_ms - left) > 0)
			r->run_ms = left;
	donation_recompute(d->server);
	/* LAB donate: end */
}

/* The ms a record that began at `start` charges at `now`: run_ms counters
 * wrap (serial arithmetic, RFC 1982); a start after now charges nothing. */
uint32_t sched_donation_ran(uint32_t now, uint32_t start)
{
	/* LAB donate: begin */
	return (int32_t)(now - start) > 0 ? now - start : 0;
	/* LAB donate: end */
}

/* ---- the records' entry points (ipc.c, params.c) ---- */

void sched_donation_begin(struct sched_task *caller, struct sched_task *server,
			  struct sched_donation *d)
{
	unsigned long flags = sched_irq_save();
	struct sched_donation *r;
	bool lend = true;

	sched_spin_lock(&donation_lock);
	/* one record of a server lends a slice: the loans return in order */
	for (r = server->donations; r; r = r->next)
		lend = lend && !r->lent;
	d->caller = caller;
	d->server = server;
	d->next = NULL;
	sched_donate(caller, server, d, lend);
	donation_hold(d);
	sched_spin_unlock(&donation_lock);
	sched_irq_restore(flags);
}

void sched_donation_finish(struct sched_donation *d)
{
	unsigned long flags = sched_irq_save();
	uint32_t left;

	sched_spin_lock(&donation_lock);
	left = sched_donation_end(d->server, d->caller, d);
	donation_drop(d, left);
	sched_spin_unlock(&donation_lock);
	sched_irq_restore(flags);
}

void sched_donation_moved(struct sched_task *p)
{
	unsigned long flags = sched_irq_save();

	sched_spin_lock(&donation_lock);
	if (p->waiting)
		donation_recompute(p->waiting->server);
	sched_spin_unlock(&donation_lock);
	sched_irq_restore(flags);
}
