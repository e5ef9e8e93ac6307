/*
 * rr.c - policy "rr": the classroom baseline, plain round robin per CPU.
 *
 * Every SCHED_NORMAL task sits at one priority (RR_PRIO) in the active
 * array: one FIFO.  A task runs rr_slice_ms jiffies, then goes to the tail;
 * a woken task goes to the tail with a fresh slice and never preempts.
 * Nice and sleep history are ignored.  Real-time tasks are always better
 * than RR_PRIO and preempt normal tasks; a SCHED_RR task takes turns with
 * its equals as a normal task does, with nick's quantum (v7: MAX_TIMESLICE,
 * 20 jiffies); a SCHED_FIFO task runs until it blocks or yields.
 */
#include "sched_impl.h"

#define RR_PRIO NICE_TO_PRIO(0)     /* the one queue of normal tasks: 120 */
#define RT_RR_SLICE 20              /* SCHED_RR's quantum, as in nick */

static void rr_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	p->used_slice = 0;
	p->first_time_slice = 0;
	p->timestamp = sched_jiffies();
	if (p->sched_class == SCHED_NORMAL)
		p->prio = RR_PRIO;      /* real time: the class's prio (policy.h) */
}

static unsigned int rr_timeslice(struct runqueue *rq UNUSED, struct sched_task *p)
{
	if (rt_task(p))
		return RT_RR_SLICE;
	return rr_slice_ms ? rr_slice_ms : 1;
}

/* A normal or SCHED_RR task: its slice used up, to the tail of its list. */
static void rr_tick(struct runqueue *rq, struct sched_task *p)
{
	if (p->sched_class == SCHED_FIFO)
		return;
	p->used_slice++;
	if (p->used_slice >= rr_timeslice(rq, p)) {
		p->used_slice = 0;
		p->need_resched = 1;
		requeue_task(p);
	}
}

/* Wake-ups: tail of the queue, fresh slice; only RT tasks preempt. */
static bool rr_activate(struct runqueue *rq, struct sched_task *p,
			struct sched_task *waker UNUSED, enum sched_waker kind UNUSED, bool sync)
{
	p->used_slice = 0;
	p->timestamp = sched_jiffies();
	return rt_task(p) && !sync && p->prio < rq->curr->prio;
}

static void rr_switch_out(struct runqueue *rq UNUSED, struct sched_task *prev UNUSED,
			  uint32_t now UNUSED)
{
}

/* timestamp only serves the balancer's cache-hot test. */
static void rr_switch_in(struct runqueue *rq UNUSED, struct sched_task *prev,
			 struct sched_task *next, uint32_t now)
{
	prev->timestamp = now;
	next->timestamp = now;
}

/* The child gets a fresh slice at the tail; the parent keeps its own. */
static void rr_fork(struct runqueue *rq, struct sched_task *cur UNUSED, struct sched_task *c)
{
	rr_init_task(rq, c);
	enqueue_task(c, rq->active);
}

static void rr_set_nice(struct runqueue *rq UNUSED, struct sched_task *p, int nice)
{
	p->static_prio = NICE_TO_PRIO(nice);   /* remembered, not used */
}

static unsigned int rr_used_slice(struct runqueue *rq UNUSED, struct sched_task *p)
{
	return p->used_slice;
}

static unsigned int rr_sleep_avg(struct sched_task *p UNUSED)
{
	return 0;
}

static int rr_normal_prio(struct sched_task *p UNUSED)
{
	return RR_PRIO;
}

static bool rr_preempts(struct runqueue *rq, struct sched_task *p)
{
	return p->prio < rq->curr->prio;    /* i.e. RT, or rq->curr is idle */
}

static uint32_t rr_last_ran(struct sched_task *p)
{
	return p->timestamp;
}

static struct prio_array *rr_yield_array(struct runqueue *rq, struct sched_task *p UNUSED)
{
	return rq->active;
}

const struct sched_policy sched_policy_rr = {
	.name = "rr",
	.init_task = rr_init_task,
	.timeslice = rr_timeslice,
	.used_slice = rr_used_slice,
	.sleep_avg = rr_sleep_avg,
	.tick = rr_tick,
	.activate = rr_activate,
	.deactivate = NULL,
	.switch_out = rr_switch_out,
	.switch_in = rr_switch_in,
	.fork = rr_fork,
	.exit = NULL,
	.set_nice = rr_set_nice,
	.normal_prio = rr_normal_prio,
	.preempts = rr_preempts,
	.last_ran = rr_last_ran,
	.on_array_swap = NULL,
	.on_idle_pick = NULL,
	.yield_array = rr_yield_array,
};
