/*
 * policy.h - what a scheduling policy plugs into the core.
 *
 * The core (core.c, wakeup.c, tick.c, pick.c, ...) owns the run queues, the
 * locking and the accounting; a policy owns the numbers: priorities, slices
 * and where a task goes.  Every hook is called with the rq lock of `rq` held
 * and local interrupts off.  One file per policy: nick.c, o1.c, rr.c, mine.c.
 *
 * What the core guarantees a policy, and checks:
 *  - init_task starts from p->prio = the class's rule (SCHED_NORMAL:
 *    static_prio, 120 + nice; FIFO/RR: rt_prio_of(rt_priority)) and a
 *    zeroed policy_data; it may change both.
 *  - Its own per-task fields live in p->policy_data (SCHED_POLICY_WORDS
 *    words), read through POLICY_DATA(p, struct its_fields), which refuses
 *    to compile when the struct does not fit.  A forked child starts with a
 *    copy of its parent's (as Linux's dup_task_struct copies the task).
 *  - Every task the core or a policy queues (enqueue_task) must have a prio
 *    in 0..139 (real time 0..99, SCHED_NORMAL 100..139).  Outside that range
 *    the core prints one line and clamps the prio into its class's band,
 *    so a wrong policy cannot corrupt the arrays.
 *  - A policy with a pick_next hook chooses the next task itself; the task
 *    it returns must be queued in rq->active (else one line, and the core's
 *    O(1) choice instead).
 */
#ifndef NICKEL_SCHED_POLICY_H
#define NICKEL_SCHED_POLICY_H

#include "sched.h"

struct runqueue;                 /* private to kernel/sched (sched_impl.h) */

struct sched_policy {
	const char *name;

	/* Fresh policy fields for p (new task, policy switch); p->prio holds
	 * the class's rule (above) and may be refined here. */
	void (*init_task)(struct runqueue *rq, struct sched_task *p);
	/* The task's slice in jiffies (nick: task_timeslice(p, rq)). */
	unsigned int (*timeslice)(struct runqueue *rq, struct sched_task *p);
	/* Jiffies of the slice used so far (stat dump). */
	unsigned int (*used_slice)(struct runqueue *rq, struct sched_task *p);
	/* sleep_avg in per mille (stat dump). */
	unsigned int (*sleep_avg)(struct sched_task *p);
	/* Timer tick for the running, non-idle task p, which is in rq->active. */
	void (*tick)(struct runqueue *rq, struct sched_task *p);
	/* Wake-up credit and prio (before the core queues p at the tail of
	 * rq->active[p->prio]).  Returns true when rq->curr must reschedule. */
	bool (*activate)(struct runqueue *rq, struct sched_task *p,
			 struct sched_task *waker, enum sched_waker kind, bool sync);
	/* p leaves the run queue to sleep (after the core dequeued it). May be NULL. */
	void (*deactivate)(struct runqueue *rq, struct sched_task *p);
	/* schedule(): prev is about to give up the CPU at `now` (before pick). */
	void (*switch_out)(struct runqueue *rq, struct sched_task *prev, uint32_t now);
	/* schedule(): next was chosen (may equal prev). */
	void (*switch_in)(struct runqueue *rq, struct sched_task *prev,
			  struct sched_task *next, uint32_t now);
	/* Fork: split the slice, set child's fields and queue the child
	 * (the core copied the parent's fields into child and counts nr_running). */
	void (*fork)(struct runqueue *rq, struct sched_task *parent, struct sched_task *child);
	/* Reaping child p: refunds to parent. rq is p's run queue. May be NULL. */
	void (*exit)(struct runqueue *rq, struct sched_task *p, struct sched_task *parent);
	/* set_user_nice, nice already validated and different. */
	void (*set_nice)(struct runqueue *rq, struct sched_task *p, int nice);
	/* prio of a SCHED_NORMAL task right after setscheduler(NORMAL). */
	int (*normal_prio)(struct sched_task *p);
	/* pull_task: does p (just pulled to rq) preempt rq->curr? */
	bool (*preempts)(struct runqueue *rq, struct sched_task *p);
	/* can_migrate_task's cache-hot stamp (nick: timestamp, o1: last_run). */
	uint32_t (*last_ran)(struct sched_task *p);
	/* Array swap in schedule() and idle pick. May be NULL. */
	void (*on_array_swap)(struct runqueue *rq);
	void (*on_idle_pick)(struct runqueue *rq);
	/* sched_yield of a normal task: the array it goes to (NULL hook = expired). */
	struct prio_array *(*yield_array)(struct runqueue *rq, struct sched_task *p);
	/* The next task to run on rq, which has runnable tasks and a non-empty
	 * rq->active (the core swapped the arrays if active was empty).  It
	 * must return a task of rq->active.  NULL hook: the core's O(1) pick,
	 * the first task of the best non-empty list of rq->active (Linux 2.6's
	 * and v7's schedule()).  A policy with its own order (stride, lottery,
	 * fair share) keeps its keys in policy_data and walks the lists. */
	struct sched_task *(*pick_next)(struct runqueue *rq);
};

/* p's policy fields as the policy's own struct (see above). */
#define POLICY_DATA(p, type) ({                                                \
	_Static_assert(sizeof(type) <= sizeof((p)->policy_data),               \
		       #type " does not fit in sched_task.policy_data");       \
	(type *)(void *)(p)->policy_data;                                      \
})

#endif
