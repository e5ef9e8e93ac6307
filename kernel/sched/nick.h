/*
 * nick.h - policy nick's per-task fields (kernel/sched/nick.c), v7's
 * struct task_struct hunk.  They live in the task's policy area
 * (policy.h: POLICY_DATA); nick.c and the unit tests read them through
 * NICK(p).  All were "unsigned long" in the i386 patch: uint32_t here, so
 * host and kernel wrap alike.
 */
#ifndef NICKEL_SCHED_NICK_H
#define NICKEL_SCHED_NICK_H

#include "sched_impl.h"

struct nick_task {
	uint32_t array_sequence;       /* rq->array_sequence when it went to sleep */
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

#endif
