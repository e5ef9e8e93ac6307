/*
 * direct.h - a direct switch (direct.c): the running task blocks and this
 * CPU goes straight to a task that was blocked, without the policy's
 * wake-up and without a pick.  The IPC fast path's scheduler half
 * (kernel/ipc/fastpath.c, ipc=direct; docs/ipc.md "How a call schedules").
 */
#ifndef NICKEL_SCHED_DIRECT_H
#define NICKEL_SCHED_DIRECT_H
#include "sched.h"

/* Why a direct switch to p was refused (0: it may be taken). */
enum sched_direct_refusal {
	SCHED_DIRECT_OK = 0,
	SCHED_DIRECT_OTHER_CPU,     /* p's run queue is another CPU's */
	SCHED_DIRECT_NOT_BLOCKED,   /* p is not asleep off the queues (woken, running) */
	SCHED_DIRECT_NOT_ALLOWED,   /* p's affinity forbids this CPU */
	SCHED_DIRECT_BETTER_QUEUED, /* a task of better prio waits here: the pick's turn */
	SCHED_DIRECT_STOPPED,       /* *stop was set (the sleeper has a signal) */
	SCHED_DIRECT_REFUSALS
};

/* The pure rule (unit-tested; inline, as it runs on every direct
 * switch): may this CPU switch straight to p, given where p is and
 * whether a task of better prio than p's waits here (besides the running
 * one)? */
static inline enum sched_direct_refusal
sched_direct_rule(int this_cpu, int p_cpu, bool p_blocked, bool p_allowed_here,
		  bool better_waiting)
{
	if (p_cpu != this_cpu)
		return SCHED_DIRECT_OTHER_CPU;
	if (!p_blocked)
		return SCHED_DIRECT_NOT_BLOCKED;
	if (!p_allowed_here)
		return SCHED_DIRECT_NOT_ALLOWED;
	if (better_waiting)
		return SCHED_DIRECT_BETTER_QUEUED;
	return SCHED_DIRECT_OK;
}

/* Begin a direct switch from current (the task running on this CPU) to p:
 * this CPU's rq is locked, the rule checked, and *stop read under the
 * lock (a waker sets it before it takes the lock: nothing is lost).  On
 * SCHED_DIRECT_OK current is asleep off the queues, p is queued and
 * rq->curr, the lock is held and *flags is for sched_finish_switch: the
 * caller switches stacks (arch_switch_to), then calls it.  Otherwise
 * nothing changed and no lock is held. */
enum sched_direct_refusal sched_direct_begin(struct sched_task *p,
					     const volatile int *stop,
					     unsigned long *flags);
#endif
