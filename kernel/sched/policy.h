/*
 * policy.h - what a scheduling policy plugs into the core.
 *
 * The core (core.c, wakeup.c, tick.c, pick.c, ...) owns the run queues, the
 * locking, the accounting and real time; a policy owns the numbers of
 * SCHED_NORMAL tasks: priorities, slices, and the queues they wait in.  It
 * is the shape of Linux's sched_ext (struct sched_ext_ops), simpler: every
 * hook is optional and a NULL hook means the core's default, written in
 * the table below.  One file per policy: nick.c, o1.c, rr.c, mine.c,
 * cfs.c, eevdf.c.
 *
 * Real time is the core's (2.6.0 scheduler_tick handles it once, before
 * the normal tasks): a task whose prio is 0..99 (SCHED_FIFO, SCHED_RR, or a
 * server running on such a caller's prio) waits in the core's queue and
 * reaches no hook but init_task and quantum.  FIFO runs until it blocks or
 * yields; RR runs quantum(p) jiffies then goes to the tail of its list; a
 * woken or pulled real-time task preempts a worse prio.
 *
 * Queues (queue.c).  Each CPU has one queue of the core's, a prio_array
 * (prio_array.h): the real-time prios, and every task of a policy with no
 * enqueue hook, by prio, FIFO within a prio (rr: one list).  A policy with
 * an enqueue hook owns its tasks' queues: the core calls enqueue instead
 * of queueing p itself, dequeue to take p off, pick to choose, movable to
 * balance; the policy keeps them where it likes in its per-CPU area
 * (POLICY_RQ, set up by init_rq): 2.6.0's pair of arrays (prio_arrays.c,
 * ready-made hooks: nick, o1, mine), a queue ordered by virtual time
 * (vtime_queue.h: cfs, eevdf), a list of its own.  Such a policy must have
 * enqueue, dequeue and pick, and should have movable.
 *
 * Locking: every hook runs with the rq lock of `rq` held and local
 * interrupts off (donate, movable: both run queues).  A hook may call
 * the helpers of sched_impl.h and prio_array.h (enqueue_task, dequeue_task,
 * requeue_task, the arrays_ hooks, resched_task, sched_policy_tick) but
 * never takes a lock.
 *
 * The life of a SCHED_NORMAL task, and the hook that runs at each step:
 *
 *   init_task   fresh per-task area (start, fork into a stale area, policy
 *               switch, first wake-up after a switch)
 *       |
 *   wakeup ---> enqueue    p joins rq: the policy's queue takes it (wake-up,
 *       ^           |      fork, pull, migration, policy switch, the end
 *       |           |      of a lent real-time prio)
 *       |           |---- movable  queued, not running: the balancer may
 *       |           v      move p (dequeue here, enqueue on its CPU)
 *       |        pick      the next task of rq (when no real-time task is)
 *       |           |
 *       |        running   p got the CPU
 *       |           |
 *       |         tick     every timer tick while it runs (may expire it)
 *       |           |
 *       |        stopping  p gives the CPU up (schedule(), before the pick)
 *       |           |
 *       +------- dequeue   p left rq: asleep, moved away, lent real time
 *                   |
 *                 exit     its parent reaps it (refunds)
 *
 * Hook table: when the core calls each hook (all under the rq lock), and
 * what it does when the hook is NULL.
 *
 *  hook       when                                    NULL means
 *  ---------  --------------------------------------  ----------------------
 *  init_rq    the policy takes rq (boot, switch): its nothing (a zeroed
 *             per-CPU area, zeroed, is its to set up  area)
 *  init_task  p gets fresh fields (any class)         class prio, zeroed area
 *  wakeup     p wakes, before the core queues it      preempt if better prio
 *             (v7: activate_task); returns "preempt"  and not sync
 *  enqueue    p joins rq: into the policy's queue     the core's queue, by prio
 *  dequeue    p leaves the policy's queue             (with enqueue)
 *  pick       schedule(): the next task, no RT queued the head of the best
 *                                                     list of the core's queue
 *  movable    the balancer, rq the busiest: the task  the core's queue: best
 *             after `after` (NULL: the first) it may  prio first, each list
 *             try to move, in the policy's order;     from its tail; a policy
 *             NULL: no more (both rqs locked)         with queues: the task
 *                                                     queued last first
 *  running    schedule(): p (normal) got the CPU      nothing
 *  stopping   schedule(): prev (normal) leaves it     nothing
 *  tick       timer tick, p running                   round robin: tail of
 *                                                     its list every 100 ms
 *  fork       sched_fork: split the slice, set the    nothing; the core
 *             child's fields; may put the child on    queues the child
 *             an array itself (o1: before its parent) (enqueue)
 *  exit       the parent reaps p (v7: sched_exit)     nothing
 *  nice       set_user_nice of a normal task (nice    static_prio, prio, requeue
 *             validated, different)                   and resched if worse
 *  prio       p becomes SCHED_NORMAL again            static_prio
 *  preempts   the balancer pulled p: preempt curr?    better prio
 *  ran        jiffies p last ran (cache-hot test)     when its wait began
 *  idle       the pick found nothing to run           nothing
 *  yield      sched_yield: requeue p (it stays        tail of its list
 *             queued)
 *  best       the IPC direct switch: the best prio    any other task waiting
 *             waiting in its queues, curr aside       counts as better
 *  donate     an IPC call lends the caller's slice    no slice lent (the
 *             to its server, and its return (below)   core lends the prio)
 *  describe   the stat dump: slice, used, history     zeros
 *  quantum    SCHED_RR's quantum, jiffies             SCHED_RR_QUANTUM (100)
 *  check      check=1 and the tests: are the policy's own  nothing to check
 *             queues sound?  0, or -1 and why
 *
 * What the core guarantees a policy, and checks:
 *  - init_task starts from p->prio = the class's rule (SCHED_NORMAL:
 *    static_prio, 120 + nice; FIFO/RR: rt_prio_of(rt_priority)) and a
 *    zeroed policy area; it may change both (a real-time task's prio is
 *    put back afterwards).
 *  - Its own per-task fields live in p->policy_data (SCHED_POLICY_WORDS
 *    words), read through POLICY_DATA(p, struct its_fields), which refuses
 *    to compile when the struct does not fit; its per-CPU fields in
 *    rq->policy_rq, through POLICY_RQ(rq, struct its_rq).  A forked child
 *    starts with a copy of its parent's (as Linux's dup_task_struct).
 *  - Every task queued must have a prio in 0..139 (real time 0..99,
 *    SCHED_NORMAL 100..139).  Outside that range the core prints one line
 *    and clamps the prio into its class's band, so a wrong policy cannot
 *    corrupt an array.
 *  - pick must return a task it queued on rq (in its own queues, or in the
 *    core's when it has none); else one line, and the core's choice: the
 *    head of its queue, or the policy's tasks in turn, one tick each.
 *  - movable must name rq's queued normal tasks, each once (else one line,
 *    and nothing more moves); the core asks for the next before it moves
 *    p, and can_migrate_task decides.
 *  - The watchdog (watchdog.c): under any policy but nick and o1, a task
 *    queued and not run for sched_watchdog_ms ejects the policy; every task
 *    goes on under nick.
 *
 * Donation (ipc_sched.c, kernel/ipc/ipc.c).  The core keeps the records:
 * one struct sched_donation per call a server received and has not
 * answered, with the server's run time at its start and
 * SCHED_DONATION_WORDS words the policy may use; the server's prio is the
 * core's (the best of its own and its callers'; a real-time one moves it
 * to the core's queue until the loan ends).  At most one record of a
 * server lends a slice.  The hook sees one record at a time:
 *   donate(rq, caller, server, saved, SCHED_LEND)    the server starts to
 *       run on the caller's behalf: save what of the server's own the
 *       policy will overwrite in saved[], give the server what is left of
 *       the caller's slice.
 *   donate(rq, caller, server, saved, SCHED_RETURN)  the reply: give the
 *       caller what is left of the lent slice, restore the server's own
 *       from saved[].
 * A chain (A calls B, which calls C) is two records, lent and returned in
 * nested order: B lends to C what A lent it, and gets it back before it
 * returns the rest to A.  The hook never looks past its record, so the
 * core may build any nesting on it.  The core charges the server's run
 * time to the caller and computes the server's prio from its records.
 */
