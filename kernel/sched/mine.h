/*
 * mine.h - policy mine's own per-task fields (kernel/sched/mine.c).
 *
 * They live in the task's policy_data (policy.h: POLICY_DATA, 64 bytes):
 * no field of another policy is borrowed.  The core never reads them; it
 * zeroes them before init_task and copies them from parent to child at
 * fork.  mine_history_permille is what the stat dump and the live panel
 * show in the sleep_avg column for this policy.
 */
#ifndef NICKEL_SCHED_MINE_H
#define NICKEL_SCHED_MINE_H

#include "sched_impl.h"

/* The teacher's knobs. */
#define MINE_SLICE_PER_NICE 5     /* ms of slice per nice level below 20 */
#define MINE_MAX_CREDIT     200   /* ms of sleep the credit remembers */
#define MINE_MAX_BONUS      10    /* prio levels a full credit is worth */

struct mine_task {
	unsigned int used_ms;     /* of its current slice */
	uint32_t left_at;         /* jiffies it last left the CPU or woke up */
	uint32_t epoch;           /* MINE_RQ(rq)->epoch when it went to sleep */
	unsigned int credit_ms;   /* sleep credit: +1 per ms asleep, -1 per ms run,
	                           * 0..MINE_MAX_CREDIT */
};

static inline struct mine_task *MINE(struct sched_task *p)
{
	return POLICY_DATA(p, struct mine_task);
}

/* Its per-CPU fields, in the run queue's policy area (POLICY_RQ): the
 * two arrays its tasks wait in (prio_arrays.c; first, for ARRAYS(rq)),
 * and the epoch, counted at every swap of the arrays. */
struct mine_rq {
	struct prio_arrays arrays;
	uint32_t epoch;
};

static inline struct mine_rq *MINE_RQ(struct runqueue *rq)
{
	_Static_assert(offsetof(struct mine_rq, arrays) == 0, "ARRAYS needs the arrays first");
	return POLICY_RQ(rq, struct mine_rq);
}

/* The stat dump's sleep_avg column: the credit in per mille of its maximum. */
static inline unsigned int mine_history_permille(struct sched_task *p)
{
	return MINE(p)->credit_ms * 1000 / MINE_MAX_CREDIT;
}

#endif
