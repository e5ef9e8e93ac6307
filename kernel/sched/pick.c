/*
 * pick.c - the body of schedule(): choose the next task, finish the switch.
 *
 * The kernel's schedule() (kernel/schedule.c) is:
 *     next = sched_pick_next(cpu, &flags);    // rq lock held on return
 *     if (next != prev) arch_switch_to(prev, next, cpu);
 *     sched_finish_switch(cpu, flags);        // on next's stack: unlock
 * Holding the rq lock across the switch means no other CPU can pick, pull
 * or wake prev before its stack is no longer in use.
 * A yield is the same round with one step first (sched_pick_next_yield):
 * prev is requeued by the yield rule under the lock the pick takes anyway.
 */
#include "sched_impl.h"

/* prev stays RUNNING but may no longer run here (sched_set_affinity): take
 * it off this queue now (2.6.0 move_task_away: deactivate_task);
 * sched_finish_switch queues it on an allowed CPU. */
static void leave_forbidden_cpu(struct runqueue *rq, struct sched_task *prev)
{
	deactivate_task(rq, prev);
	rq->migrating = prev;
}

/* The core's O(1) choice: the head of the best list of rq->active. */
static struct sched_task *first_of_active(struct runqueue *rq)
{
	int idx = prio_array_first(rq->active);

	return list_first_entry(&rq->active->queue[idx], struct sched_task, run_list);
}

/* The policy's pick (policy.h), checked: a task not queued in
 * rq->active would run while the core counts it elsewhere. */
static struct sched_task *policy_pick(struct runqueue *rq)
{
	struct sched_task *p = sched_active_policy->pick(rq);

	if (p && p->array == rq->active && p->cpu == rq->cpu)
		return p;
	sched_warn_bad_pick(rq, p);
	return first_of_active(rq);
}

static struct sched_task *pick_from_arrays(struct runqueue *rq)
{
	struct prio_array *array;

	if (rq->nr_running == 0)
		load_balance(rq, true);          /* 2.6.0: idle pull at once */
	if (rq->nr_running == 0) {
		if (sched_active_policy->idle)
			sched_active_policy->idle(rq);
		return rq->idle;
	}
	array = rq->active;
	if (array->nr_active == 0) {             /* switch the two arrays */
		rq->active = rq->expired;
		rq->expired = array;
		array = rq->active;
		if (sched_active_policy->swap)
			sched_active_policy->swap(rq);
	}
	/* real time first, the core's (2.6.0 schedule()); then the policy */
	if (sched_active_policy->pick &&
	    prio_array_first(array) >= MAX_RT_PRIO)
		return policy_pick(rq);
	return first_of_active(rq);
}

static void switch_accounting(struct sched_task *prev, struct sched_task *next,
			      uint32_t now)
{
	if (!prev->is_idle) {
		prev->switches++;
		/* still runnable: preempted, expired or yielded */
		prev->preempted += prev->state == SCHED_TASK_RUNNING;
		prev->acct_stamp = now;      /* starts waiting or sleeping */
	}
	if (!next->is_idle)
		next->wait_ms += now - next->acct_stamp;
}

/* The pick with rq locked and interrupts off: prev (rq->curr) leaves,
 * next becomes rq->curr. */
static struct sched_task *pick_locked(struct runqueue *rq, int cpu)
{
	const struct sched_policy *pol = sched_active_policy;   /* stable: rq locked */
	struct sched_task *prev = rq->curr, *next;
	uint32_t now = sched_jiffies();

	if (!prev->is_idle) {
		if (pol->stopping && !rt_task(prev))
			pol->stopping(rq, prev, now);
		if (prev->state != SCHED_TASK_RUNNING && prev->array)
			deactivate_task(rq, prev);
		else if (prev->array && !cpu_allowed(prev, cpu))
			leave_forbidden_cpu(rq, prev);
	}
	next = rq->handoff ? sched_take_handoff(rq) : NULL;   /* IPC (ipc_sched.c) */
	if (!next)
		next = pick_from_arrays(rq);
	prev->need_resched = 0;
	if (pol->running && !rt_task(next) && !next->is_idle)
		pol->running(rq, next, now);
	if (prev != next) {
		rq->nr_switches++;
		switch_accounting(prev, next, now);
		rq->curr = next;
		if (prev->state == SCHED_TASK_ZOMBIE || prev->state == SCHED_TASK_DEAD)
			rq->dead_prev = prev;        /* its waiter is told in finish */
		sched_trace_switch(cpu, prev, next);
	}
	return next;
}

struct sched_task *sched_pick_next(int cpu, unsigned long *flags)
{
	struct runqueue *rq = cpu_rq(cpu);

	*flags = sched_irq_save();
	sched_spin_lock(&rq->lock);
	return pick_locked(rq, cpu);
}

/* 2.6.0 sys_sched_yield with rq locked: normal tasks go to the array the
 * policy's yield hook names (default rq->expired; rr: the tail of
 * active), real-time tasks to the tail of their list. */
void sched_yield_locked(struct runqueue *rq, struct sched_task *p)
{
	struct prio_array *to;

	if (p->array) {
		if (rt_task(p)) {
			requeue_task(p);
		} else {
			to = sched_active_policy->yield ?
				sched_active_policy->yield(rq, p) : rq->expired;
			move_task(p, to);
		}
	}
	p->need_resched = 1;
}

/* sched_yield of the running task and schedule()'s pick in one lock
 * round: the same queues as the two rounds gave, since nothing could run
 * on this CPU between them (interrupts were off throughout). */
struct sched_task *sched_pick_next_yield(int cpu, unsigned long *flags)
{
	struct runqueue *rq = cpu_rq(cpu);

	*flags = sched_irq_save();
	sched_spin_lock(&rq->lock);
	sched_yield_locked(rq, rq->curr);
	return pick_locked(rq, cpu);
}

void sched_finish_switch(int cpu, unsigned long flags)
{
	struct runqueue *rq = cpu_rq(cpu);
	struct sched_task *mig = rq->migrating, *dead = rq->dead_prev;

	rq->migrating = rq->dead_prev = NULL;
	sched_spin_unlock(&rq->lock);
	if (mig)
		sched_move_to_allowed(mig);
	/* Linux finish_task_switch: an exited prev is off this CPU only now
	 * (sched_task_off_cpu is true from the unlock on); tell its waiter. */
	if (dead)
		sched_task_switched_out(dead);
	sched_irq_restore(flags);
}
