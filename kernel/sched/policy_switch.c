/*
 * policy_switch.c - choose a policy by name, and switch policy live (key r).
 *
 * The switch locks every run queue (CPU-id order, irqs off), so no task can
 * be queued, picked, woken or pulled meanwhile.  Then, per run queue:
 *   1. every queued task (active and expired, the running one included) is
 *      unlinked onto a private list, in order: active then expired, best
 *      prio first, FIFO order within a prio;
 *   2. the old policy's dequeue empties its own queues, the per-CPU
 *      policy area is zeroed, and each task gets the new policy's fresh
 *      fields (init_task: prio, slice, history, stamps) and is queued at
 *      the tail of the new active array, then the new policy's enqueue;
 *   3. o1's expired_timestamp is cleared; the running task is rescheduled.
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
		&sched_policy_mine, &sched_policy_cfs, &sched_policy_starve,
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

/* Take every task of array a off it, in order, onto `out`; the old
 * policy's dequeue empties its own queues. */
static void unlink_array(struct runqueue *rq, const struct sched_policy *old,
			 struct prio_array *a, struct list_node *out)
{
	int idx;

	for (idx = prio_array_find_next(a, 0); idx < MAX_PRIO;
	     idx = prio_array_find_next(a, idx + 1)) {
		while (!list_empty(&a->queue[idx])) {
			struct sched_task *p = list_first_entry(&a->queue[idx],
						struct sched_task, run_list);

			dequeue_task(p);
			if (p->sched_class == SCHED_NORMAL && old->dequeue)
				old->dequeue(rq, p);
			list_add_tail(&p->run_list, out);
		}
	}
}

static void requeue_all(struct runqueue *rq, const struct sched_policy *old)
{
	struct list_node tmp;
	int i;

	list_init(&tmp);
	unlink_array(rq, old, rq->active, &tmp);
	unlink_array(rq, old, rq->expired, &tmp);
	rq->expired_timestamp = 0;
	for (i = 0; i < SCHED_POLICY_RQ_WORDS; i++)
		rq->policy_rq[i] = 0;
	while (!list_empty(&tmp)) {
		struct sched_task *p = list_first_entry(&tmp, struct sched_task, run_list);

		list_del(&p->run_list);
		sched_init_policy_fields(rq, p);
		enqueue_task(p, rq->active);
		sched_hook_enqueue(rq, p);
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
