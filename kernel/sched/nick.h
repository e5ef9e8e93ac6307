/*
 * nick.h - policy nick's per-task fields (kernel/sched/nick.c), v7's
 * struct task_struct hunk.  They live in the task's policy area
 * (policy.h: POLICY_DATA); nick.c and the unit tests read them through
 * NICK(p).  All were "unsigned long" in the i386 patch: uint32_t here, so
 * host and kernel wrap alike.  Its per-CPU fields, v7's struct runqueue
 * hunk, are NICK_RQ(rq): 2.6.0's two arrays (prio_arrays.c) and
 * array_sequence.
 */
#ifndef NICKEL_SCHED_NICK_H
#define NICKEL_SCHED_NICK_H

#include "sched_impl.h"

struct nick_task {
	uint32_t array_sequence;       /* NICK_RQ(rq)->array_sequence when it went to sleep */
	uint32_t timestamp;            /* jiffies of last switch in/out or wake-up */
	uint32_t total_time, sleep_time; /* decaying sums, 1000 * jiffies */
	uint32_t sleep_avg;            /* per mille (0..1000, a fork can double it) */
	unsigned int used_slice;       /* jiffies of the slice used; unsigned: wraps! */
	unsigned int first_time_slice; /* 1 until a forked child's first slice ends */
};

static inline struct nick_task *NICK(struct sched_task *p)
{
	return POLICY_DATA(p, struct nick_task);
}

struct nick_rq {
	struct prio_arrays arrays;     /* first: ARRAYS(rq) */
	uint32_t array_sequence;       /* bumped at every swap of the arrays */
};

static inline struct nick_rq *NICK_RQ(struct runqueue *rq)
{
	_Static_assert(offsetof(struct nick_rq, arrays) == 0, "ARRAYS needs the arrays first");
	return POLICY_RQ(rq, struct nick_rq);
}

#endif
