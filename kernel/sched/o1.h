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

#endif
