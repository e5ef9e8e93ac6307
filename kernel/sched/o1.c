/*
 * o1.c - policy "o1": the stock Linux 2.6.0-test4 scheduler (the '-' lines
 * of "Nick's scheduler policy v7", posted to the Linux kernel mailing list,
 * August 2003).
 *
 * Idea: a fixed slice per nice level (10..200 ms), a dynamic prio of
 * static_prio -5..+5 from sleep_avg (jiffies slept, minus jiffies run,
 * 0..10 s), and "interactive" tasks go back to the *active* array when
 * their slice ends, unless the expired ones have starved too long.
 */
#include "o1.h"

#define MIN_TIMESLICE     (10 * HZ / 1000)
#define MAX_TIMESLICE     (200 * HZ / 1000)
#define CHILD_PENALTY     50
#define PARENT_PENALTY    100
#define EXIT_WEIGHT       3
#define PRIO_BONUS_RATIO  25
#define INTERACTIVE_DELTA 2
#define MAX_SLEEP_AVG     (10 * HZ)
#define STARVATION_LIMIT  (10 * HZ)

/* -: SCALE / DELTA / TASK_INTERACTIVE.  C division truncates, so nice -10
 * gives DELTA 0 (the patch comment's table row shows 7 ones; the code
 * gives 6: see test_sched_o1.c). */
#define SCALE(v1, v1_max, v2_max) ((v1) * (v2_max) / (v1_max))
#define DELTA(p) (SCALE(TASK_NICE(p), 40, MAX_USER_PRIO * PRIO_BONUS_RATIO / 100) + \
		  INTERACTIVE_DELTA)
#define TASK_INTERACTIVE(p) ((p)->prio <= (p)->static_prio - DELTA(p))

/* -: BASE_TIMESLICE: nice -20 200 ms, 0 102 ms, 19 10 ms. */
static unsigned int task_timeslice(struct sched_task *p)
{
	return MIN_TIMESLICE + (MAX_TIMESLICE - MIN_TIMESLICE) *
		(MAX_PRIO - 1 - p->static_prio) / (MAX_USER_PRIO - 1);
}

/* -: effective_prio: sleep_avg 0..10000 -> bonus -5..+5. */
static int effective_prio(struct sched_task *p)
{
	int bonus, prio;

	if (rt_task(p))
		return p->prio;
	bonus = MAX_USER_PRIO * PRIO_BONUS_RATIO * (int)O1(p)->sleep_avg / MAX_SLEEP_AVG / 100 -
		MAX_USER_PRIO * PRIO_BONUS_RATIO / 100 / 2;
	prio = p->static_prio - bonus;
	if (prio < MAX_RT_PRIO)
		prio = MAX_RT_PRIO;
	if (prio > MAX_PRIO - 1)
		prio = MAX_PRIO - 1;
	return prio;
}

/* -: EXPIRED_STARVING: the first expired task waited too long. */
static bool expired_starving(struct runqueue *rq)
{
	uint32_t stamp = O1_RQ(rq)->expired_timestamp;

	return STARVATION_LIMIT && stamp &&
	       sched_jiffies() - stamp >=
			STARVATION_LIMIT * rq->nr_running + 1;
}

static void o1_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	O1(p)->last_run = sched_jiffies();
	O1(p)->time_slice = task_timeslice(p);
	p->prio = effective_prio(p);       /* from the class's prio (policy.h) */
}

/* -: activate_task: credit the jiffies slept (minus one), cap 10 s.
 * -: try_to_wake_up: a sync wake-up gets no credit and no preemption. */
static bool o1_wakeup(struct runqueue *rq, struct sched_task *p,
		      struct sched_task *waker UNUSED, enum sched_waker kind UNUSED, bool sync)
{
	struct o1_task *o = O1(p);
	int32_t sleep_time;    /* "long" on i386 */

	if (sync)
		return false;
	sleep_time = (int32_t)(sched_jiffies() - o->last_run - 1);
	if (sleep_time > 0) {
		uint32_t sleep_avg = o->sleep_avg + (uint32_t)sleep_time;

		if (sleep_avg > MAX_SLEEP_AVG)
			sleep_avg = MAX_SLEEP_AVG;
		if (o->sleep_avg != sleep_avg) {
			o->sleep_avg = sleep_avg;
			p->prio = effective_prio(p);
		}
	}
	return p->prio < rq->curr->prio;
}

/* -: schedule(): prev->last_run = jiffies. */
static void o1_stopping(struct runqueue *rq UNUSED, struct sched_task *prev, uint32_t now)
{
	O1(prev)->last_run = now;
}

/* -: scheduler_tick for a normal task (real time: the core's). */
static void o1_tick(struct runqueue *rq, struct sched_task *p)
{
	struct o1_task *o = O1(p);
	struct o1_rq *orq = O1_RQ(rq);

	if (arrays_expired_already(rq, p))
		return;
	if (o->sleep_avg)
		o->sleep_avg--;
	if (!--o->time_slice) {
		dequeue_task(p);
		p->need_resched = 1;
		p->prio = effective_prio(p);
		o->time_slice = task_timeslice(p);
		o->first_time_slice = 0;
		if (!TASK_INTERACTIVE(p) || expired_starving(rq)) {
			if (!orq->expired_timestamp)
				orq->expired_timestamp = sched_jiffies();
			enqueue_task(p, orq->arrays.expired);
		} else {
			enqueue_task(p, orq->arrays.active);
		}
	}
}

/* -: copy_process's slice split, then wake_up_forked_process: the child
 * takes the parent's prio and queues right before it (child runs first). */
