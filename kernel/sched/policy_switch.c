/*
 * policy_switch.c - choose a policy by name, and switch policy live (key r).
 *
 * The switch locks every run queue (CPU-id order, irqs off), so no task can
 * be queued, picked, woken or pulled meanwhile.  Then, per run queue:
 *   1. every queued task (the running one included) is taken off its
 *      queue (the core's, or the old policy's through its dequeue) onto a
 *      private list, in the order they were queued (rq->tasks);
 *   2. the per-CPU policy area is zeroed and the new policy's init_rq sets
 *      it up; each task gets the new policy's fresh fields (init_task:
 *      prio, slice, history, stamps) and is queued (enqueue_rq: the core's
 *      queue or the new policy's);
 *   3. the running task is rescheduled.
 * Counters (nr_running, nr_switches, accounting) are unchanged; nr_running
 * stays right because every task taken off is put back.  Sleeping tasks are
 * not on any queue: the global generation is bumped and each sleeper gets
 * init_task at its next wake-up (sched_refresh_policy).  No hot path loops.
 */
#include "sched_impl.h"

static int str_eq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

const struct sched_policy *sched_policy_by_name(const char *name)
{
	static const struct sched_policy *const all[] = {
		&sched_policy_nick, &sched_policy_o1, &sched_policy_rr,
		&sched_policy_mine, &sched_policy_cfs, &sched_policy_eevdf,
		&sched_policy_starve,
	};
	unsigned int i;

	for (i = 0; name && i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] && str_eq(name, all[i]->name))   /* NULL: left out */
			return all[i];
	return NULL;
}

const char *sched_policy_name(void)
{
	return sched_active_policy->name;
}

/* Off rq's queues (the old policy's dequeue for its own); p stays in the
 * list it is in. */
static void take_off(struct runqueue *rq, const struct sched_policy *old,
		     struct sched_task *p)
{
	if (p->array == &rq->queue)
		dequeue_task(p);
	else
		old->dequeue(rq, p);
	p->on_rq = false;
}

static void requeue_all(struct runqueue *rq, const struct sched_policy *old)
{
	struct list_node tmp, *n;
	int i;

	list_init(&tmp);
	while (!list_empty(&rq->tasks)) {            /* in the order queued */
		n = rq->tasks.next;
		list_del(n);
		list_add_tail(n, &tmp);
	}
	for (n = tmp.next; n != &tmp; n = n->next)
		take_off(rq, old, list_entry(n, struct sched_task, rq_node));
	for (i = 0; i < (int)SCHED_POLICY_RQ_WORDS; i++)
		rq->policy_rq[i] = 0;
	if (sched_active_policy->init_rq)
		sched_active_policy->init_rq(rq);
	while (!list_empty(&tmp)) {
		struct sched_task *p = list_first_entry(&tmp, struct sched_task, rq_node);

		list_del(&p->rq_node);
		sched_init_policy_fields(rq, p);
		enqueue_rq(rq, p);
	}
	if (!rq->curr->is_idle)
		resched_task(rq, rq->curr);
}

/* Every rq locked (the caller's job): the switch itself. */
void sched_switch_policy_locked(const struct sched_policy *pol)
{
	const struct sched_policy *old = sched_active_policy;
	int c;

	sched_active_policy = pol;
	sched_policy_gen++;
	for (c = 0; c < sched_ncpus; c++)
		requeue_all(cpu_rq(c), old);
}

int sched_switch_policy(const struct sched_policy *pol)
{
	unsigned long flags;
	int c;

	if (!pol)
		return -SCHED_EINVAL;
	flags = sched_irq_save();
	for (c = 0; c < sched_ncpus; c++)
		sched_spin_lock(&cpu_rq(c)->lock);
	sched_switch_policy_locked(pol);
	for (c = sched_ncpus - 1; c >= 0; c--)
		sched_spin_unlock(&cpu_rq(c)->lock);
	sched_irq_restore(flags);
	return 0;
}
