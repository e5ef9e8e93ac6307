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

/* Off until the environment arms it: the kernel's watchdog= argument
 * (5000 by default, kernel/boot/cmdline.c), a host test that wants it.  The
 * host tests of the policies (and the labs' graders) measure a policy as
 * it is, starving or not. */
unsigned int sched_watchdog_ms;
unsigned int sched_watchdog_ejections;

#define DUMP_TASKS_PER_CPU 16     /* the dump stays readable on a console */

struct starved {
	struct sched_task *p;
	uint32_t waited;
};

/* The longest wait in a of a task already waiting at `since`. */
static void longest_wait_in(struct runqueue *rq, struct prio_array *a, uint32_t now,
			    uint32_t since, struct starved *s)
{
	int idx;

	for (idx = prio_array_find_next(a, MAX_RT_PRIO); idx < MAX_PRIO;
	     idx = prio_array_find_next(a, idx + 1)) {
		struct list_node *head = &a->queue[idx], *n;

		for (n = head->next; n != head; n = n->next) {
			struct sched_task *p = list_entry(n, struct sched_task, run_list);
			uint32_t w = now - p->acct_stamp;

			if (!task_running(rq, p) && w > s->waited &&
			    (int32_t)(since - p->acct_stamp) >= 0) {
				s->p = p;
				s->waited = w;
			}
		}
	}
}

/* rq locked: of its tasks queued and unrun since `since`, the one that
 * waited longest (NULL: none, or a real-time task is queued). */
static struct starved longest_wait(struct runqueue *rq, uint32_t now, uint32_t since)
{
	struct starved s = { NULL, 0 };

	if (prio_array_find_next(rq->active, 0) < MAX_RT_PRIO ||
	    prio_array_find_next(rq->expired, 0) < MAX_RT_PRIO)
		return s;
	longest_wait_in(rq, rq->active, now, since, &s);
	longest_wait_in(rq, rq->expired, now, since, &s);
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

/* Every rq locked: one line per CPU, then its running and queued tasks. */
static void dump_cpu(struct runqueue *rq)
{
	char line[160];
	int shown = 0, idx, a;

	sched_format_cpu(line, sizeof(line), rq->cpu);
	sched_warn(line);
	if (!rq->curr->is_idle)
		dump_task(rq, rq->curr);
	for (a = 0; a < 2; a++) {
		struct prio_array *arr = a ? rq->expired : rq->active;

		for (idx = prio_array_find_next(arr, 0); idx < MAX_PRIO;
		     idx = prio_array_find_next(arr, idx + 1)) {
			struct list_node *head = &arr->queue[idx], *n;

			for (n = head->next; n != head; n = n->next) {
				struct sched_task *p = list_entry(n, struct sched_task, run_list);

				if (p == rq->curr)
					continue;
				if (shown++ == DUMP_TASKS_PER_CPU)
					return;
				dump_task(rq, p);
			}
		}
	}
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
	s = ticks >= sched_watchdog_ms / 2 ? longest_wait(rq, now, since) :
					     (struct starved){ NULL, 0 };
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
