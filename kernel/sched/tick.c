/*
 * tick.c - what the scheduler does on every timer tick: account the tick
 * to the running task (or to idle), let the policy age its slice (the
 * core ages a real-time one), the watchdog's look at the waiting tasks
 * (when the tree has watchdog.c: sched_watchdog_on),
 * then the balancer's periodic check (v7: scheduler_tick, rebalance_tick).
 */
#include "sched_impl.h"

/* From each CPU's timer interrupt, local irqs off. */
void sched_tick(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	struct sched_task *p;
	bool idle;

	sched_spin_lock(&rq->lock);
	rq->ticks++;
	p = rq->curr;
	idle = p->is_idle;
	if (idle) {
		rq->idle_ms++;
	} else {
		p->run_ms++;
		sched_policy_tick(rq, p);
	}
	sched_spin_unlock(&rq->lock);
	if (!(rq->ticks % SCHED_WATCHDOG_TICKS) && sched_watchdog_on())
		sched_watchdog_tick(cpu);
	rebalance_tick(cpu, idle);
}
