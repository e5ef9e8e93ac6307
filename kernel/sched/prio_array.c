/*
 * prio_array.c - the O(1) priority array's operations that are not
 * inline (prio_array.h says what an array is and who uses one).
 *
 * Locking: the array belongs to one run queue; its lock must be held.
 */
#include "sched_impl.h"

void prio_array_init(struct prio_array *a)
{
	int i;

	a->nr_active = 0;
	for (i = 0; i < SCHED_BITMAP_WORDS; i++)
		a->bitmap[i] = 0;
	for (i = 0; i < MAX_PRIO; i++)
		list_init(&a->queue[i]);
}

/* o1's wake_up_forked_process: the child goes right before the parent. */
void enqueue_task_before(struct sched_task *p, struct sched_task *next)
{
	struct prio_array *a = next->array;

	p->prio = next->prio;
	list_add_before(&p->run_list, &next->run_list);
	a->nr_active++;
	p->array = a;
}

/* A yield's move, dequeue_task then enqueue_task(p, to) in one step: the
 * prio is the one p was queued with (checked then), the counts move with
 * it, and `to` may be p's own array (the tail of its list). */
void move_task(struct sched_task *p, struct prio_array *to)
{
	struct prio_array *from = p->array;

	list_del(&p->run_list);
	if (list_empty(&from->queue[p->prio]))
		prio_bit_clear(from, p->prio);
	from->nr_active--;
	list_add_tail(&p->run_list, &to->queue[p->prio]);
	prio_bit_set(to, p->prio);
	to->nr_active++;
	p->array = to;
}

void requeue_task(struct sched_task *p)
{
	struct prio_array *a = p->array;

	list_del(&p->run_list);
	list_add_tail(&p->run_list, &a->queue[p->prio]);
}

/* The balancer's order within one array (2.6.0 load_balance): best prio
 * first, each list from its tail, the least recently queued last. */
struct sched_task *prio_array_next_movable(struct prio_array *a, struct sched_task *after)
{
	int idx = 0;

	if (after) {
		if (after->run_list.prev != &a->queue[after->prio])
			return list_entry(after->run_list.prev, struct sched_task, run_list);
		idx = after->prio + 1;
	}
	idx = prio_array_find_next(a, idx);
	if (idx >= MAX_PRIO)
		return NULL;
	return list_entry(a->queue[idx].prev, struct sched_task, run_list);
}

/* For the slow paths only (walks, checks, the policy switch): fn may
 * take its task off the array, not another. */
bool prio_array_each(struct prio_array *a, bool (*fn)(struct sched_task *p, void *arg),
		     void *arg)
{
	int idx;

	for (idx = prio_array_find_next(a, 0); idx < MAX_PRIO;
	     idx = prio_array_find_next(a, idx + 1)) {
		struct list_node *head = &a->queue[idx], *n, *next;

		for (n = head->next; n != head; n = next) {
			next = n->next;
			if (!fn(list_entry(n, struct sched_task, run_list), arg))
				return false;
		}
	}
	return true;
}
