/*
 * migrate.c - how a task changes CPU, written once.
 *
 * Four paths move a task: the balancer's pull (balance.c: pull_task), a
 * sync wake-up or a wake-up on a forbidden CPU (wakeup.c), an affinity
 * change of a queued task (params.c: sched_set_affinity), and a running
 * task leaving a CPU it may no longer use (pick.c: sched_finish_switch).
 * All of them change p->cpu through set_task_cpu, which also counts the
 * move.  Locking: p->cpu changes only with p's current rq locked (core.c).
 */
#include "sched_impl.h"

/* p's run queue becomes cpu's; counted in p's and cpu's migrations.  The
 * caller holds p's old rq lock (and the new one when p is queued). */
void set_task_cpu(struct sched_task *p, int cpu)
{
	if (task_rq(p)->handoff == p)        /* ipc_sched.c: no longer queued there */
		task_rq(p)->handoff = NULL;
	p->cpu = cpu;
	p->migrations++;
	cpu_rq(cpu)->migrations_in++;
}

/* The lowest CPU p may run on. */
int sched_first_allowed(struct sched_task *p)
{
	int c;

	for (c = 0; c < sched_ncpus; c++)
		if (cpu_allowed(p, c))
			return c;
	return 0;
}

/*
 * 2.6.0 move_task_away (the migration thread's work): p, just taken off
 * its old queue by deactivate_task, goes onto dst through activate_task,
 * woken as it were by a kernel thread.  Faithful, with two effects under
 * v7: the time since p's timestamp (its wait on the old queue) is credited
 * as sleep, and dst's array_sequence (nick's), unrelated to the old CPU's, is
 * compared with the one p left with: a fresh slice unless they happen to
 * be equal.  Both run queues are locked.
 */
static void activate_moved(struct runqueue *dst, struct sched_task *p)
{
	set_task_cpu(p, dst->cpu);
	sched_refresh_policy(dst, p);
	sched_wakeup_preempts(dst, p, NULL, SCHED_WAKER_KTHREAD, false);
	activate_queued(dst, p);
	/* move_task_away's own test (v7 did not change it to
	 * TASK_PREEMPTS_CURR); the idle task's 140 loses to anyone */
	if (p->prio < dst->curr->prio)
		resched_task(dst, dst->curr);
}

/* Move queued, not running p from its forbidden CPU to an allowed one.
 * Returns false when p changed meanwhile (the caller retries). */
bool migrate_queued_task(struct sched_task *p, int src_cpu)
{
	struct runqueue *src = cpu_rq(src_cpu), *dst = cpu_rq(sched_first_allowed(p));
	bool done = false;

	double_rq_lock(src, dst);
	if (p->cpu == src_cpu && p->on_rq && !task_running(src, p) &&
	    !cpu_allowed(p, src_cpu)) {
		deactivate_task(src, p);
		activate_moved(dst, p);
		done = true;
	}
	double_rq_unlock(src, dst);
	return done;
}

/* sched_finish_switch: p (RUNNING, taken off its queue by
 * deactivate_task, no longer executing) left a CPU it may not use; queue
 * it on an allowed one. */
void sched_move_to_allowed(struct sched_task *p)
{
	struct runqueue *src = task_rq(p), *dst = cpu_rq(sched_first_allowed(p));

	double_rq_lock(src, dst);
	activate_moved(dst, p);
	double_rq_unlock(src, dst);
}