static void o1_fork(struct runqueue *rq, struct sched_task *cur, struct sched_task *c)
{
	struct o1_task *po = O1(cur), *co = O1(c);

	co->time_slice = (po->time_slice + 1) >> 1;
	co->first_time_slice = 1;
	po->time_slice >>= 1;
	co->last_run = sched_jiffies();
	if (!po->time_slice) {
		po->time_slice = 1;
		sched_policy_tick(rq, cur);
	}
	po->sleep_avg = po->sleep_avg * PARENT_PENALTY / 100;
	co->sleep_avg = co->sleep_avg * CHILD_PENALTY / 100;
	c->prio = effective_prio(c);
	/* the core queues c at the tail of active if its parent is not on
	 * an array of o1's (a server on a lent real-time prio) */
	if (cur->array && cur->array != &rq->queue)
		enqueue_task_before(c, cur);
}

/* -: sched_exit: unused first slice back to the parent (cap 200 ms);
 * a hog child pulls the parent's sleep_avg down by a 3:1 average. */
static void o1_exit(struct runqueue *rq UNUSED, struct sched_task *p, struct sched_task *parent)
{
	struct o1_task *co = O1(p), *po = O1(parent);

	if (co->first_time_slice) {
		po->time_slice += co->time_slice;
		if (po->time_slice > MAX_TIMESLICE)
			po->time_slice = MAX_TIMESLICE;
	}
	if (co->sleep_avg < po->sleep_avg)
		po->sleep_avg = (po->sleep_avg * EXIT_WEIGHT + co->sleep_avg) / (EXIT_WEIGHT + 1);
}

/* -: set_user_nice.  Quirk 5: the test compares the new static prio with
 * p->static_prio *after* it was assigned, so it is always false and only
 * a running task is rescheduled.  prio drops its bonus until recomputed. */
static void o1_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	struct prio_array *array = p->array;

	if (array)
		dequeue_task(p);
	p->static_prio = NICE_TO_PRIO(nice);
	p->prio = NICE_TO_PRIO(nice);
	if (array) {
		enqueue_task(p, array);
		if (NICE_TO_PRIO(nice) < p->static_prio || task_running(rq, p))
			resched_task(rq, rq->curr);
	}
}

/* The stat dump: the fixed slice, the part of it used (after a nice
 * change the slice left can exceed the new full slice), sleep_avg of 10 s. */
static void o1_describe(struct runqueue *rq UNUSED, struct sched_task *p,
			struct sched_policy_view *v)
{
	unsigned int full = task_timeslice(p);

	v->timeslice = full;
	v->used_slice = O1(p)->time_slice < full ? full - O1(p)->time_slice : 0;
	v->history = O1(p)->sleep_avg * 1000 / MAX_SLEEP_AVG;
}

/* A donated slice is the caller's time_slice (jiffies left). */
static void o1_donate(struct runqueue *rq UNUSED, struct sched_task *caller,
		      struct sched_task *server, uint32_t saved[SCHED_DONATION_WORDS],
		      enum sched_donate_step step)
{
	sched_donate_counter(&O1(caller)->time_slice, &O1(server)->time_slice, saved, step);
}

/* -: scheduler_tick: a SCHED_RR task gets task_timeslice(p), its nice's
 * slice, then goes to the tail of its list. */
static unsigned int o1_quantum(struct sched_task *p)
{
	return task_timeslice(p);
}

/* -: pull_task: better prio, or equal prio and more slice left. */
static bool o1_preempts(struct runqueue *rq, struct sched_task *p)
{
	struct sched_task *curr = rq->curr;

	return p->prio < curr->prio ||
	       (p->prio == curr->prio && O1(p)->time_slice > O1(curr)->time_slice);
}

/* -: CAN_MIGRATE_TASK uses last_run. */
static uint32_t o1_ran(struct sched_task *p)
{
	return O1(p)->last_run;
}

/* -: schedule(): an idle pick clears expired_timestamp ... */
static void o1_idle(struct runqueue *rq)
{
	O1_RQ(rq)->expired_timestamp = 0;
}

/* ... and so does the swap of the arrays, when active is empty. */
static struct sched_task *o1_pick(struct runqueue *rq)
{
	bool swapped;
	struct sched_task *next = arrays_pick(rq, &swapped);

	if (swapped)
		O1_RQ(rq)->expired_timestamp = 0;
	return next;
}

/* The patch's own functions, exported by name for the unit tests. */
int o1_effective_prio(struct sched_task *p) { return effective_prio(p); }
unsigned int o1_task_timeslice(struct sched_task *p) { return task_timeslice(p); }
bool o1_task_interactive(struct sched_task *p) { return TASK_INTERACTIVE(p); }
bool o1_expired_starving(struct runqueue *rq) { return expired_starving(rq); }

/* prio: NULL, 2.6.0 setscheduler's static_prio. */
const struct sched_policy sched_policy_o1 = {
	.name = "o1",
	.init_rq = arrays_init_rq,
	.init_task = o1_init_task,
	.enqueue = arrays_enqueue,
	.dequeue = arrays_dequeue,
	.pick = o1_pick,
	.movable = arrays_movable,
	.yield = arrays_yield,
	.best = arrays_best,
	.check = arrays_check,
	.wakeup = o1_wakeup,
	.stopping = o1_stopping,
	.tick = o1_tick,
	.fork = o1_fork,
	.exit = o1_exit,
	.nice = o1_nice,
	.preempts = o1_preempts,
	.ran = o1_ran,
	.idle = o1_idle,
	.donate = o1_donate,
	.describe = o1_describe,
	.quantum = o1_quantum,
};
