/*
 * prio_array.h - Linux 2.6.0's O(1) priority array, a queue the core
 * offers (as vtime_queue.h offers one ordered by virtual time).
 *
 * A prio_array holds 140 FIFO lists, one per priority, and a 140-bit
 * bitmap with bit i set iff list i is non-empty.  Finding the best task is
 * "first set bit" (a few word tests and one count-trailing-zeros); enqueue
 * and dequeue are a list operation and a bit operation: nothing depends on
 * the number of tasks.  (Linux 2.6.0: enqueue_task, dequeue_task,
 * sched_find_first_bit.)
 *
 * Who uses one:
 *  - the core, for its own queue (runqueue.queue): the real-time tasks,
 *    and the normal tasks of a policy that keeps no queue of its own (rr);
 *  - a policy, for the queues it owns: struct prio_arrays, 2.6.0's pair of
 *    an active and an expired array (nick, o1, mine; prio_arrays.c has
 *    the hooks that run them).
 * p->array names the array p is on (NULL: none; a task of cfs is queued
 * in cfs's tree and on no array).
 *
 * Locking: an array belongs to one run queue; its lock must be held.
 */
#ifndef NICKEL_SCHED_PRIO_ARRAY_H
#define NICKEL_SCHED_PRIO_ARRAY_H

#include "sched.h"

#define SCHED_BITMAP_WORDS ((SCHED_MAX_PRIO + 31) / 32)
struct prio_array {
	unsigned int nr_active;                 /* tasks on the lists */
	uint32_t bitmap[SCHED_BITMAP_WORDS];    /* bit i set iff queue[i] non-empty */
	struct list_node queue[SCHED_MAX_PRIO];
};

/* 2.6.0's pair: a task that used its slice waits in expired until active
 * is empty; then the two swap (schedule()). */
struct prio_arrays {
	struct prio_array *active, *expired;
	struct prio_array arrays[2];
};

/* The best non-empty prio of a (SCHED_MAX_PRIO: none): 2.6.0's
 * sched_find_first_bit, the words tested in turn; inline, for the pick. */
static inline int prio_array_first(const struct prio_array *a)
{
	int w;

	for (w = 0; w < SCHED_BITMAP_WORDS; w++)
		if (a->bitmap[w])
			return w * 32 + __builtin_ctz(a->bitmap[w]);
	return SCHED_MAX_PRIO;
}

/* First set bit at or after `start`; SCHED_MAX_PRIO when there is none
 * (inline: nick's task_timeslice asks twice a tick). */
static inline int prio_array_find_next(const struct prio_array *a, int start)
{
	int w = start / 32;
	uint32_t word;

	if (start >= SCHED_MAX_PRIO)
		return SCHED_MAX_PRIO;
	word = a->bitmap[w] & (~(uint32_t)0 << (start % 32));
	while (!word) {
		if (++w == SCHED_BITMAP_WORDS)
			return SCHED_MAX_PRIO;
		word = a->bitmap[w];
	}
	return w * 32 + __builtin_ctz(word);   /* bits >= 140 are never set */
}

/* Bit prio of the bitmap: list prio is non-empty. */
static inline void prio_bit_set(struct prio_array *a, int prio)
{
	a->bitmap[prio / 32] |= (uint32_t)1 << (prio % 32);
}

static inline void prio_bit_clear(struct prio_array *a, int prio)
{
	a->bitmap[prio / 32] &= ~((uint32_t)1 << (prio % 32));
}

void sched_clamp_bad_prio(struct sched_task *p);                     /* one line, clamp */

/* enqueue_task and dequeue_task (2.6.0's, tail of queue[prio] and out
 * again); inline, since every wake-up, sleep and switch takes one.  The
 * boundary check of policy.h: one compare on the hot path; a prio
 * outside 0..139 would index past queue[] and the bitmap. */
static inline void enqueue_task(struct sched_task *p, struct prio_array *a)
{
	if (__builtin_expect((unsigned int)p->prio >= SCHED_MAX_PRIO, 0))
		sched_clamp_bad_prio(p);
	list_add_tail(&p->run_list, &a->queue[p->prio]);
	prio_bit_set(a, p->prio);
	a->nr_active++;
	p->array = a;
}

static inline void dequeue_task(struct sched_task *p)
{
	struct prio_array *a = p->array;

	a->nr_active--;
	list_del(&p->run_list);
	if (list_empty(&a->queue[p->prio]))
		prio_bit_clear(a, p->prio);
	p->array = NULL;
}

/* The head of a's best list (NULL: a is empty). */
static inline struct sched_task *prio_array_head(struct prio_array *a)
{
	int idx = prio_array_first(a);

	if (idx >= SCHED_MAX_PRIO)
		return NULL;
	return list_first_entry(&a->queue[idx], struct sched_task, run_list);
}

/* The head of a's best list at `from` or after (NULL: none).  A policy's
 * arrays hold normal prios only (real time waits in the core's queue), so
 * their pick starts at MAX_RT_PRIO: two words tested, not five. */
static inline struct sched_task *prio_array_head_from(struct prio_array *a, int from)
{
	int idx = prio_array_find_next(a, from);

	if (idx >= SCHED_MAX_PRIO)
		return NULL;
	return list_first_entry(&a->queue[idx], struct sched_task, run_list);
}

/* The best prio waiting in a at `from` or after, `curr` aside: the next
 * list when curr is alone in the best one (SCHED_MAX_PRIO: none).  The IPC
 * direct switch's question (direct.c: the core's queue from 0;
 * prio_arrays.c: arrays_best, a policy's from MAX_RT_PRIO). */
static inline int prio_array_best_besides(struct prio_array *a, const struct sched_task *curr,
					  int from)
{
	int idx = a->nr_active ? prio_array_find_next(a, from) : SCHED_MAX_PRIO;

	if (curr->array == a && idx == curr->prio &&
	    a->queue[idx].next == &curr->run_list && curr->run_list.next == &a->queue[idx])
		idx = prio_array_find_next(a, idx + 1);
	return idx;
}

/* prio_array.c */
void prio_array_init(struct prio_array *a);
void enqueue_task_before(struct sched_task *p, struct sched_task *next); /* same list, before next */
void requeue_task(struct sched_task *p);                           /* to the tail of its list */
void move_task(struct sched_task *p, struct prio_array *to);       /* dequeue + enqueue(to) */
/* The task queued in a after `after` in the balancer's order (best prio
 * first, each list from its tail; after NULL: the first); NULL: no more. */
struct sched_task *prio_array_next_movable(struct prio_array *a, struct sched_task *after);
/* fn(p, arg) for every task of a, best prio first, FIFO within a prio,
 * until one returns false (then false). */
bool prio_array_each(struct prio_array *a, bool (*fn)(struct sched_task *p, void *arg),
		     void *arg);

#endif
