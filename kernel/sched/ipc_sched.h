/*
 * ipc_sched.h - the scheduler's side of a synchronous IPC call
 * (ipc_sched.c): a direct switch to the woken task, and scheduling-context
 * donation from caller to server.
 */
#ifndef NICKEL_IPC_SCHED_H
#define NICKEL_IPC_SCHED_H
#include "sched.h"

/* Wake p (a sync wake-up) and make it the next task this CPU runs.  The
 * caller (current) is going to sleep.  False: p could not be queued here
 * (running elsewhere, not allowed here); it was woken as any task is. */
bool sched_handoff_wake(struct sched_task *p, struct sched_task *waker,
			enum sched_waker kind);

/* One lent slice, kept by the core (policy.h: "Donation"): what the
 * server had before it ran on the caller's behalf.  A chain of calls is a
 * chain of these records, lent and returned in nested order. */
struct sched_donation {
	bool active;
	bool lent;                      /* the policy's donate hook ran */
	unsigned int gen;               /* sched_policy_gen of the loan */
	int prio;                       /* the server's own */
	uint32_t run_ms;                /* the server's at the loan */
	uint32_t saved[2];              /* the policy's words (SCHED_DONATION_WORDS) */
};
/* The server takes the caller's prio (if better) and remaining slice. */
void sched_donate(struct sched_task *caller, struct sched_task *server,
		  struct sched_donation *d);
/* The reply: the caller gets back what is left of its slice and is charged
 * the CPU the server used meanwhile; the server gets its own back. */
void sched_donation_end(struct sched_task *server, struct sched_task *caller,
			struct sched_donation *d);
#endif
