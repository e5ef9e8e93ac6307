/*
 * params.c - nice, sched_setscheduler, sched_yield, sched_rr_get_interval
 * and CPU affinity.  Each takes the rq lock of its task.
 */
#include "sched_impl.h"
#include "ipc_sched.h"

/* The nice hook's default: requeue at the new static prio; reschedule
 * when the running task got worse or a queued one now beats it. */
static void default_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	int old = p->prio;

	p->static_prio = NICE_TO_PRIO(nice);
	sched_requeue_prio(rq, p, sched_active_policy->prio ? sched_active_policy->prio(p)
			   : p->static_prio);
	if (!p->on_rq)
		return;
	if (task_running(rq, p) ? p->prio > old : p->prio < rq->curr->prio)
		resched_task(rq, rq->curr);
}

/* An IPC server keeps the best prio lent to it (ipc_sched.c): a nice or a
 * class change moves the base under its donations, not the donations. */
static void keep_donation(struct runqueue *rq, struct sched_task *p)
{
	int prio = sched_donation_effective(p->prio, p->donated, p->donated_prio);

	if (prio != p->prio)
		sched_requeue_prio(rq, p, prio);
}

/* v7: set_user_nice (the policy's nice hook; a real-time task only
 * remembers it).  -EINVAL outside -20..19. */
int sched_set_nice(struct sched_task *p, int nice)
{
	unsigned long flags;
	struct runqueue *rq;

	if (nice < -20 || nice > 19 || p->is_idle)
		return -SCHED_EINVAL;
	rq = task_rq_lock(p, &flags);
	/* a sleeper from before a policy switch: the new policy's fields
	 * first (as at its wake-up), not bytes laid out by the old one */
	sched_refresh_policy(rq, p);
	if (rt_task(p))
		p->static_prio = NICE_TO_PRIO(nice);
	else if (TASK_NICE(p) != nice && sched_active_policy->nice)
		sched_active_policy->nice(rq, p, nice);
	else if (TASK_NICE(p) != nice)
		default_nice(rq, p, nice);
	keep_donation(rq, p);
	task_rq_unlock(rq, flags);
	sched_donation_moved(p);                 /* what p passes on changed */
	return 0;
}

static bool valid_sched_params(int sched_class, int rt_prio)
{
	if (sched_class == SCHED_NORMAL)
		return rt_prio == 0;
	if (sched_class == SCHED_FIFO || sched_class == SCHED_RR)
		return rt_prio >= 1 && rt_prio <= 99;
	return false;
}

/* 2.6.0 setscheduler: requeue with prio = 99 - rt_priority (RT) or the
 * policy's normal prio.  Reschedules when the running task got worse or a
 * queued one now beats the running one. */
int sched_setscheduler(struct sched_task *p, int sched_class, int rt_prio)
{
	unsigned long flags;
	struct runqueue *rq;
	bool queued;
	int oldprio;

	if (!valid_sched_params(sched_class, rt_prio) || p->is_idle)
		return -SCHED_EINVAL;
	rq = task_rq_lock(p, &flags);
	queued = p->on_rq;
	if (queued)
		deactivate_task(rq, p);
	oldprio = p->prio;
	p->sched_class = sched_class;
	p->rt_priority = rt_prio;
	p->core_slice_used = 0;                  /* a fresh SCHED_RR quantum */
	if (sched_class != SCHED_NORMAL)
		p->prio = rt_prio_of(rt_prio);
	else if (sched_active_policy->prio)
		p->prio = sched_active_policy->prio(p);
	else
		p->prio = p->static_prio;
	p->prio = sched_donation_effective(p->prio, p->donated, p->donated_prio);
	if (queued) {
		activate_queued(rq, p);
		if (task_running(rq, p)) {
			if (p->prio > oldprio)
				resched_task(rq, p);
		} else if (p->prio < rq->curr->prio) {
			resched_task(rq, rq->curr);
		}
	}
	task_rq_unlock(rq, flags);
	sched_donation_moved(p);                 /* what p passes on changed */
	return 0;
}

/* 2.6.0 sys_sched_yield (the rule: sched_yield_locked in pick.c).  The
 * caller then calls schedule() (need_resched is set); the kernel's system
 * call takes both in one lock round (sched_pick_next_yield). */
void sched_yield(struct sched_task *p)
{
	unsigned long flags;
	struct runqueue *rq = task_rq_lock(p, &flags);

	sched_yield_locked(rq, p);
	task_rq_unlock(rq, flags);
}

/* v7: sys_sched_rr_get_interval: FIFO 0, RR its quantum, else the
 * policy's slice in jiffies. */
unsigned int sched_rr_interval(struct sched_task *p)
{
	unsigned long flags;
	struct runqueue *rq;
	struct sched_policy_view v;

	if (p->sched_class == SCHED_FIFO)
		return 0;
	rq = task_rq_lock(p, &flags);
	sched_describe(rq, p, &v);
	task_rq_unlock(rq, flags);
	return v.timeslice;
}

static sched_cpumask_t online_mask(void)
{
	if (sched_ncpus >= 64)
		return ~(sched_cpumask_t)0;
	return SCHED_CPU_BIT(sched_ncpus) - 1;
}

/*
 * sched_setaffinity.  How a task leaves a CPU it may no longer use:
 *  - asleep: p->cpu is changed at once (it wakes up on an allowed CPU),
 *    unless it is still switching out (then wakeup.c moves it);
 *  - queued, not running: moved at once to the first allowed CPU;
 *  - running: need_resched (+IPI); its next schedule() takes it off the
 *    queue and sched_finish_switch queues it on an allowed CPU.
 */
int sched_set_affinity(struct sched_task *p, sched_cpumask_t mask)
{
	unsigned long flags;
	struct runqueue *rq;
	int cpu;

	mask &= online_mask();
	if (!mask || p->is_idle)
		return -SCHED_EINVAL;
again:
	rq = task_rq_lock(p, &flags);
	p->cpus_allowed = mask;
	cpu = p->cpu;
	if (cpu_allowed(p, cpu) || (!p->on_rq && p->state == SCHED_TASK_RUNNING)) {
		/* allowed, or in flight between pick and finish_switch */
	} else if (task_running(rq, p)) {
		/* On that CPU now.  Not queued means switching out (asleep or a
		 * zombie) while schedule() let the lock go for an idle pull
		 * (double_lock_balance): p->cpu must still name the CPU it is on,
		 * or the reaper, looking at the other CPU, frees it under the
		 * switch (the soak's "zombie ran again").  A sleeper wakes on an
		 * allowed CPU (wakeup.c); a running task moves at its next
		 * schedule(). */
		resched_task(rq, p);
	} else if (!p->on_rq) {
		p->cpu = sched_first_allowed(p);
	} else {
		task_rq_unlock(rq, flags);
		flags = sched_irq_save();
		if (!migrate_queued_task(p, cpu)) {
			sched_irq_restore(flags);
			goto again;
		}
		sched_irq_restore(flags);
		return 0;
	}
	task_rq_unlock(rq, flags);
	return 0;
}
