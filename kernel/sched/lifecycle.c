/*
 * lifecycle.c - a task enters the scheduler (start, fork) and leaves it (exit).
 */
#include "sched_impl.h"
#include "donation.h"

/* cpu if p may run there, else the lowest CPU it may use. */
static int first_allowed_cpu(struct sched_task *p, int cpu)
{
	if (cpu >= 0 && cpu < sched_ncpus && cpu_allowed(p, cpu))
		return cpu;
	return sched_first_allowed(p);
}

/* First wake-up of a kernel thread made by sched_task_init (not a fork):
 * fresh policy fields, queued, preempt like a pulled task. */
void sched_start_task(struct sched_task *p, int cpu)
{
	unsigned long flags;
	struct runqueue *rq;

	p->cpu = first_allowed_cpu(p, cpu);
	rq = task_rq_lock(p, &flags);
	sched_init_policy_fields(rq, p);
	p->state = SCHED_TASK_RUNNING;
	p->acct_stamp = sched_jiffies();
	activate_queued(rq, p);
	if (sched_preempts(rq, p))
		resched_task(rq, rq->curr);
	task_rq_unlock(rq, flags);
}

/* What a child inherits, as Linux's dup_task_struct copies the parent:
 * the core's fields and, untouched, the policy's area. */
static void copy_sched_fields(struct sched_task *parent, struct sched_task *c)
{
	c->sched_class = parent->sched_class;
	c->rt_priority = parent->rt_priority;
	c->static_prio = parent->static_prio;
	c->prio = sched_donation_own_prio(parent);   /* a donation is not inherited */
	c->cpus_allowed = parent->cpus_allowed;
	c->core_slice_used = parent->core_slice_used;
	c->policy_gen = parent->policy_gen;
	for (int i = 0; i < SCHED_POLICY_WORDS; i++)
		c->policy_data[i] = parent->policy_data[i];
}

/*
 * v7: sched_fork + wake_up_forked_process.  parent is the task running on
 * this CPU; child was prepared by sched_task_init (pid, name).  The child
 * joins the parent's run queue; the parent gets need_resched as 2.6.0's
 * do_fork does ("let the child process run first").
 */
void sched_fork(struct sched_task *parent, struct sched_task *child)
{
	unsigned long flags;
	struct runqueue *rq = task_rq_lock(parent, &flags);

	copy_sched_fields(parent, child);
	sched_refresh_policy(rq, child);
	child->parent = parent;
	child->cpu = parent->cpu;
	child->state = SCHED_TASK_RUNNING;
	child->need_resched = 0;
	child->acct_stamp = sched_jiffies();
	if (!rt_task(child) && sched_active_policy->fork)
		sched_active_policy->fork(rq, parent, child);
	if (child->array) {         /* the hook queued it itself (o1: before its parent) */
		child->on_rq = true;
		list_add_tail(&child->rq_node, &rq->tasks);
	} else {
		enqueue_rq(rq, child);
	}
	rq->nr_running++;
	parent->need_resched = 1;
	task_rq_unlock(rq, flags);
}

/* v7: sched_exit, called when the parent reaps zombie p (release_task). */
void sched_exit(struct sched_task *p)
{
	unsigned long flags;
	struct runqueue *rq;

	if (!p->parent || !sched_active_policy->exit || rt_task(p))
		return;
	rq = task_rq_lock(p, &flags);
	sched_active_policy->exit(rq, p, p->parent);
	task_rq_unlock(rq, flags);
}
