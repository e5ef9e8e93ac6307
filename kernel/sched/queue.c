/*
 * queue.c - where a queued task waits: the core's queue or the policy's.
 *
 * Each run queue has one queue of the core's, a prio_array (rq->queue):
 * real-time prios 0..99, which the core runs before any normal task, and
 * the normal tasks of a policy with no queue of its own (rr: every task
 * at one prio, a FIFO).  A policy with an enqueue hook keeps its normal
 * tasks in queues it owns (nick, o1, mine: 2.6.0's pair of arrays,
 * prio_arrays.c; cfs, eevdf: a vtime_queue).  enqueue_rq and dequeue_rq
 * (sched_impl.h) choose; p->on_rq says "queued, in one or the other".
 *
 * rq->tasks lists every queued task, wherever it waits, for the slow
 * paths (the watchdog, the checks, the policy switch, a policy with no
 * movable hook); the core's only question of a policy's queues on a hot
 * path is direct.c's (sched_policy_best).  Locking: rq locked.
 */
#include "sched_impl.h"

/* p's prio becomes prio, p staying queued: on the same array of the same
 * owner when it stays in its band (2.6.0 set_user_nice: same array), else
 * out of one queue and into the other (a loan of a real-time prio). */
void sched_requeue_prio(struct runqueue *rq, struct sched_task *p, int prio)
{
	struct prio_array *a = p->array;

	if (!p->on_rq) {
		p->prio = prio;
	} else if ((prio < MAX_RT_PRIO) != (p->prio < MAX_RT_PRIO) &&
		   sched_active_policy->enqueue) {
		dequeue_rq(rq, p);
		p->prio = prio;
		enqueue_rq(rq, p);
	} else if (a) {
		dequeue_task(p);
		p->prio = prio;
		enqueue_task(p, a);
	} else {
		p->prio = prio;               /* cfs, eevdf: not queued by prio */
	}
}

/* fn(p, arg) for every task queued on rq, in the order they were
 * queued, stopping at the first false.  fn may take its task off rq, not
 * another. */
void sched_for_each_queued(struct runqueue *rq,
			   bool (*fn)(struct sched_task *p, void *arg), void *arg)
{
	struct list_node *n, *next;

	for (n = rq->tasks.next; n != &rq->tasks; n = next) {
		next = n->next;
		if (!fn(list_entry(n, struct sched_task, rq_node), arg))
			return;
	}
}

/* A bad pick's stand-in among the policy's tasks on rq: the one listed
 * first, which goes to the tail of the list (the next bad pick takes the
 * next one: round robin); NULL: none. */
struct sched_task *sched_policy_any(struct runqueue *rq)
{
	struct list_node *n;

	for (n = rq->tasks.next; n != &rq->tasks; n = n->next) {
		struct sched_task *p = list_entry(n, struct sched_task, rq_node);

		if (p->array != &rq->queue) {
			list_del(n);
			list_add_tail(n, &rq->tasks);
			return p;
		}
	}
	return NULL;
}

/* The best prio of the policy's tasks waiting on rq, the running one
 * aside (MAX_PRIO: none).  A policy that keeps no order by prio (no best
 * hook) answers 0 as soon as any task waits: better than anyone. */
int sched_policy_best(struct runqueue *rq)
{
	const struct sched_policy *pol = sched_active_policy;
	unsigned int waiting = policy_nr_queued(rq);

	if (!pol->enqueue)
		return MAX_PRIO;
	if (pol->best)
		return pol->best(rq);
	if (rq->curr->on_rq && rq->curr->array != &rq->queue)
		waiting--;
	return waiting ? 0 : MAX_PRIO;
}
