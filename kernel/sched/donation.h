/*
 * donation.h - priority donation records (donation.c; docs/scheduler.md
 * "IPC modes"; labs/donate).  A server holds one record per call it has
 * received and not yet answered; its prio is the best of its own and of
 * every record's caller, and a caller that waits in a call passes on what
 * it holds (a chain).  kernel/ipc/ipc.c begins and ends the records.
 */
#ifndef NICKEL_DONATION_H
#define NICKEL_DONATION_H
#include "sched.h"

#define DONATION_DEPTH 8          /* links of a chain followed (Pintos: 8) */

/* One record: `caller` waits in a call that `server` received.  Lives in
 * the call (the caller's kernel stack); linked under donation.c's lock,
 * from sched_donation_begin to sched_donation_finish. */
struct sched_donation {
	struct sched_task *caller, *server;
	struct sched_donation *next;    /* the server's next record (newest first) */
	bool active;                    /* ipc_sched.c: lent, not yet charged */
	bool lent;                      /* the policy's donate hook ran */
	unsigned int gen;               /* sched_policy_gen of the loan */
	uint32_t run_ms;                /* the server's run_ms when it began (moved
					 * back when another record is charged) */
	uint32_t saved[2];              /* the policy's words (SCHED_DONATION_WORDS) */
};

/* A record begins: caller lends its prio to server (and its slice, when
 * no other record of server lent one); server's chain is recomputed. */
void sched_donation_begin(struct sched_task *caller, struct sched_task *server,
			  struct sched_donation *d);
/* The record ends (a reply, a close, an exit, the caller's timeout): its
 * caller is charged, it leaves its server, the server's chain is
 * recomputed.  Only this record: the server keeps its others. */
void sched_donation_finish(struct sched_donation *d);
/* p's class or nice changed (params.c): what p passes on down its chain. */
void sched_donation_moved(struct sched_task *p);

/* p holds records whose best prio is `best` (SCHED_MAX_PRIO: none): its
 * prio becomes the better of that and its own from class and nice now. */
void sched_set_donated(struct sched_task *p, int best);
/* p's prio without its donations: from its class and nice as they are now
 * (and a normal prio its policy set, a bonus, when no donation covers it). */
int sched_donation_own_prio(struct sched_task *p);
/* The record arithmetic: the prio of a task whose own is base; the ms a
 * record charges (serial arithmetic: never negative, never a wrap). */
int sched_donation_effective(int base, bool donated, int donated_prio);
uint32_t sched_donation_ran(uint32_t now, uint32_t start);
/* sched_init: the records' lock. */
void sched_donation_init(void);
#endif
