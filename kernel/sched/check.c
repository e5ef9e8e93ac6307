/*
 * check.c - sched_check_invariants: is one run queue consistent?
 * A debugging aid (the kernel calls it with check=1, the tests after every
 * step); it walks every queued task, so never call it on a hot path.
 */
#include "sched_impl.h"

#define FAIL(...) do { sched_snprintf(why, n, __VA_ARGS__); return -1; } while (0)

static bool bit_set(const struct prio_array *a, int i)
{
	return (a->bitmap[i / 32] >> (i % 32)) & 1;
}

/* One array: bit i iff queue i non-empty, links sound, every task knows
 * its array, prio and CPU, nr_active matches.  Adds the tasks to *count. */
static int check_array(struct runqueue *rq, struct prio_array *a,
		       unsigned int *count, char *why, size_t n)
{
	unsigned int seen = 0;
	int i;

	for (i = 0; i < SCHED_BITMAP_WORDS * 32; i++) {
		struct list_node *head = i < MAX_PRIO ? &a->queue[i] : NULL, *node;

		if (!head) {
			if (bit_set(a, i))
				FAIL("cpu%d: bitmap bit %d set beyond MAX_PRIO", rq->cpu, i);
			continue;
		}
		if (bit_set(a, i) != !list_empty(head))
			FAIL("cpu%d: bit %d is %d but list %s", rq->cpu, i,
			     bit_set(a, i), list_empty(head) ? "empty" : "non-empty");
		for (node = head->next; node != head; node = node->next) {
			struct sched_task *p = list_entry(node, struct sched_task, run_list);

			if (node->next->prev != node || node->prev->next != node)
				FAIL("cpu%d: broken links at prio %d", rq->cpu, i);
			if (p->array != a || p->prio != i || p->cpu != rq->cpu)
				FAIL("cpu%d: pid %d on list %d has prio %d cpu %d, wrong array",
				     rq->cpu, p->pid, i, p->prio, p->cpu);
			if (p->is_idle)
				FAIL("cpu%d: idle task queued", rq->cpu);
			if (p->policy_gen != sched_policy_gen)
				FAIL("cpu%d: pid %d queued with another policy's fields",
				     rq->cpu, p->pid);
			if (++seen > a->nr_active)
				FAIL("cpu%d: more tasks on lists than nr_active %u",
				     rq->cpu, a->nr_active);
		}
	}
	if (seen != a->nr_active)
		FAIL("cpu%d: nr_active %u but %u tasks queued", rq->cpu, a->nr_active, seen);
	*count += seen;
	return 0;
}

static int check_rq(struct runqueue *rq, char *why, size_t n)
{
	struct sched_task *curr = rq->curr;
	unsigned int count = 0;

	if (check_array(rq, rq->active, &count, why, n) ||
	    check_array(rq, rq->expired, &count, why, n))
		return -1;
	if (count != rq->nr_running)
		FAIL("cpu%d: nr_running %u but %u tasks queued", rq->cpu,
		     rq->nr_running, count);
	if (!curr || !rq->idle || rq->idle->array || rq->idle->prio != MAX_PRIO)
		FAIL("cpu%d: bad curr or idle task", rq->cpu);
	if (!curr->is_idle && curr->state == SCHED_TASK_RUNNING) {
		if (curr->array != rq->active &&
		    !(curr->array == rq->expired && curr->need_resched))
			FAIL("cpu%d: running pid %d not in active (array %s)", rq->cpu,
			     curr->pid, curr->array ? "expired" : "none");
	}
	if (!curr->is_idle && curr->cpu != rq->cpu)
		FAIL("cpu%d: running pid %d thinks it is on cpu%d", rq->cpu,
		     curr->pid, curr->cpu);
	return 0;
}

int sched_check_invariants(int cpu, char *why, size_t n)
{
	unsigned long flags = sched_irq_save();
	struct runqueue *rq = cpu_rq(cpu);
	int ret;

	sched_spin_lock(&rq->lock);
	ret = check_rq(rq, why, n);
	sched_spin_unlock(&rq->lock);
	sched_irq_restore(flags);
	if (ret == 0 && n)
		why[0] = '\0';
	return ret;
}
