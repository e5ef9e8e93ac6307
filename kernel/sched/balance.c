/*
 * balance.c - SMP load balancing, as in Linux 2.6.0 (non-NUMA), with v7's
 * can_migrate_task and pull_task.  Portable: no CPU-specific code.
 *
 *  - rebalance_tick: an idle CPU tries every IDLE_REBALANCE_TICK (1 ms), a
 *    busy one every BUSY_REBALANCE_TICK (200 ms); schedule() pulls at once
 *    when its queue is empty.
 *  - find_busiest_queue: loads are damped with the previous sample (busy
 *    only: remote = min(now, prev), ours = max(now, prev)); the busiest
 *    must have at least 2 tasks; imbalance = (max - ours) / 2; a busy CPU
 *    needs a ~25% imbalance.
 *  - load_balance: real-time tasks first (the core's queue, best prio
 *    first, tail of each list first), then the policy's tasks in the order
 *    its movable hook names them (nick, o1: 2.6.0's, the expired array
 *    first, cache-cold; no hook: the one queued last first); an idle pull
 *    takes one task, a busy one up to `imbalance` tasks.
 *
 * Locking: called with this_rq->lock held (irqs off); the busiest queue is
 * locked in CPU-id order, which may drop and retake this_rq->lock: the
 * caller must read again what the lock guards (the policy above all).
 * This is the one place the core walks tasks: it skips tasks it may not
 * move.
 */
#include "sched_impl.h"

#define IDLE_REBALANCE_TICK (HZ / 1000 ? HZ / 1000 : 1)
#define BUSY_REBALANCE_TICK (HZ / 5 ? HZ / 5 : 1)

static unsigned int own_load(struct runqueue *rq, bool idle)
{
	if (idle || rq->nr_running > rq->prev_cpu_load[rq->cpu])
		return rq->nr_running;
	return rq->prev_cpu_load[rq->cpu];
}

/* Lock busiest too, in CPU-id order; returns our (re-read) load. */
static unsigned int double_lock_balance(struct runqueue *this_rq,
					struct runqueue *busiest, bool idle,
					unsigned int nr_running)
{
	if (busiest->cpu < this_rq->cpu) {
		sched_spin_unlock(&this_rq->lock);
		sched_spin_lock(&busiest->lock);
		sched_spin_lock(&this_rq->lock);
		nr_running = own_load(this_rq, idle);
	} else {
		sched_spin_lock(&busiest->lock);
	}
	return nr_running;
}

/* Returns the busiest queue, locked, or NULL. */
static struct runqueue *find_busiest_queue(struct runqueue *this_rq, bool idle,
					   int *imbalance)
{
	/* LAB balance: begin */
	unsigned int nr_running = own_load(this_rq, idle), load, max_load = 1;
	struct runqueue *busiest = NULL, *rq_src;
	int i;

	for (i = 0; i < sched_ncpus; i++) {
		rq_src = cpu_rq(i);
		if (idle || rq_src->nr_running < this_rq->prev_cpu_load[i])
			load = rq_src->nr_running;
		else
			load = this_rq->prev_cpu_load[i];
		this_rq->prev_cpu_load[i] = rq_src->nr_running;
		if (load > max_load && rq_src != this_rq) {
			busiest = rq_src;
			max_load = load;
		}
	}
	if (!busiest)
		return NULL;
	*imbalance = ((int)max_load - (int)nr_running) / 2;
	/* It needs an at least ~25% imbalance to trigger balancing. */
	if (!idle && *imbalance < ((int)max_load + 3) / 4)
		return NULL;
	nr_running = double_lock_balance(this_rq, busiest, idle, nr_running);
	/* Make sure nothing changed since we checked the runqueue length. */
	if (busiest->nr_running <= nr_running + 1) {
		sched_spin_unlock(&busiest->lock);
		return NULL;
	}
	return busiest;
	/* LAB balance: end */
}

/* v7: can_migrate_task - not running, allowed here, and (for an idle
 * puller) not cache-hot: last ran more than cache_decay_ticks ago. */
static bool can_migrate_task(struct sched_task *p, struct runqueue *rq,
			     int this_cpu, bool idle)
{
	uint32_t delta;

	if (task_running(rq, p))
		return false;
	if (!cpu_allowed(p, this_cpu))
		return false;
	delta = sched_jiffies() - sched_ran(p);
	if (idle && delta <= cache_decay_ticks)
		return false;
	return true;
}

/* v7: pull_task - move p to this CPU's queues, resched if better.
 * Through the policy's dequeue and enqueue, so that a policy's own queue
 * follows the task (nick's dequeue stamps array_sequence, which only a
 * wake-up after a sleep reads). */
