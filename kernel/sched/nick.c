/*
 * nick.c - policy "nick": the '+' lines of Nick Piggin's patch "Nick's
 * scheduler policy v7", posted to the Linux kernel mailing list, August 2003.
 *
 * Read it beside the patch: each function names the hunk it follows.
 * Idea: no interactivity estimator.  A task's priority comes from its
 * recent sleep ratio (add_task_time / task_priority), and its slice from
 * how far it is below the best priority queued on its CPU (task_timeslice):
 * a lone hog gets long slices, a hog next to an interactive task short ones.
 *
 * Units: jiffies (1 ms).  "unsigned long" of the i386 patch is uint32_t,
 * used_slice is unsigned int: both wrap exactly as they did (quirk 2).
 */
#include "nick.h"

#define MIN_TIMESLICE   NICK_MIN_TIMESLICE(HZ)  /* 1 jiffy at HZ=1000 */
#define MAX_TIMESLICE   (20 * MIN_TIMESLICE)    /* also the SCHED_RR quantum */
#define MAX_SLEEP       HZ

/* v7: TASK_PREEMPTS_CURR - better prio, or equal prio and better nice. */
static bool task_preempts_curr(struct sched_task *p, struct runqueue *rq)
{
	return p->prio < rq->curr->prio ||
	       (p->prio == rq->curr->prio && p->static_prio < rq->curr->static_prio);
}

/*
 * v7: add_task_time.  total_time and sleep_time are decaying sums over the
 * last ~MAX_SLEEP jiffies (scaled by 1000); each call first decays both by
 * (MAX_SLEEP - t)/MAX_SLEEP, rounding to nearest, then adds t.  A period
 * longer than MAX_SLEEP wipes the history.  sleep_avg = sleep/total, per mille.
 */
static void add_task_time(struct sched_task *p, uint32_t time, int sleep)
{
	/* LAB time: begin */
	if (time == 0)
		return;
	if (time > MAX_SLEEP) {
		time = MAX_SLEEP;
		NICK(p)->total_time = 0;
		NICK(p)->sleep_time = 0;
	} else {
		uint32_t r = MAX_SLEEP - time;

		NICK(p)->total_time = (r * NICK(p)->total_time + MAX_SLEEP / 2) / MAX_SLEEP;
		NICK(p)->sleep_time = (r * NICK(p)->sleep_time + MAX_SLEEP / 2) / MAX_SLEEP;
	}
	NICK(p)->total_time += 1000 * time;
	if (sleep)
		NICK(p)->sleep_time += 1000 * time;
	NICK(p)->sleep_avg = (1000 * NICK(p)->sleep_time) / NICK(p)->total_time;
	/* LAB time: end */
}

/* v7: task_timeslice.  idx = best normal prio queued here (or p's own);
 * base = 40/(levels below idx + 1); scaled by (USER_PRIO(idx)+4)/8. */
static unsigned int task_timeslice(struct sched_task *p, struct runqueue *rq)
{
	/* LAB time: begin */
	int idx, delta;
	unsigned int base, timeslice;

	if (rt_task(p))
		return MAX_TIMESLICE;
	idx = sched_min(prio_array_find_next(ARRAYS(rq)->active, MAX_RT_PRIO),
			prio_array_find_next(ARRAYS(rq)->expired, MAX_RT_PRIO));
	idx = sched_min(idx, p->prio);
	delta = p->prio - idx;

	base = MIN_TIMESLICE * MAX_USER_PRIO / (delta + 1);
	timeslice = base * (USER_PRIO(idx) + 4) / 8;
	if (timeslice <= 0)
		timeslice = 1;
	return timeslice;
	/* LAB time: end */
}

/* v7: task_priority.  bonus 0..20 from sleep_avg (more if sleep_avg > 1000,
 * quirk 3: the clamp catches it); a hog at nice 0 sits at 130. */
static int task_priority(struct sched_task *p)
{
	/* LAB time: begin */
	int bonus, prio;

	if (rt_task(p))
		return p->prio;
	bonus = (MAX_USER_PRIO * NICK(p)->sleep_avg) / 1000 / 2;
	prio = USER_PRIO(p->static_prio) / 2 + (MAX_USER_PRIO / 2);
	prio = MAX_RT_PRIO + prio - bonus;
	if (prio < MAX_RT_PRIO)
		prio = MAX_RT_PRIO;
	if (prio > MAX_PRIO - 1)
		prio = MAX_PRIO - 1;
	return prio;
	/* LAB time: end */
}

/* Fresh nick fields (new thread, policy switch): no history, a hog's prio. */
static void nick_init_task(struct runqueue *rq, struct sched_task *p)
{
	/* the core zeroed the rest (history, used_slice, first_time_slice) */
	NICK(p)->timestamp = sched_jiffies();
	NICK(p)->array_sequence = NICK_RQ(rq)->array_sequence;
	p->prio = task_priority(p);        /* from the class's prio (policy.h) */
}