#ifndef NICKEL_SCHED_POLICY_H
#define NICKEL_SCHED_POLICY_H

#include "sched.h"

struct runqueue;                 /* private to kernel/sched (sched_impl.h) */

#define SCHED_RR_QUANTUM     100  /* jiffies: SCHED_RR's default quantum */
#define SCHED_DEFAULT_SLICE  100  /* jiffies: the round robin of a NULL tick */
#define SCHED_DONATION_WORDS 2    /* the policy's words in a donation record */

enum sched_donate_step { SCHED_LEND, SCHED_RETURN };

/* The policy's view of one task for the stat dump (describe). */
struct sched_policy_view {
	unsigned int timeslice;      /* jiffies of its slice */
	unsigned int used_slice;     /* jiffies of it used */
	unsigned int history;        /* per mille: sleep_avg or alike */
};

struct sched_policy {
	const char *name;
	void (*init_rq)(struct runqueue *rq);
	void (*init_task)(struct runqueue *rq, struct sched_task *p);
	bool (*wakeup)(struct runqueue *rq, struct sched_task *p,
		       struct sched_task *waker, enum sched_waker kind, bool sync);
	void (*enqueue)(struct runqueue *rq, struct sched_task *p);
	void (*dequeue)(struct runqueue *rq, struct sched_task *p);
	struct sched_task *(*pick)(struct runqueue *rq);
	struct sched_task *(*movable)(struct runqueue *rq, struct sched_task *after);
	void (*running)(struct runqueue *rq, struct sched_task *p, uint32_t now);
	void (*stopping)(struct runqueue *rq, struct sched_task *p, uint32_t now);
	void (*tick)(struct runqueue *rq, struct sched_task *p);
	void (*fork)(struct runqueue *rq, struct sched_task *parent, struct sched_task *child);
	void (*exit)(struct runqueue *rq, struct sched_task *p, struct sched_task *parent);
	void (*nice)(struct runqueue *rq, struct sched_task *p, int nice);
	int (*prio)(struct sched_task *p);
	bool (*preempts)(struct runqueue *rq, struct sched_task *p);
	uint32_t (*ran)(struct sched_task *p);
	void (*idle)(struct runqueue *rq);
	void (*yield)(struct runqueue *rq, struct sched_task *p);
	int (*best)(struct runqueue *rq);
	void (*donate)(struct runqueue *rq, struct sched_task *caller,
		       struct sched_task *server, uint32_t saved[SCHED_DONATION_WORDS],
		       enum sched_donate_step step);
	void (*describe)(struct runqueue *rq, struct sched_task *p,
			 struct sched_policy_view *v);
	unsigned int (*quantum)(struct sched_task *p);
	int (*check)(struct runqueue *rq, char *why, size_t n);
};

/* p's policy fields as the policy's own struct (see above). */
#define POLICY_DATA(p, type) ({                                                \
	_Static_assert(sizeof(type) <= sizeof((p)->policy_data),               \
		       #type " does not fit in sched_task.policy_data");       \
	(type *)(void *)(p)->policy_data;                                      \
})

#endif