static void pull_task(struct runqueue *src, struct sched_task *p,
		      struct runqueue *this_rq)
{
	deactivate_task(src, p);
	set_task_cpu(p, this_rq->cpu);
	activate_queued(this_rq, p);
	if (sched_preempts(this_rq, p))
		resched_task(this_rq, this_rq->curr);
}

/* Pull p if can_migrate_task lets it go.  Returns true when done: an
 * idle puller moved one task, a busy one `*imbalance` tasks (2.6.0: "if
 * (!idle && --imbalance) keep going"). */
static bool pull_one(struct runqueue *this_rq, struct runqueue *busiest,
		     struct sched_task *p, bool idle, int *imbalance)
{
	if (!can_migrate_task(p, busiest, this_rq->cpu, idle))
		return false;
	pull_task(busiest, p, this_rq);
	return idle || --*imbalance <= 0;
}

/* Walk busiest's own queue below prio `to` in the balancer's order
 * (prio_array_next_movable: best prio first, each list from its tail);
 * true when done. */
static bool pull_from_queue(struct runqueue *this_rq, struct runqueue *busiest,
			    int to, bool idle, int *imbalance)
{
	struct sched_task *p = prio_array_next_movable(&busiest->queue, NULL), *next;

	for (; p && p->prio < to; p = next) {
		next = prio_array_next_movable(&busiest->queue, p);   /* before p moves */
		if (pull_one(this_rq, busiest, p, idle, imbalance))
			return true;
	}
	return false;
}

/* A policy with queues and no movable hook: its tasks from the one queued
 * last back (one FIFO list walked from its tail, as 2.6.0 walks a list);
 * true when done. */
static bool pull_latest(struct runqueue *this_rq, struct runqueue *busiest,
			bool idle, int *imbalance)
{
	struct list_node *head = &busiest->tasks, *n, *prev;

	for (n = head->prev; n != head; n = prev) {
		struct sched_task *p = list_entry(n, struct sched_task, rq_node);

		prev = n->prev;
		if (p->array != &busiest->queue &&
		    pull_one(this_rq, busiest, p, idle, imbalance))
			return true;
	}
	return false;
}

/* A task the policy may name on busiest: normal, queued there, in its own
 * queues (or in the core's when it keeps none). */
static bool policy_task_of(struct runqueue *busiest, struct sched_task *p)
{
	return p->cpu == busiest->cpu && p->on_rq && !rt_task(p) &&
	       (p->array == &busiest->queue) == !sched_active_policy->enqueue;
}

/* The tasks the movable hook names, in its order, each checked: one of
 * busiest's queued normal tasks, and no more of them than it queues (a
 * wrong hook gets one line and moves nothing more, as a bad pick). */
static bool pull_movable(struct runqueue *this_rq, struct runqueue *busiest,
			 bool idle, int *imbalance)
{
	const struct sched_policy *pol = sched_active_policy;
	struct sched_task *p = pol->movable(busiest, NULL), *next;
	unsigned int left = busiest->nr_running;

	for (; p; p = next) {
		if (!left-- || !policy_task_of(busiest, p)) {
			sched_warn_bad_move(busiest, p);
			return false;
		}
		next = pol->movable(busiest, p);      /* before p leaves busiest */
		if (pull_one(this_rq, busiest, p, idle, imbalance))
			return true;
	}
	return false;
}

void load_balance(struct runqueue *this_rq, bool idle)
{
	const struct sched_policy *pol;
	struct runqueue *busiest;
	int imbalance = 0;

	if (sched_ncpus < 2)
		return;
	busiest = find_busiest_queue(this_rq, idle, &imbalance);
	if (!busiest)
		return;
	/* Read only now: taking busiest's lock may have let this_rq's go,
	 * and a policy switch (every lock) may have come in between. */
	pol = sched_active_policy;
	/* The core's queue first: its real-time tasks (a waiting one gains
	 * most), and all of it for a policy that names no order; then the
	 * policy's order, or its tasks queued last first. */
	if (!pull_from_queue(this_rq, busiest, pol->movable ? MAX_RT_PRIO : MAX_PRIO,
			     idle, &imbalance)) {
		if (pol->movable)
			pull_movable(this_rq, busiest, idle, &imbalance);
		else if (pol->enqueue)
			pull_latest(this_rq, busiest, idle, &imbalance);
	}
	sched_spin_unlock(&busiest->lock);
}

/* From sched_tick, no lock held. */
void rebalance_tick(int cpu, bool idle)
{
	struct runqueue *rq = cpu_rq(cpu);
	uint32_t j = sched_jiffies();

	if (j % (idle ? IDLE_REBALANCE_TICK : BUSY_REBALANCE_TICK))
		return;
	sched_spin_lock(&rq->lock);
	load_balance(rq, idle);
	sched_spin_unlock(&rq->lock);
}
