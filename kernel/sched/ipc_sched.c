/*
 * ipc_sched.c - what a synchronous IPC call asks of the scheduler
 * (kernel/ipc, docs/scheduler.md "IPC modes").
 *
 *   handoff   the caller blocks and the CPU goes straight to the server
 *             (and back on the reply): L4's direct process switch.  The
 *             woken task is queued as any wake-up queues it, and the next
 *             pick on this CPU takes it whatever the arrays say.
 *   donation  besides, the server runs on the caller's prio and what is
 *             left of the caller's slice, and the CPU it uses until the
 *             reply is charged to the caller (seL4 MCS scheduling-context
 *             donation; priority inheritance).
 *
 * rq->handoff is written and read under the rq lock; set_task_cpu clears
 * it when the task leaves this queue (migrate.c), so a pick never takes a
 * task of another CPU.
 */
#include "sched_impl.h"
#include "ipc_sched.h"

/* p waits in this CPU's active array (where a wake-up puts it; a task
 * running from the expired array would be rescheduled at the next tick). */
static bool queued_here(struct runqueue *rq, struct sched_task *p)
{
	return p->cpu == rq->cpu && p->array == rq->active &&
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

/* p's prio becomes prio; a queued p moves to that list of its array. */
static void set_prio_queued(struct sched_task *p, int prio)
{
	struct prio_array *a = p->array;

	if (a)
		dequeue_task(p);
	p->prio = prio;
	if (a)
		enqueue_task(p, a);
}

void sched_donate(struct sched_task *caller, struct sched_task *server,
		  struct sched_donation *d)
{
	unsigned long flags;
	struct runqueue *rq = task_rq_lock(server, &flags);

	d->prio = server->prio;
	d->time_slice = server->time_slice;
	d->used_slice = server->used_slice;
	d->run_ms = server->run_ms;
	/* only a better prio: a server never runs below its own */
	if (caller->prio < server->prio)
		set_prio_queued(server, caller->prio);
	server->time_slice = caller->time_slice;
	server->used_slice = caller->used_slice;
	d->active = true;
	task_rq_unlock(rq, flags);
}

void sched_donation_end(struct sched_task *server, struct sched_task *caller,
			struct sched_donation *d)
{
	unsigned long flags;
	struct runqueue *rq;
	unsigned int slice, used;
	uint32_t ran;

	if (!d->active)
		return;
	d->active = false;
	rq = task_rq_lock(server, &flags);
	slice = server->time_slice;
	used = server->used_slice;
	ran = server->run_ms - d->run_ms;
	server->run_ms = d->run_ms;
	server->time_slice = d->time_slice;
	server->used_slice = d->used_slice;
	set_prio_queued(server, d->prio);
	task_rq_unlock(rq, flags);

	rq = task_rq_lock(caller, &flags);
	caller->time_slice = slice;
	caller->used_slice = used;
	caller->run_ms += ran;
	task_rq_unlock(rq, flags);
}
