/*
 * prio_arrays.c - 2.6.0's pair of priority arrays as a policy's own
 * queues (nick, o1 and mine keep their tasks here).
 *
 * The policy puts struct prio_arrays first in its run-queue area
 * (POLICY_RQ; ARRAYS(rq) reads it) and takes these functions as its queue
 * hooks, or calls them from its own:
 *   init_rq   arrays_init_rq    two empty arrays, `active` the first
 *   enqueue   arrays_enqueue    tail of active[prio] (2.6.0 __activate_task)
 *   dequeue   arrays_dequeue    off its array
 *   pick      arrays_pick       the head of the best list of active; an
 *                               empty active swaps with expired first
 *                               (inline in sched_impl.h, as is the tick's
 *                               arrays_expired_already)
 *   movable   arrays_movable    expired first, then active (2.6.0
 *                               load_balance: cache-cold first)
 *   yield     arrays_yield      to expired (2.6.0 sys_sched_yield)
 *   best      arrays_best       the best prio waiting in active
 *   check     arrays_check      both arrays sound, the counts right
 * A task that used its slice goes to expired by the policy's own tick
 * (dequeue_task, then enqueue_task(p, ARRAYS(rq)->expired)).
 *
 * Locking: rq locked, as for every hook (policy.h).
 */
#include "sched_impl.h"

void arrays_init_rq(struct runqueue *rq)
{
	struct prio_arrays *q = ARRAYS(rq);

	prio_array_init(&q->arrays[0]);
	prio_array_init(&q->arrays[1]);
	q->active = &q->arrays[0];
	q->expired = &q->arrays[1];
}

void arrays_enqueue(struct runqueue *rq, struct sched_task *p)
{
	enqueue_task(p, ARRAYS(rq)->active);
}

void arrays_dequeue(struct runqueue *rq UNUSED, struct sched_task *p)
{
	dequeue_task(p);
}

/* The task after `after` in 2.6.0 load_balance's order: the expired array
 * first (its tasks will not run soon: likely cache-cold), then active;
 * in each, best prio first and each list from its tail. */
struct sched_task *arrays_movable(struct runqueue *rq, struct sched_task *after)
{
	struct prio_arrays *q = ARRAYS(rq);
	struct prio_array *a = after ? after->array : q->expired;
	struct sched_task *p = prio_array_next_movable(a, after);

	if (!p && a == q->expired)
		p = prio_array_next_movable(q->active, NULL);
	return p;
}

/* 2.6.0 sys_sched_yield: a normal task goes to expired. */
void arrays_yield(struct runqueue *rq, struct sched_task *p)
{
	move_task(p, ARRAYS(rq)->expired);
}

/* The best prio waiting in active, the running task aside. */
int arrays_best(struct runqueue *rq)
{
	return prio_array_best_besides(ARRAYS(rq)->active, rq->curr, MAX_RT_PRIO);
}

/* check=1: both arrays sound, every queued task of the policy on one of
 * them, a running task in active (or expired, rescheduled). */
int arrays_check(struct runqueue *rq, char *why, size_t n)
{
	struct prio_arrays *q = ARRAYS(rq);
	struct sched_task *curr = rq->curr;
	unsigned int count = 0;

	if ((q->active != &q->arrays[0] && q->active != &q->arrays[1]) ||
	    q->expired == q->active ||
	    (q->expired != &q->arrays[0] && q->expired != &q->arrays[1]))
		return sched_snprintf(why, n, "cpu%d: the arrays' pointers are broken",
				      rq->cpu), -1;
	if (sched_check_array(rq, q->active, &count, why, n) ||
	    sched_check_array(rq, q->expired, &count, why, n))
		return -1;
	if (count != policy_nr_queued(rq))
		return sched_snprintf(why, n, "cpu%d: the arrays hold %u, the policy's share "
				      "of nr_running is %u", rq->cpu, count,
				      policy_nr_queued(rq)), -1;
	if (curr->on_rq && curr->array != &rq->queue && curr->array != q->active &&
	    !(curr->array == q->expired && curr->need_resched))
		return sched_snprintf(why, n, "cpu%d: running pid %d not in active (array %s)",
				      rq->cpu, curr->pid, curr->array ? "expired" : "none"), -1;
	return 0;
}
