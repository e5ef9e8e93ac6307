/*
 * mine.c - policy "mine": the slot for a policy of your own (lab "mine";
 * the targets: docs/scheduler-spec.md, "Policy mine").
 *
 * It plugs into the core through policy.h, with the helpers of
 * sched_impl.h (enqueue_task, dequeue_task, requeue_task, ...).  The lab's
 * functions decide for SCHED_NORMAL tasks: normal_prio, normal_slice,
 * normal_tick, normal_wake_up and normal_fork; everything else in this
 * file and in mine.h may change too.  The policy's per-task fields are
 * struct mine_task (mine.h), kept in the task's policy_data; add, rename
 * or drop fields there.  Its tasks wait in 2.6.0's two arrays, which it
 * owns (mine.h: MINE_RQ; prio_arrays.c: ARRAYS(rq)->active and
 * ->expired, and the hooks that run them); a policy that wants another
 * order keeps another queue (policy.h; cfs.c keeps a tree).
 *
 * What the core checks: every queued task's prio is in 0..139 (real time
 * 0..99, normal 100..139), and a pick choice is a task mine queued on
 * that CPU.  Either mistake prints one line ("sched: policy mine ...").
 *
 * Real-time tasks are outside the lab and the policy: the core runs them
 * (policy.h); mine only says SCHED_RR's quantum, MINE_RT_SLICE ms.
 */
#include "mine.h"

#define MINE_RT_SLICE       100   /* ms: SCHED_RR's quantum */

/* ---- SCHED_NORMAL: the lab's functions ------------------------------ */

/* The prio of a SCHED_NORMAL task now (100..139). */
static int normal_prio(struct sched_task *p)
{
	/* LAB mine: begin */
	/*
	 * A textbook multilevel feedback queue in three rules:
	 *  1. prio = static_prio - bonus.  The bonus (0..MINE_MAX_BONUS
	 *     levels) grows with the sleep credit (mine.h: credit_ms): +1
	 *     per ms asleep, -1 per ms run, 0..MINE_MAX_CREDIT ms.  A hog
	 *     sits at its static prio, a task that mostly sleeps up to 10
	 *     levels better, so it preempts the hogs when it wakes.
	 *  2. The slice is scaled by nice (normal_slice).
	 *  3. A task that used its slice waits in the expired array until
	 *     the active one is empty (one "epoch"): every task runs at most
	 *     one slice per epoch, so nobody starves and hogs share the CPU
	 *     in the ratio of their slices.
	 */
	int bonus = MINE(p)->credit_ms * MINE_MAX_BONUS / MINE_MAX_CREDIT;
	int prio = p->static_prio - bonus;

	return prio < MAX_RT_PRIO ? MAX_RT_PRIO : prio;
	/* LAB mine: end */
}

/* The slice of a SCHED_NORMAL task in ms (jiffies). */
static unsigned int normal_slice(struct sched_task *p)
{
	/* LAB mine: begin */
	/* 200 ms at nice -20, 100 at 0, 75 at 5, 50 at 10, 5 at 19 */
	return MINE_SLICE_PER_NICE * (20 - TASK_NICE(p));
	/* LAB mine: end */
}

/* One ms of running for p, which is in ARRAYS(rq)->active. */
static void normal_tick(struct runqueue *rq, struct sched_task *p)
{
	/* LAB mine: begin */
	struct mine_task *m = MINE(p);

	if (m->credit_ms > 0)
		m->credit_ms--;                 /* running spends credit */
	if (++m->used_ms < normal_slice(p))
		return;
	/* Slice used up: wait in expired for the next epoch, with a fresh
	 * slice and a prio that reflects the credit spent. */
	dequeue_task(p);
	m->used_ms = 0;
	p->prio = normal_prio(p);
	enqueue_task(p, ARRAYS(rq)->expired);
	p->need_resched = 1;
	/* LAB mine: end */
}

/* p wakes on rq (the core then queues it: the tail of its prio's list
 * in ARRAYS(rq)->active).  Returns true when p should preempt rq->curr. */
static bool normal_wake_up(struct runqueue *rq, struct sched_task *p, bool sync)
{
	/* LAB mine: begin */
	/* The sleep earns credit; the slice used so far is kept across a
	 * sleep in the same epoch (sleeping must not buy a second slice)
	 * and refilled when the arrays swapped meanwhile (v7: activate_task
	 * does the same with array_sequence). */
	struct mine_task *m = MINE(p);
	uint32_t now = sched_jiffies();
	uint32_t slept = now - m->left_at;

	m->left_at = now;
	if (slept > MINE_MAX_CREDIT)
		slept = MINE_MAX_CREDIT;
	m->credit_ms = sched_min(m->credit_ms + slept, MINE_MAX_CREDIT);
	if (m->epoch != MINE_RQ(rq)->epoch)
		m->used_ms = 0;                 /* a new epoch began meanwhile */
	p->prio = normal_prio(p);
	/* sync: the waker is about to sleep, so it is not worth preempting */
	return !sync && p->prio < rq->curr->prio;
	/* LAB mine: end */
}

