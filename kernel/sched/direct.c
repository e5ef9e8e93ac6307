/*
 * direct.c - a direct switch: "current, now blocked, gives this CPU to p,
 * which was blocked", in one rq lock round.  seL4's fastpath and L4's
 * direct process switch: when an IPC call finds its server waiting (and a
 * reply finds its caller), the kernel switches to it without queueing a
 * wake-up through the policy and without a pick (kernel/ipc/fastpath.c,
 * ipc=direct).
 *
 * What it keeps of the two paths it replaces (sched_wake_up, then
 * schedule()'s pick_locked), so that check=1 and the timelines stay true:
 *   - prev: the policy's stopping hook, off the queue (deactivate_task and
 *     the dequeue hook), state SLEEPING, need_resched cleared;
 *   - p: a stale policy area refreshed, the wake-up's accounting (sleep_ms,
 *     wakeups), state RUNNING, queued (activate_queued: the core's queue
 *     or the policy's enqueue hook), the running hook;
 *   - the switch's accounting (switches, wait_ms), nr_switches, rq->curr,
 *     and the sched_wakeup and sched_switch trace events.
 * nr_running is one less and one more: unchanged.  What it leaves out is
 * the policy's wakeup hook (v7: activate_task, the sleep credit and the
 * slice it moves from waker to woken) and the pick: the policy never sees
 * p wake, only p run.
 *
 * Locking: this CPU's rq lock, taken with interrupts off, held across the
 * stack switch as schedule() holds it (pick.c); the task switched to
 * unlocks it in sched_finish_switch.
 */
#include "sched_impl.h"
#include "direct.h"

/* Is a task of prio better than `limit` waiting on rq, rq->curr aside?
 * In the core's queue: its best prio, or the next one when that list
 * holds curr alone; in the policy's: its answer (queue.c). */
static bool better_waiting(struct runqueue *rq, int limit)
{
	if (rq->nr_running <= (rq->curr->on_rq ? 1u : 0u))
		return false;                  /* only curr queued: the common case */
	return prio_array_best_besides(&rq->queue, rq->curr, 0) < limit ||
	       sched_policy_best(rq) < limit;
}

/* schedule()'s first half for prev, which blocks (pick.c: pick_locked). */
static void prev_blocks(struct runqueue *rq, struct sched_task *prev, uint32_t now)
{
	prev->state = SCHED_TASK_SLEEPING;
	if (sched_active_policy->stopping && !rt_task(prev))
		sched_active_policy->stopping(rq, prev, now);
	if (prev->on_rq)
		deactivate_task(rq, prev);
	prev->need_resched = 0;
	prev->switches++;
	prev->acct_stamp = now;               /* its sleep begins */
}

/* try_to_wake_up for p without the policy's wakeup hook (wakeup.c), then
 * the pick's second half: p runs. */
static void next_runs(struct runqueue *rq, struct sched_task *p, uint32_t now)
{
	if (p->policy_gen != sched_policy_gen)
		sched_refresh_policy(rq, p);  /* it slept through a policy switch */
	p->sleep_ms += now - p->acct_stamp;
	p->acct_stamp = now;
	p->wakeups++;
	p->state = SCHED_TASK_RUNNING;
	activate_queued(rq, p);
	sched_trace_wakeup(rq->cpu, p, 1);
	if (sched_active_policy->running && !rt_task(p))
		sched_active_policy->running(rq, p, now);
}

enum sched_direct_refusal sched_direct_begin(struct sched_task *p,
					     const volatile int *stop,
					     unsigned long *flags)
{
	struct runqueue *rq = cpu_rq(sched_this_cpu());
	struct sched_task *prev;
	enum sched_direct_refusal why;
	uint32_t now;

	*flags = sched_irq_save();
	sched_spin_lock(&rq->lock);
	prev = rq->curr;
	why = sched_direct_rule(rq->cpu, p->cpu,
				p->state == SCHED_TASK_SLEEPING && !p->on_rq,
				cpu_allowed(p, rq->cpu), better_waiting(rq, p->prio));
	if (why == SCHED_DIRECT_OK && stop && *stop)
		why = SCHED_DIRECT_STOPPED;
	if (why != SCHED_DIRECT_OK || prev == p || prev->is_idle) {
		sched_spin_unlock(&rq->lock);
		sched_irq_restore(*flags);
		return why != SCHED_DIRECT_OK ? why : SCHED_DIRECT_NOT_BLOCKED;
	}
	now = sched_jiffies();
	prev_blocks(rq, prev, now);
	next_runs(rq, p, now);
	rq->nr_switches++;
	rq->curr = p;
	sched_trace_switch(rq->cpu, prev, p);
	return SCHED_DIRECT_OK;
}
