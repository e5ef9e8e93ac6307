/*
 * fastpath.h - the IPC fast path (fastpath.c, ipc=direct): a call that
 * finds its server waiting in recv on this CPU, and a reply_recv that
 * finds its caller waiting, switch straight to it (sched/direct.h).
 */
#ifndef NICKEL_IPC_FASTPATH_H
#define NICKEL_IPC_FASTPATH_H
#include <stdint.h>
#include <stdbool.h>

/* Why the IPC side refused the fast path (0: it may be tried). */
enum ipc_fast_refusal {
	IPC_FAST_OK = 0,
	IPC_FAST_MODE,      /* ipc= is not direct */
	IPC_FAST_TIMEOUT,   /* the sleeper has a timeout: it needs the timer list */
	IPC_FAST_LONG,      /* the message carries a buffer, not words alone */
};

/* The pure rule (the unit tests call it): `timeout_ms` is the timeout of
 * the side that goes to sleep (the call's, or the recv's after a reply);
 * `len` the buffer bytes of the message it sends. */
static inline enum ipc_fast_refusal ipc_fast_rule(bool direct_mode, uint32_t timeout_ms,
						  uint32_t len)
{
	if (!direct_mode)
		return IPC_FAST_MODE;
	if (timeout_ms)
		return IPC_FAST_TIMEOUT;
	if (len)
		return IPC_FAST_LONG;
	return IPC_FAST_OK;
}

#ifndef NICKEL_HOST
#include "spinlock.h"
struct task;
/* current sleeps and `to` (asleep, named by a call on ep) runs in its place,
 * if both rules allow (ipc_fast_rule, sched_direct_rule).  lock (ipc_lock)
 * is held with interrupts off on entry and again on return; in between it
 * goes with the CPU to `to`, which resumes holding it (task.h:
 * lock_unless_handed).  True: current slept and has been woken since (by
 * anyone: the caller tests why); false: nothing happened, `to` is still to
 * be woken. */
bool ipc_fast_switch(struct task *to, int ep, spinlock_t *lock, uint32_t timeout_ms,
		     uint32_t len);
#endif
#endif