/*
 * v7: activate_task (+ try_to_wake_up's preemption test).  `kind` is the
 * patch's "!in_interrupt() && current->mm" test (sched_waker_of).
 * Quirk 1: a user waker takes half of the sleep credit, and `steal` slice
 * jiffies move from the woken task's slice to the waker (used_slice goes
 * up for p, down for the waker).  Quirk 2: the waker's unsigned used_slice
 * can wrap below zero; it then expires at its next tick (unless it landed
 * on UINT_MAX: ++ makes it 0).  Wrap: when p used more than its slice now
 * is, (ts - used) wraps and steal is sleep/2 (docs/scheduler.md, quirk 6).
 */
static bool nick_activate(struct runqueue *rq, struct sched_task *p,
			  struct sched_task *waker, enum sched_waker kind, bool sync)
{
	/* LAB wakeup: begin */
	uint32_t now = sched_jiffies();
	uint32_t sleep = now - NICK(p)->timestamp;
	bool user = (kind == SCHED_WAKER_USER);

	NICK(p)->timestamp = now;
	if (sleep > MAX_SLEEP)
		sleep = MAX_SLEEP;
	if (user) {
		uint32_t boost = sleep / 2;

		add_task_time(waker, boost, 1);
		add_task_time(p, sleep - boost, 1);
	} else {
		add_task_time(p, sleep, 1);
		if (kind == SCHED_WAKER_IRQ)
			add_task_time(p, sleep / 2, 1);
	}
	p->prio = task_priority(p);
	if (NICK_RQ(rq)->array_sequence != NICK(p)->array_sequence)
		NICK(p)->used_slice = 0;      /* arrays swapped while it slept */
	if (user) {
		uint32_t steal = sched_min((unsigned int)sleep / 2,
				(task_timeslice(p, rq) - NICK(p)->used_slice) / 2);

		NICK(p)->used_slice += steal;
		NICK(waker)->used_slice -= steal;
	}
	return !sync && task_preempts_curr(p, rq);
	/* LAB wakeup: end */
}

/* v7: deactivate_task remembers the array generation it slept in. */
static void nick_dequeue(struct runqueue *rq, struct sched_task *p)
{
	dequeue_task(p);
	NICK(p)->array_sequence = NICK_RQ(rq)->array_sequence;
}

/* v7: schedule() - the head of the best list of active, the arrays
 * swapped first when active is empty (rq->array_sequence++). */
static struct sched_task *nick_pick(struct runqueue *rq)
{
	bool swapped;
	struct sched_task *next = arrays_pick(rq, &swapped);

	if (swapped)
		NICK_RQ(rq)->array_sequence++;
	return next;
}

/* v7: schedule(): the time since the last switch counts as run time;
 * then the stamp restarts (waiting on a run queue counts neither as run
 * nor as sleep). */
static void nick_stopping(struct runqueue *rq UNUSED, struct sched_task *prev, uint32_t now)
{
	add_task_time(prev, now - NICK(prev)->timestamp, 0);
	NICK(prev)->timestamp = now;
}

/* v7: schedule(), switch_tasks: next's stamp restarts too. */
static void nick_running(struct runqueue *rq UNUSED, struct sched_task *next, uint32_t now)
{
	NICK(next)->timestamp = now;
}

/* v7: scheduler_tick for a normal task: at the end of the slice,
 * recompute prio and go to expired (always: v7 has no interactive
 * reinsertion and no starvation limit).  Real time: the core's. */
static void nick_tick(struct runqueue *rq, struct sched_task *p)
{
	struct nick_task *n = NICK(p);

	if (arrays_expired_already(rq, p))
		return;
	n->used_slice++;
	if (n->used_slice >= task_timeslice(p, rq)) {
		dequeue_task(p);
		p->need_resched = 1;
		p->prio = task_priority(p);
		n->used_slice = 0;
		n->first_time_slice = 0;
		enqueue_task(p, ARRAYS(rq)->expired);
	}
}

/* v7: sched_fork then wake_up_forked_process.  Wrap (quirk 7): a parent
 * whose used_slice is beyond ts gives the child ~2^31 (it expires on its
 * first tick) and takes the "rare case" itself. */
