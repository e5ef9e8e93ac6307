/*
 * wakeup.c - try_to_wake_up (Linux 2.6.0 + v7's activate_task changes).
 *
 * Return value (Linux's "success"): true when the call changed p's state
 * from SLEEPING to RUNNING, false when p was not asleep (already running,
 * zombie, dead).  A task that set SLEEPING but has not yet scheduled out is
 * still queued: it only gets its state back, no credit (as in Linux).
 *
 * The waker must be the task running on the calling CPU (Linux `current`);
 * v7 changes its sleep history and slice (quirk 1).
 */
#include "sched_impl.h"

/* 2.6.0 SMP rule: a sync wake-up pulls p to the waker's CPU when allowed
 * and p is not still running over there.  And p leaves a CPU it may no
 * longer use.  Returns true when p moved. */
static bool sync_migrate(struct runqueue *rq, struct sched_task *p, bool sync)
{
	int this_cpu = sched_this_cpu();

	if (!task_running(rq, p) && !cpu_allowed(p, p->cpu)) {
		/* its CPU was forbidden while it switched out (params.c) */
		set_task_cpu(p, sched_first_allowed(p));
		return true;
	}
	if (!sync || task_running(rq, p) || p->cpu == this_cpu ||
	    !cpu_allowed(p, this_cpu))
		return false;
	set_task_cpu(p, this_cpu);   /* p is not queued: only its old rq lock needed */
	return true;
}

static void wake_accounting(struct sched_task *p)
{
	uint32_t now = sched_jiffies();

	p->sleep_ms += now - p->acct_stamp;
	p->acct_stamp = now;
	p->wakeups++;
}

bool sched_wake_up(struct sched_task *p, struct sched_task *waker,
		   enum sched_waker kind, bool sync)
{
	unsigned long flags;
	struct runqueue *rq;
	bool success = false, preempt;

	if (kind == SCHED_WAKER_USER && !waker)
		kind = SCHED_WAKER_KTHREAD;
repeat:
	rq = task_rq_lock(p, &flags);
	if (p->state == SCHED_TASK_SLEEPING) {
		if (!p->on_rq) {
			if (sync_migrate(rq, p, sync)) {
				task_rq_unlock(rq, flags);
				goto repeat;
			}
			sched_refresh_policy(rq, p);
			wake_accounting(p);
			preempt = sched_wakeup_preempts(rq, p, waker, kind, sync);
			activate_queued(rq, p);
			/* An idle CPU is always kicked, whatever the policy said:
			 * "sync" (2.6.0: the waker will sleep, don't preempt it)
			 * and rr's "never preempt" are about a running task.
			 * Without the kick a task woken onto another, halted CPU
			 * waits there for that CPU's next tick (up to 1 ms). */
			if (preempt || rq->curr->is_idle)
				resched_task(rq, rq->curr);
		}
		p->state = SCHED_TASK_RUNNING;
		success = true;
	}
	sched_trace_wakeup(sched_this_cpu(), p, success);
	task_rq_unlock(rq, flags);
	return success;
}
