/*
 * ipc_sched.h - the scheduler's side of a synchronous IPC call
 * (ipc_sched.c): a direct switch to the woken task, and scheduling-context
 * donation from caller to server.
 */
#ifndef NICKEL_IPC_SCHED_H
#define NICKEL_IPC_SCHED_H
#include "sched.h"
#include "donation.h"

/* Wake p (a sync wake-up) and make it the next task this CPU runs.  The
 * caller (current) is going to sleep.  False: p could not be queued here
 * (running elsewhere, not allowed here); it was woken as any task is. */
bool sched_handoff_wake(struct sched_task *p, struct sched_task *waker,
			enum sched_waker kind);

/* The loan of a record (donation.c): lend_slice, the caller's slice too
 * (the server holds no other record that lent one). */
void sched_donate(struct sched_task *caller, struct sched_task *server,
		  struct sched_donation *d, bool lend_slice);
/* The charge of a record (donation.c): the caller is charged the CPU the server used since it
 * began and gets back what is left of a lent slice.  The server's run_ms
 * after the charge. */
uint32_t sched_donation_end(struct sched_task *server, struct sched_task *caller,
			    struct sched_donation *d);
#endif
