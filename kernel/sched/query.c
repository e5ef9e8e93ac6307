/*
 * query.c - what the rest of the kernel may ask of the run queues.
 *
 * The run queues are private to kernel/sched: the kernel's idle loop, the
 * watchdog, the trace, the reaper and the crash reports ask here instead.
 * The lock-free answers read one word written under the rq lock; they can
 * be stale a moment later (sched.h says which callers may live with that).
 */
#include "sched_impl.h"

struct sched_task *sched_curr(int cpu)
{
	return *(struct sched_task *volatile *)&cpu_rq(cpu)->curr;
}

unsigned int sched_nr_running(int cpu)
{
	return *(volatile unsigned int *)&cpu_rq(cpu)->nr_running;
}

/* The watchdog's "is anyone waiting for this CPU?": the queued tasks
 * besides the one running (which stays queued while it runs). */
unsigned int sched_nr_waiting(int cpu)
{
	struct sched_task *curr = sched_curr(cpu);
	unsigned int n = sched_nr_running(cpu);

	if (curr && !curr->is_idle && curr->on_rq && n)
		n--;
	return n;
}

/* Is p completely off its CPU: not queued and not running?  The CPU that
 * switches away from p holds the rq lock until the switch is complete, so
 * the answer "off" stays true for a task that can no longer be woken (a
 * zombie, an exited kernel thread): the reaper may free it. */
bool sched_task_off_cpu(struct sched_task *p)
{
	unsigned long flags;
	struct runqueue *rq = task_rq_lock(p, &flags);
	bool off = !p->on_rq && !task_running(rq, p);

	task_rq_unlock(rq, flags);
	return off;
}

/* Is p asleep: it said so (state SLEEPING) and no wake-up has queued it
 * again yet.  A task between setting SLEEPING and its schedule() is still
 * queued, so it counts as awake.  Lock-free, for reports (stat dump
 * wchan=, backtraces, the overdue-sleeper check). */
bool sched_task_asleep(const struct sched_task *p)
{
	return p->state == SCHED_TASK_SLEEPING && !p->on_rq;
}

void sched_cpu_counts(int cpu, struct sched_cpu_counts *out)
{
	const struct runqueue *rq = cpu_rq(cpu);

	out->nr_switches = rq->nr_switches;
	out->idle_ms = rq->idle_ms;
	out->ipis = rq->ipis;
	out->migrations_in = rq->migrations_in;
	out->ticks = rq->ticks;
}
