/*
 * policy_switch.c - choose a policy by name, and switch policy live (key r).
 *
 * The switch locks every run queue (CPU-id order, irqs off), so no task can
 * be queued, picked, woken or pulled meanwhile.  Then, per run queue:
 *   1. every queued task (active and expired, the running one included) is
 *      unlinked onto a private list, in order: active then expired, best
 *      prio first, FIFO order within a prio;
 *   2. each gets the new policy's fresh fields (init_task: prio, slice,
 *      history, stamps) and is queued at the tail of the new active array;
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
		&sched_policy_mine,
	};
	unsigned int i;

	for (i = 0; name && i < sizeof(all) / sizeof(all[0]); i++)
		if (str_eq(name, all[i]->name))
			return all[i];
	return NULL;
}

const char *sched_policy_name(void)
{
	return sched_active_policy->name;
}

static void unlink_array(struct prio_array *a, struct list_node *out)
{
	int idx;

	for (idx = prio_array_find_next(a, 0); idx < MAX_PRIO;
	     idx = prio_array_find_next(a, idx + 1)) {
		while (!list_empty(&a->queue[idx])) {
			struct sched_task *p = list_first_entry(&a->queue[idx],
						struct sched_task, run_list);

			dequeue_task(p);
			list_add_tail(&p->run_list, out);
		}
	}
}

static void requeue_all(struct runqueue *rq)
{
	struct list_node tmp;

	list_init(&tmp);
	unlink_array(rq->active, &tmp);
	unlink_array(rq->expired, &tmp);
	rq->expired_timestamp = 0;
	while (!list_empty(&tmp)) {
		struct sched_task *p = list_first_entry(&tmp, struct sched_task, run_list);

		list_del(&p->run_list);
		sched_init_policy_fields(rq, p);
		enqueue_task(p, rq->active);
	}
	if (!rq->curr->is_idle)
		resched_task(rq, rq->curr);
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
	sched_active_policy = pol;
	sched_policy_gen++;
	for (c = 0; c < sched_ncpus; c++)
		requeue_all(cpu_rq(c));
	for (c = sched_ncpus - 1; c >= 0; c--)
		sched_spin_unlock(&cpu_rq(c)->lock);
	sched_irq_restore(flags);
	return 0;
}
