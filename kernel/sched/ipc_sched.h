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

/* One donation: a caller whose call a server has received and not yet
 * answered (ipc.c keeps one per such call; policy.h "Donation").  The
 * prio is not in it: the server's prio is the best of its own and of its
 * callers' prios as they are now (sched_set_donated).  At most one of a
 * server's records lends the caller's slice (`lent`), so the policy's
 * loans nest: a chain returns them in the order they were made. */
struct sched_donation {
	bool active;
	bool lent;                      /* the policy's donate hook ran */
	unsigned int gen;               /* sched_policy_gen of the loan */
	uint32_t run_ms;                /* the server's run_ms when it began (ipc.c
					 * moves it back when another record is charged) */
	uint32_t saved[2];              /* the policy's words (SCHED_DONATION_WORDS) */
};
/* A record begins: lend_slice, the caller's slice too (the server holds
 * no other record that lent one). */
void sched_donate(struct sched_task *caller, struct sched_task *server,
		  struct sched_donation *d, bool lend_slice);
/* The record ends: the caller is charged the CPU the server used since it
 * began and gets back what is left of a lent slice.  The server's run_ms
 * after the charge. */
uint32_t sched_donation_end(struct sched_task *server, struct sched_task *caller,
			    struct sched_donation *d);
/* p holds donations whose best prio is `best` (SCHED_MAX_PRIO: none): its
 * prio becomes the better of that and its own from class and nice now. */
void sched_set_donated(struct sched_task *p, int best);

/* The record arithmetic, for the unit tests: the prio of a task whose own
 * is base; the ms a record charges (never negative, never a wrap). */
int sched_donation_effective(int base, bool donated, int donated_prio);
uint32_t sched_donation_ran(uint32_t now, uint32_t start);
#endif
