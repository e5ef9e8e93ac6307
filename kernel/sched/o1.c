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
#include "sched_impl.h"

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
	bonus = MAX_USER_PRIO * PRIO_BONUS_RATIO * (int)p->o1_sleep_avg / MAX_SLEEP_AVG / 100 -
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
	return STARVATION_LIMIT && rq->expired_timestamp &&
	       sched_jiffies() - rq->expired_timestamp >=
			STARVATION_LIMIT * rq->nr_running + 1;
}

static void o1_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	p->o1_sleep_avg = 0;
	p->last_run = sched_jiffies();
	p->first_time_slice = 0;
	p->time_slice = task_timeslice(p);
	p->prio = effective_prio(p);       /* from the class's prio (policy.h) */
}

/* -: activate_task: credit the jiffies slept (minus one), cap 10 s.
 * -: try_to_wake_up: a sync wake-up gets no credit and no preemption. */
static bool o1_activate(struct runqueue *rq, struct sched_task *p,
			struct sched_task *waker UNUSED, enum sched_waker kind UNUSED, bool sync)
{
	int32_t sleep_time;    /* "long" on i386 */

	if (sync)
		return false;
	sleep_time = (int32_t)(sched_jiffies() - p->last_run - 1);
	if (sleep_time > 0) {
		uint32_t sleep_avg = p->o1_sleep_avg + (uint32_t)sleep_time;

		if (sleep_avg > MAX_SLEEP_AVG)
			sleep_avg = MAX_SLEEP_AVG;
		if (p->o1_sleep_avg != sleep_avg) {
			p->o1_sleep_avg = sleep_avg;
			p->prio = effective_prio(p);
		}
	}
	return p->prio < rq->curr->prio;
}

/* -: schedule(): prev->last_run = jiffies. */
static void o1_switch_out(struct runqueue *rq UNUSED, struct sched_task *prev, uint32_t now)
{
	prev->last_run = now;
}

static void o1_switch_in(struct runqueue *rq UNUSED, struct sched_task *prev UNUSED,
			 struct sched_task *next UNUSED, uint32_t now UNUSED)
{
}

/* -: scheduler_tick. */
static void o1_tick(struct runqueue *rq, struct sched_task *p)
{
	if (p->o1_sleep_avg)
		p->o1_sleep_avg--;
	if (rt_task(p)) {
		if (p->sched_class == SCHED_RR && !--p->time_slice) {
			p->time_slice = task_timeslice(p);
			p->first_time_slice = 0;
			p->need_resched = 1;
			requeue_task(p);
		}
		return;
	}
	if (!--p->time_slice) {
		dequeue_task(p);
		p->need_resched = 1;
		p->prio = effective_prio(p);
		p->time_slice = task_timeslice(p);
		p->first_time_slice = 0;
		if (!TASK_INTERACTIVE(p) || expired_starving(rq)) {
			if (!rq->expired_timestamp)
				rq->expired_timestamp = sched_jiffies();
			enqueue_task(p, rq->expired);
		} else {
			enqueue_task(p, rq->active);
		}
	}
}

/* -: copy_process's slice split, then wake_up_forked_process: the child
 * takes the parent's prio and queues right before it (child runs first). */
static void o1_fork(struct runqueue *rq, struct sched_task *cur, struct sched_task *c)
{
	c->time_slice = (cur->time_slice + 1) >> 1;
	c->first_time_slice = 1;
	cur->time_slice >>= 1;
	c->last_run = sched_jiffies();
	if (!cur->time_slice) {
		cur->time_slice = 1;
		sched_policy_tick(rq, cur);
	}
	cur->o1_sleep_avg = cur->o1_sleep_avg * PARENT_PENALTY / 100;
	c->o1_sleep_avg = c->o1_sleep_avg * CHILD_PENALTY / 100;
	c->prio = effective_prio(c);
	if (!cur->array)
		enqueue_task(c, rq->active);
	else
		enqueue_task_before(c, cur);
}

/* -: sched_exit: unused first slice back to the parent (cap 200 ms);
 * a hog child pulls the parent's sleep_avg down by a 3:1 average. */
static void o1_exit(struct runqueue *rq UNUSED, struct sched_task *p, struct sched_task *parent)
{
	if (p->first_time_slice) {
		parent->time_slice += p->time_slice;
		if (parent->time_slice > MAX_TIMESLICE)
			parent->time_slice = MAX_TIMESLICE;
	}
	if (p->o1_sleep_avg < parent->o1_sleep_avg)
		parent->o1_sleep_avg = (parent->o1_sleep_avg * EXIT_WEIGHT +
					p->o1_sleep_avg) / (EXIT_WEIGHT + 1);
}

/* -: set_user_nice.  Quirk 5: the test compares the new static prio with
 * p->static_prio *after* it was assigned, so it is always false and only
 * a running task is rescheduled.  prio drops its bonus until recomputed. */
static void o1_set_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	struct prio_array *array;

	if (rt_task(p)) {
		p->static_prio = NICE_TO_PRIO(nice);
		return;
	}
	array = p->array;
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

static unsigned int o1_timeslice(struct runqueue *rq UNUSED, struct sched_task *p)
{
	return task_timeslice(p);
}

static unsigned int o1_used_slice(struct runqueue *rq UNUSED, struct sched_task *p)
{
	unsigned int full = task_timeslice(p);

	/* after a nice change the slice left can exceed the new full slice */
	return p->time_slice < full ? full - p->time_slice : 0;
}

static unsigned int o1_sleep_avg_permille(struct sched_task *p)
{
	return p->o1_sleep_avg * 1000 / MAX_SLEEP_AVG;
}

static int o1_normal_prio(struct sched_task *p)
{
	return p->static_prio;
}

/* -: pull_task: better prio, or equal prio and more slice left. */
static bool o1_preempts(struct runqueue *rq, struct sched_task *p)
{
	struct sched_task *curr = rq->curr;

	return p->prio < curr->prio ||
	       (p->prio == curr->prio && p->time_slice > curr->time_slice);
}

/* -: CAN_MIGRATE_TASK uses last_run. */
static uint32_t o1_last_ran(struct sched_task *p)
{
	return p->last_run;
}

/* -: schedule(): the array swap and an idle pick clear expired_timestamp. */
static void o1_clear_expired_timestamp(struct runqueue *rq)
{
	rq->expired_timestamp = 0;
}

/* The patch's own functions, exported by name for the unit tests. */
int o1_effective_prio(struct sched_task *p) { return effective_prio(p); }
unsigned int o1_task_timeslice(struct sched_task *p) { return task_timeslice(p); }
bool o1_task_interactive(struct sched_task *p) { return TASK_INTERACTIVE(p); }
bool o1_expired_starving(struct runqueue *rq) { return expired_starving(rq); }

const struct sched_policy sched_policy_o1 = {
	.name = "o1",
	.init_task = o1_init_task,
	.timeslice = o1_timeslice,
	.used_slice = o1_used_slice,
	.sleep_avg = o1_sleep_avg_permille,
	.tick = o1_tick,
	.activate = o1_activate,
	.deactivate = NULL,
	.switch_out = o1_switch_out,
	.switch_in = o1_switch_in,
	.fork = o1_fork,
	.exit = o1_exit,
	.set_nice = o1_set_nice,
	.normal_prio = o1_normal_prio,
	.preempts = o1_preempts,
	.last_ran = o1_last_ran,
	.on_array_swap = o1_clear_expired_timestamp,
	.on_idle_pick = o1_clear_expired_timestamp,
	.yield_array = NULL,
};
