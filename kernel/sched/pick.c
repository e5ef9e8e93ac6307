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

/* May the policy's pick choose p?  A task queued on rq: the pick runs
 * only when no real-time task is queued there, so any such task is one
 * the policy queued (in its own queues, or in the core's when it keeps
 * none). */
static bool pickable(struct runqueue *rq, struct sched_task *p)
{
	return p && p->on_rq && p->cpu == rq->cpu;
}

/* The policy's pick (policy.h), checked: a task not queued here would
 * run while the core counts it elsewhere.  A bad one gets one line and
 * the core's choice: the head of its queue, or, among the tasks in the
 * policy's queues, the next in turn for one tick (*stand_in). */
static struct sched_task *policy_pick(struct runqueue *rq, bool *stand_in)
{
	struct sched_task *p = sched_active_policy->pick(rq);

	if (__builtin_expect(pickable(rq, p), 1))
		return p;
	sched_warn_bad_pick(rq, p);
	*stand_in = sched_active_policy->enqueue;
	p = *stand_in ? sched_policy_any(rq) : prio_array_head(&rq->queue);
	return p ? p : rq->idle;
}

/* Real time first, the core's (2.6.0 schedule()); then the policy's pick,
 * or the head of the core's queue for a policy with no pick. */
static struct sched_task *pick_queued(struct runqueue *rq, bool *stand_in)
{
	struct sched_task *p;

	if (rq->nr_running == 0)
		load_balance(rq, true);          /* 2.6.0: idle pull at once */
	if (rq->nr_running == 0) {
		if (sched_active_policy->idle)
			sched_active_policy->idle(rq);
		return rq->idle;
	}
	if (sched_active_policy->pick &&
	    (!rq->queue.nr_active || prio_array_first(&rq->queue) >= MAX_RT_PRIO))
		return policy_pick(rq, stand_in);
	p = prio_array_head(&rq->queue);
	if (!p)                              /* queues of its own, no pick */
		p = sched_policy_any(rq);
	return p ? p : rq->idle;
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
	const struct sched_policy *pol = sched_active_policy;
	struct sched_task *prev = rq->curr, *next;
	uint32_t now = sched_jiffies();
	bool stand_in = false;

	if (!prev->is_idle) {
		if (pol->stopping && !rt_task(prev))
			pol->stopping(rq, prev, now);
		if (prev->state != SCHED_TASK_RUNNING && prev->on_rq)
			deactivate_task(rq, prev);
		else if (prev->on_rq && !cpu_allowed(prev, cpu))
			leave_forbidden_cpu(rq, prev);
	}
	next = rq->handoff ? sched_take_handoff(rq) : NULL;   /* IPC (ipc_sched.c) */
	if (!next)
		next = pick_queued(rq, &stand_in);
	/* again: the idle pull (load_balance) may have let rq's lock go,
	 * and a policy switch may have come in between */
	pol = sched_active_policy;
	prev->need_resched = 0;
	if (__builtin_expect(stand_in, 0))
		next->need_resched = 1;      /* a bad pick's stand-in: one tick */
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

/* 2.6.0 sys_sched_yield with rq locked: a real-time task goes to the
 * tail of its list; a normal one where the policy's yield hook puts it
 * (nick, o1: the expired array), by default to the tail of its list. */
void sched_yield_locked(struct runqueue *rq, struct sched_task *p)
{
	if (p->on_rq) {
		if (!rt_task(p) && sched_active_policy->yield)
			sched_active_policy->yield(rq, p);
		else if (p->array)
			requeue_task(p);
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
