/*
 * prio_array.c - the O(1) machinery shared by every policy.
 *
 * A prio_array holds 140 FIFO lists, one per priority, and a 140-bit bitmap
 * with bit i set iff list i is non-empty.  Finding the best task is "first
 * set bit" (a few word tests and one count-trailing-zeros), enqueue and
 * dequeue are a list operation and a bit operation (inline, in
 * sched_impl.h): nothing here depends on the number of tasks.  (Linux 2.6.0: enqueue_task, dequeue_task,
 * sched_find_first_bit.)
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

/* First set bit at or after `start`; MAX_PRIO when there is none. */
int prio_array_find_next(const struct prio_array *a, int start)
{
	int w = start / 32;
	uint32_t word;

	if (start >= MAX_PRIO)
		return MAX_PRIO;
	word = a->bitmap[w] & (~(uint32_t)0 << (start % 32));
	while (!word) {
		if (++w == SCHED_BITMAP_WORDS)
			return MAX_PRIO;
		word = a->bitmap[w];
	}
	return w * 32 + __builtin_ctz(word);   /* bits >= 140 are never set */
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

/* fn(p, arg) for every task queued on rq: active then expired, best prio
 * first, FIFO within a prio; stops at the first false.  For the slow
 * paths only (the watchdog, the checks): it walks every task.  rq locked. */
void sched_for_each_queued(struct runqueue *rq,
			   bool (*fn)(struct sched_task *p, void *arg), void *arg)
{
	struct prio_array *arrays[2] = { rq->active, rq->expired };
	int a, idx;

	for (a = 0; a < 2; a++) {
		for (idx = prio_array_find_next(arrays[a], 0); idx < MAX_PRIO;
		     idx = prio_array_find_next(arrays[a], idx + 1)) {
			struct list_node *head = &arrays[a]->queue[idx], *n, *next;

			for (n = head->next; n != head; n = next) {
				next = n->next;
				if (!fn(list_entry(n, struct sched_task, run_list), arg))
					return;
			}
		}
	}
}