/* A SCHED_NORMAL parent forks: set the child's fields and prio (the core
 * copied the parent's fields into the child beforehand). */
static void normal_fork(struct sched_task *parent, struct sched_task *child)
{
	/* LAB mine: begin */
	struct mine_task *mp = MINE(parent), *mc = MINE(child);
	unsigned int slice = normal_slice(parent);
	unsigned int left = mp->used_ms < slice ? slice - mp->used_ms : 0;

	/* Forking must not create CPU time: the child gets half of what
	 * is left of the parent's slice, the parent keeps the rest. */
	mp->used_ms += left / 2;
	mc->used_ms = normal_slice(child) - left / 2;
	mc->credit_ms = 0;                      /* a child starts as a hog */
	child->prio = normal_prio(child);
	/* LAB mine: end */
}

/* ---- the hooks (policy.h) -------------------------------------------- */

/* The core zeroed struct mine_task and set the class's prio (policy.h). */
static void mine_init_task(struct runqueue *rq, struct sched_task *p)
{
	MINE(p)->left_at = sched_jiffies();
	MINE(p)->epoch = MINE_RQ(rq)->epoch;
	if (p->sched_class == SCHED_NORMAL)
		p->prio = normal_prio(p);
}

static bool mine_wakeup(struct runqueue *rq, struct sched_task *p,
			struct sched_task *waker UNUSED, enum sched_waker kind UNUSED,
			bool sync)
{
	return normal_wake_up(rq, p, sync);
}

/* Off its array; the epoch p went to sleep in. */
static void mine_dequeue(struct runqueue *rq, struct sched_task *p)
{
	arrays_dequeue(rq, p);
	MINE(p)->epoch = MINE_RQ(rq)->epoch;
}

/* The head of the best list of active; a new epoch when the arrays swap. */
static struct sched_task *mine_pick(struct runqueue *rq)
{
	bool swapped;
	struct sched_task *next = arrays_pick(rq, &swapped);

	if (swapped)
		MINE_RQ(rq)->epoch++;
	return next;
}

/* A task that expired already only waits for schedule() (2.6.0). */
static void mine_tick(struct runqueue *rq, struct sched_task *p)
{
	if (!arrays_expired_already(rq, p))
		normal_tick(rq, p);
}

/* left_at: when the task left the CPU (sleep length, balancer heat). */
static void mine_stopping(struct runqueue *rq UNUSED, struct sched_task *p, uint32_t now)
{
	MINE(p)->left_at = now;
}

static void mine_running(struct runqueue *rq UNUSED, struct sched_task *p, uint32_t now)
{
	MINE(p)->left_at = now;
}

/* The core queues the child at the tail of active afterwards. */
static void mine_fork(struct runqueue *rq UNUSED, struct sched_task *parent,
		      struct sched_task *c)
{
	MINE(c)->left_at = sched_jiffies();
	normal_fork(parent, c);
}

/* Requeue at the new prio; reschedule when the running task got worse or
 * a queued one now beats the running one. */
static void mine_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	struct prio_array *array = p->array;
	int old = p->prio;

	p->static_prio = NICE_TO_PRIO(nice);
	if (array)
		dequeue_task(p);
	p->prio = normal_prio(p);
	if (!array)
		return;
	enqueue_task(p, array);
	if (task_running(rq, p) ? p->prio > old : p->prio < rq->curr->prio)
		resched_task(rq, rq->curr);
}

/* The stat dump: the slice, its part used, the credit in per mille. */
static void mine_describe(struct runqueue *rq UNUSED, struct sched_task *p,
			  struct sched_policy_view *v)
{
	v->timeslice = normal_slice(p);
	v->used_slice = MINE(p)->used_ms;
	v->history = mine_history_permille(p);
}

static uint32_t mine_ran(struct sched_task *p)
{
	return MINE(p)->left_at;
}

static unsigned int mine_quantum(struct sched_task *p UNUSED)
{
	return MINE_RT_SLICE;
}

/* NULL hooks take the core's default (policy.h): preempts (better prio),
 * donate (no slice lent). */
const struct sched_policy sched_policy_mine = {
	.name = "mine",
	.init_rq = arrays_init_rq,
	.init_task = mine_init_task,
	.wakeup = mine_wakeup,
	.enqueue = arrays_enqueue,
	.dequeue = mine_dequeue,
	.pick = mine_pick,
	.movable = arrays_movable,
	.yield = arrays_yield,
	.best = arrays_best,
	.check = arrays_check,
	.running = mine_running,
	.stopping = mine_stopping,
	.tick = mine_tick,
	.fork = mine_fork,
	.nice = mine_nice,
	.prio = normal_prio,
	.ran = mine_ran,
	.describe = mine_describe,
	.quantum = mine_quantum,
};
