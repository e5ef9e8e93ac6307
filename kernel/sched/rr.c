/*
 * rr.c - policy "rr": the classroom baseline, plain round robin per CPU.
 *
 * rr keeps no queue of its own: every SCHED_NORMAL task sits at one
 * priority (RR_PRIO) in the core's queue, one FIFO (queue.c).  A task runs
 * rr_slice_ms jiffies, then goes to the tail; a woken or yielding task
 * goes to the tail, a woken one with a fresh slice, and never preempts.
 * Nice and sleep history are ignored.  Real time is the core's (policy.h);
 * rr only says SCHED_RR's quantum: nick's (v7: MAX_TIMESLICE, 20 jiffies).
 */
#include "sched_impl.h"

#define RR_PRIO NICE_TO_PRIO(0)     /* the one queue of normal tasks: 120 */
#define RT_RR_SLICE 20              /* SCHED_RR's quantum, as in nick */

/* rr's per-task fields, in the task's policy area (policy.h). */
struct rr_task {
	unsigned int used_slice;    /* jiffies of its slice used */
	uint32_t timestamp;         /* jiffies of its last switch or wake-up */
};

static inline struct rr_task *RR(struct sched_task *p)
{
	return POLICY_DATA(p, struct rr_task);
}

static unsigned int rr_slice(void)
{
	return rr_slice_ms ? rr_slice_ms : 1;
}

/* The core zeroed used_slice. */
static void rr_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	RR(p)->timestamp = sched_jiffies();
	if (p->sched_class == SCHED_NORMAL)
		p->prio = RR_PRIO;      /* real time: the class's prio (policy.h) */
}

/* Its slice used up: to the tail of its list. */
static void rr_tick(struct runqueue *rq UNUSED, struct sched_task *p)
{
	if (++RR(p)->used_slice >= rr_slice()) {
		RR(p)->used_slice = 0;
		p->need_resched = 1;
		requeue_task(p);
	}
}

/* Wake-ups: tail of the queue, fresh slice, never preempt. */
static bool rr_wakeup(struct runqueue *rq UNUSED, struct sched_task *p,
		      struct sched_task *waker UNUSED, enum sched_waker kind UNUSED,
		      bool sync UNUSED)
{
	RR(p)->used_slice = 0;
	RR(p)->timestamp = sched_jiffies();
	return false;
}

/* timestamp only serves the balancer's cache-hot test. */
static void rr_stopping(struct runqueue *rq UNUSED, struct sched_task *p, uint32_t now)
{
	RR(p)->timestamp = now;
}

static void rr_running(struct runqueue *rq UNUSED, struct sched_task *p, uint32_t now)
{
	RR(p)->timestamp = now;
}

/* The child gets a fresh slice (the core queues it at the tail); the
 * parent keeps its own. */
static void rr_fork(struct runqueue *rq, struct sched_task *cur UNUSED, struct sched_task *c)
{
	RR(c)->used_slice = 0;
	rr_init_task(rq, c);
}

static void rr_nice(struct runqueue *rq UNUSED, struct sched_task *p, int nice)
{
	p->static_prio = NICE_TO_PRIO(nice);   /* remembered, not used */
}

static int rr_prio(struct sched_task *p UNUSED)
{
	return RR_PRIO;
}

static uint32_t rr_ran(struct sched_task *p)
{
	return RR(p)->timestamp;
}

static void rr_describe(struct runqueue *rq UNUSED, struct sched_task *p,
			struct sched_policy_view *v)
{
	v->timeslice = rr_slice();
	v->used_slice = RR(p)->used_slice;
	v->history = 0;
}

/* A donated slice: the server runs on the caller's used_slice. */
static void rr_donate(struct runqueue *rq UNUSED, struct sched_task *caller,
		      struct sched_task *server, uint32_t saved[SCHED_DONATION_WORDS],
		      enum sched_donate_step step)
{
	sched_donate_counter(&RR(caller)->used_slice, &RR(server)->used_slice, saved, step);
}

static unsigned int rr_quantum(struct sched_task *p UNUSED)
{
	return RT_RR_SLICE;
}

/* preempts: NULL (better prio: an idle CPU only, or real time). */
const struct sched_policy sched_policy_rr = {
	.name = "rr",
	.init_task = rr_init_task,
	.wakeup = rr_wakeup,
	.running = rr_running,
	.stopping = rr_stopping,
	.tick = rr_tick,
	.fork = rr_fork,
	.nice = rr_nice,
	.prio = rr_prio,
	.ran = rr_ran,
	.donate = rr_donate,
	.describe = rr_describe,
	.quantum = rr_quantum,
};
