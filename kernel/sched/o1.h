/*
 * o1.h - policy o1's per-task fields (kernel/sched/o1.c), the '-' lines of
 * v7's struct task_struct hunk (stock 2.6.0-test4).  They live in the
 * task's policy area (policy.h: POLICY_DATA); o1.c and the unit tests read
 * them through O1(p).
 */
#ifndef NICKEL_SCHED_O1_H
#define NICKEL_SCHED_O1_H

#include "sched_impl.h"

struct o1_task {
	unsigned int time_slice;       /* jiffies left, counted down by the tick */
	uint32_t last_run;             /* jiffies when it last left the CPU */
	uint32_t sleep_avg;            /* jiffies, 0..MAX_SLEEP_AVG (10000) */
	unsigned int first_time_slice; /* 1 until a forked child's first slice ends */
};

static inline struct o1_task *O1(struct sched_task *p)
{
	return POLICY_DATA(p, struct o1_task);
}

/* Its per-CPU fields: 2.6.0's two arrays (prio_arrays.c), and the stamp
 * of the starvation limit. */
struct o1_rq {
	struct prio_arrays arrays;     /* first: ARRAYS(rq) */
	uint32_t expired_timestamp;    /* jiffies the first task expired, 0 = none */
};

static inline struct o1_rq *O1_RQ(struct runqueue *rq)
{
	_Static_assert(offsetof(struct o1_rq, arrays) == 0, "ARRAYS needs the arrays first");
	return POLICY_RQ(rq, struct o1_rq);
}

#endif