static void nick_fork(struct runqueue *rq, struct sched_task *cur, struct sched_task *c)
{
	struct nick_task *pn = NICK(cur), *cn = NICK(c);
	uint32_t ts;

	cn->timestamp = sched_jiffies();
	ts = task_timeslice(cur, rq);
	cn->used_slice = pn->used_slice + (ts - pn->used_slice) / 2;
	pn->used_slice += (ts - pn->used_slice + 1) / 2;
	cn->first_time_slice = 1;
	if (pn->used_slice >= ts) {
		pn->used_slice = ts - 1;     /* the rare case: parent expires now */
		sched_policy_tick(rq, cur);
	}
	/* wake_up_forked_process */
	cn->sleep_time = pn->sleep_time / 10;
	cn->total_time = pn->total_time / 20;
	cn->sleep_avg = pn->sleep_avg * 2;          /* quirk 3: may exceed 1000 */
	pn->sleep_time = 3 * pn->sleep_time / 4;
	if (pn->total_time != 0)
		pn->sleep_avg = (1000 * pn->sleep_time) / pn->total_time;
	c->prio = task_priority(c);          /* the core queues c: tail of active */
}

/* v7: sched_exit.  An unfinished first slice goes back to the parent
 * (unsigned: can wrap, quirk 2; a child beyond its slice makes the refund
 * a penalty, quirk 8); a hog child costs the parent sleep_avg. */
static void nick_exit(struct runqueue *rq, struct sched_task *p, struct sched_task *parent)
{
	struct nick_task *cn = NICK(p), *pn = NICK(parent);

	if (cn->first_time_slice)
		pn->used_slice -= task_timeslice(p, rq) - cn->used_slice;
	if (cn->sleep_avg < pn->sleep_avg)
		add_task_time(parent, (pn->sleep_avg - cn->sleep_avg) / 2, 0);
}

/* v7: set_user_nice.  Quirk 4: delta is taken against the *dynamic* prio,
 * so prio becomes exactly the new static prio until the next recompute. */
static void nick_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	struct prio_array *array = p->array;
	int delta;

	if (array)
		dequeue_task(p);
	delta = NICE_TO_PRIO(nice) - p->prio;
	p->static_prio = NICE_TO_PRIO(nice);
	p->prio += delta;
	if (array) {
		enqueue_task(p, array);
		if (delta < 0 || (delta > 0 && task_running(rq, p)))
			resched_task(rq, rq->curr);
	}
}

/* The stat dump's columns: v7's slice, used_slice and sleep_avg. */
static void nick_describe(struct runqueue *rq, struct sched_task *p,
			  struct sched_policy_view *v)
{
	v->timeslice = task_timeslice(p, rq);
	v->used_slice = NICK(p)->used_slice;
	v->history = NICK(p)->sleep_avg;
}

/* A donated slice is the caller's used_slice: the server runs on it, and
 * the caller gets back what the server left of it. */
static void nick_donate(struct runqueue *rq UNUSED, struct sched_task *caller,
			struct sched_task *server, uint32_t saved[SCHED_DONATION_WORDS],
			enum sched_donate_step step)
{
	sched_donate_counter(&NICK(caller)->used_slice, &NICK(server)->used_slice,
			     saved, step);
}

/* v7: SCHED_RR's quantum is MAX_TIMESLICE (task_timeslice's RT case). */
static unsigned int nick_quantum(struct sched_task *p UNUSED)
{
	return MAX_TIMESLICE;
}

/* v7: pull_task uses TASK_PREEMPTS_CURR. */
static bool nick_preempts(struct runqueue *rq, struct sched_task *p)
{
	return task_preempts_curr(p, rq);
}

/* v7: can_migrate_task uses timestamp. */
static uint32_t nick_ran(struct sched_task *p)
{
	return NICK(p)->timestamp;
}

/* The patch's own functions, exported by name for the unit tests. */
void nick_add_task_time(struct sched_task *p, uint32_t t, int sleep)
{
	add_task_time(p, t, sleep);
}
int nick_task_priority(struct sched_task *p) { return task_priority(p); }
unsigned int nick_task_timeslice(struct sched_task *p, struct runqueue *rq)
{
	return task_timeslice(p, rq);
}
bool nick_task_preempts_curr(struct sched_task *p, struct runqueue *rq)
{
	return task_preempts_curr(p, rq);
}

/* prio: NULL, 2.6.0 setscheduler's static_prio (task_priority later). */
const struct sched_policy sched_policy_nick = {
	.name = "nick",
	.init_rq = arrays_init_rq,
	.init_task = nick_init_task,
	.wakeup = nick_activate,
	.enqueue = arrays_enqueue,
	.dequeue = nick_dequeue,
	.pick = nick_pick,
	.movable = arrays_movable,
	.yield = arrays_yield,
	.best = arrays_best,
	.check = arrays_check,
	.running = nick_running,
	.stopping = nick_stopping,
	.tick = nick_tick,
	.fork = nick_fork,
	.exit = nick_exit,
	.nice = nick_nice,
	.preempts = nick_preempts,
	.ran = nick_ran,
	.donate = nick_donate,
	.describe = nick_describe,
	.quantum = nick_quantum,
};
