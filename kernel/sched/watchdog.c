/*
 * watchdog.c - sched_ext's promise: a policy that leaves a runnable task
 * unrun is ejected, and the system goes on under the default policy.
 *
 * Every sched_watchdog_ms / 2 (on a 256-tick mark) each CPU looks at the
 * tasks queued on its run queue: a task that was already waiting at the
 * previous look, is still unrun and has waited the whole timeout ejects
 * the policy in force (detection within 1..1.5 timeouts and two marks).
 * Between the two looks the CPU must have taken half a timeout of ticks,
 * so a clock that jumped (a host that lost ticks, a test that moves
 * jiffies on) cannot eject a policy by itself.  The core then prints one line naming
 * the policy, the task and the wait, a dump of every CPU and of every task
 * queued there (the stat dump's lines), and switches every CPU to nick.
 *
 * Not under nick (the default, where the watchdog has nowhere to go) nor
 * o1: 2.6.0 starves its expired array on purpose for up to
 * STARVATION_LIMIT (10 s) times the tasks queued, which is a lesson, not
 * a bug.  Nor while a real-time task is queued on that CPU: real time is
 * the core's, and may starve normal tasks by POSIX's rules.
 *
 * Cost: one walk of the queue per half timeout per CPU; none under nick.
 */
#include "sched_impl.h"

/* Its timeout and count, sched_watchdog_ms (0: off) and
 * sched_watchdog_ejections, are core.c's: a tree without this file links. */

#define DUMP_TASKS_PER_CPU 16     /* the dump stays readable on a console */

struct starved {
	struct runqueue *rq;
	uint32_t now, since;       /* in: now, and the previous look */
	struct sched_task *p;      /* out: the longest wait, and how long */
	uint32_t waited;
};

/* A task already waiting at `since` that waited longer than the best yet. */
static bool longer_wait(struct sched_task *p, void *arg)
{
	struct starved *s = arg;
	uint32_t w = s->now - p->acct_stamp;

	if (!task_running(s->rq, p) && w > s->waited &&
	    (int32_t)(s->since - p->acct_stamp) >= 0) {
		s->p = p;
		s->waited = w;
	}
	return true;
}

/* rq locked: of its tasks queued and unrun since `since`, the one that
 * waited longest (NULL: none, or a real-time task is queued). */
static struct starved longest_wait(struct runqueue *rq, uint32_t now, uint32_t since)
{
	struct starved s = { rq, now, since, NULL, 0 };

	if (prio_array_first(&rq->queue) >= MAX_RT_PRIO)
		sched_for_each_queued(rq, longer_wait, &s);
	return s;
}

static void dump_task(struct runqueue *rq, struct sched_task *p)
{
	struct sched_task_view v;
	char line[256];

	sched_task_view_locked(rq, p, &v);
	sched_format_view(line, sizeof(line), &v);
	sched_warn(line);
}

struct dump {
	struct runqueue *rq;
	int shown;
};

/* One queued task's line, the first DUMP_TASKS_PER_CPU of them. */
static bool dump_queued(struct sched_task *p, void *arg)
{
	struct dump *d = arg;

	if (p == d->rq->curr)
		return true;
	if (d->shown++ == DUMP_TASKS_PER_CPU)
		return false;
	dump_task(d->rq, p);
	return true;
}

/* Every rq locked: one line per CPU, then its running and queued tasks. */
static void dump_cpu(struct runqueue *rq)
{
	struct dump d = { rq, 0 };
	char line[160];

	sched_format_cpu(line, sizeof(line), rq->cpu);
	sched_warn(line);
	if (!rq->curr->is_idle)
		dump_task(rq, rq->curr);
	sched_for_each_queued(rq, dump_queued, &d);
}

/* No lock held.  Eject pol unless another CPU did first. */
static void eject(const struct sched_policy *pol, int cpu, int pid, const char *comm,
		  uint32_t waited)
{
	unsigned long flags = sched_irq_save();
	char line[200];
	int c;

	for (c = 0; c < sched_ncpus; c++)
		sched_spin_lock(&cpu_rq(c)->lock);
	if (sched_active_policy == pol) {
		sched_snprintf(line, sizeof(line), "watchdog: policy %s left pid %d (%s) "
			       "runnable and unrun for %u ms on CPU %d: every task goes on "
			       "under nick", pol->name, pid, comm, waited, cpu);
		sched_warn(line);
		for (c = 0; c < sched_ncpus; c++)
			dump_cpu(cpu_rq(c));
		sched_switch_policy_locked(&sched_policy_nick);
		sched_watchdog_ejections++;
	}
	for (c = sched_ncpus - 1; c >= 0; c--)
		sched_spin_unlock(&cpu_rq(c)->lock);
	sched_irq_restore(flags);
}

/* From sched_tick when sched_watchdog_on(): a look every half timeout. */
void sched_watchdog_tick(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	const struct sched_policy *pol = sched_active_policy;
	uint32_t now = sched_jiffies();
	struct starved s;
	char comm[16];
	int pid, i;

	uint32_t since = rq->watchdog_look, ticks;

	if ((int32_t)(now - rq->watchdog_next) < 0)
		return;
	rq->watchdog_next = now + (sched_watchdog_ms / 2 ? sched_watchdog_ms / 2 : 1);
	sched_spin_lock(&rq->lock);
	ticks = rq->ticks - rq->watchdog_look_ticks;
	rq->watchdog_look = now;
	rq->watchdog_look_ticks = rq->ticks;
	/* the CPU must have ticked half a timeout since the last look */
	s = longest_wait(rq, now, since);
	if (ticks < sched_watchdog_ms / 2)
		s.p = NULL;
	if (!s.p || s.waited < sched_watchdog_ms || sched_active_policy != pol) {
		sched_spin_unlock(&rq->lock);
		return;
	}
	pid = s.p->pid;                  /* copied: p may exit once unlocked */
	for (i = 0; i < (int)sizeof(comm); i++)
		comm[i] = s.p->comm[i];
	sched_spin_unlock(&rq->lock);
	eject(pol, cpu, pid, comm, s.waited);
}
