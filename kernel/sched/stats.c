/*
 * stats.c - stat-dump and trace lines, in the forms of docs/contract.md.
 * Portable: the kernel's console and the host simulator print the same.
 * Call without holding any rq lock (sched_format_task takes p's).
 */
#include "sched_impl.h"

int sched_format_cpu(char *buf, size_t n, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);

	return sched_snprintf(buf, n,
		"cpu id=%d nr_running=%u nr_switches=%u idle_ms=%u ipis=%u migrations_in=%u",
		cpu, rq->nr_running, rq->nr_switches, rq->idle_ms, rq->ipis,
		rq->migrations_in);
}

static char state_char(int state)
{
	switch (state) {
	case SCHED_TASK_RUNNING:  return 'R';
	case SCHED_TASK_SLEEPING: return 'S';
	case SCHED_TASK_NEW:      return 'S';   /* contract: R, S or Z */
	case SCHED_TASK_ZOMBIE:   return 'Z';
	default:                  return 'X';
	}
}

/* The policy in force (nick / o1 / rr / mine / cfs) for a SCHED_NORMAL task; a
 * real-time task shows its POSIX class instead (SCHED_FIFO, SCHED_RR), so
 * the class SCHED_RR is never mistaken for the policy rr. */
static const char *class_name(struct sched_task *p)
{
	if (p->sched_class == SCHED_FIFO)
		return "SCHED_FIFO";
	if (p->sched_class == SCHED_RR)
		return "SCHED_RR";
	return sched_active_policy->name;
}

/* p's view; p's rq (rq) locked by the caller. */
void sched_task_view_locked(struct runqueue *rq, struct sched_task *p,
			    struct sched_task_view *v)
{
	uint32_t now = sched_jiffies();
	struct sched_policy_view pv;
	size_t i;

	v->pid = p->pid;
	for (i = 0; i < sizeof(v->comm); i++)        /* the core calls no libc */
		v->comm[i] = p->comm[i];
	v->cpu = p->cpu;
	v->state = state_char(p->state);
	v->policy = class_name(p);
	v->nice = p->is_idle ? 0 : TASK_NICE(p);
	v->static_prio = p->static_prio;
	v->prio = p->prio;
	sched_describe(rq, p, &pv);             /* zeros for idle */
	v->timeslice = pv.timeslice;
	v->used_slice = pv.used_slice;
	v->sleep_avg = pv.history;
	v->run_ms = p->run_ms;
	v->sleep_ms = p->sleep_ms;
	v->wait_ms = p->wait_ms;
	/* add the interval in progress */
	if (p->state == SCHED_TASK_SLEEPING && !p->on_rq)
		v->sleep_ms += now - p->acct_stamp;
	else if (p->on_rq && !task_running(rq, p))
		v->wait_ms += now - p->acct_stamp;
	v->switches = p->switches;
	v->preempted = p->preempted;
	v->wakeups = p->wakeups;
	v->migrations = p->migrations;
}

void sched_task_view(struct sched_task *p, struct sched_task_view *v)
{
	unsigned long flags;
	struct runqueue *rq = task_rq_lock(p, &flags);

	sched_task_view_locked(rq, p, v);
	task_rq_unlock(rq, flags);
}

int sched_format_task(char *buf, size_t n, struct sched_task *p)
{
	struct sched_task_view v;

	sched_task_view(p, &v);
	return sched_format_view(buf, n, &v);
}

int sched_format_view(char *buf, size_t n, const struct sched_task_view *v)
{
	return sched_snprintf(buf, n,
		"task pid=%d name=%s cpu=%d state=%c policy=%s nice=%d "
		"static_prio=%d prio=%d sleep_avg=%u timeslice=%u used_slice=%u "
		"run_ms=%u sleep_ms=%u wait_ms=%u switches=%u wakeups=%u migrations=%u",
		v->pid, v->comm, v->cpu, v->state, v->policy, v->nice, v->static_prio,
		v->prio, v->sleep_avg, v->timeslice, v->used_slice, v->run_ms,
		v->sleep_ms, v->wait_ms, v->switches, v->wakeups, v->migrations);
}

/* us -> seconds and microseconds without a 64-bit division (none in a
 * freestanding i386 kernel): shift-and-subtract long division. */
static void split_us(uint64_t us, uint32_t *sec, uint32_t *usec)
{
	uint64_t q = 0, r = 0;
	int i;

	for (i = 63; i >= 0; i--) {
		r = (r << 1) | ((us >> i) & 1);
		if (r >= 1000000) {
			r -= 1000000;
			q |= (uint64_t)1 << i;
		}
	}
	*sec = (uint32_t)q;
	*usec = (uint32_t)r;
}

static int trace_prefix(char *buf, size_t n, int cpu, uint64_t now_us,
			const struct sched_task *cur)
{
	uint32_t sec, usec;

	split_us(now_us, &sec, &usec);
	return sched_snprintf(buf, n, "%16s-%d [%03d] %u.%06u: ",
			      cur ? cur->comm : "<irq>", cur ? cur->pid : 0,
			      cpu, sec, usec);
}

/* ftrace sched_switch; prev_state R, S, Z or X. */
int sched_format_switch(char *buf, size_t n, int cpu, uint64_t now_us,
			const struct sched_task *prev, const struct sched_task *next)
{
	int len = trace_prefix(buf, n, cpu, now_us, prev);

	if (len < 0 || (size_t)len >= n)
		return len;
	return len + sched_snprintf(buf + len, n - len,
		"sched_switch: prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%c"
		" ==> next_comm=%s next_pid=%d next_prio=%d",
		prev->comm, prev->pid, prev->prio, state_char(prev->state),
		next->comm, next->pid, next->prio);
}

/* ftrace sched_wakeup; cur is the task running on cpu (the waker). */
/* nickel's own event: an IPC call, receive, reply or close by cur. */
int sched_format_ipc(char *buf, size_t n, int cpu, uint64_t now_us,
		     const struct sched_task *cur, const char *what, int ep,
		     const struct sched_task *peer)
{
	int len = trace_prefix(buf, n, cpu, now_us, cur);

	if (len < 0 || (size_t)len >= n)
		return len;
	return len + sched_snprintf(buf + len, n - len,
		"nickel_ipc: %s ep=%d peer_comm=%s peer_pid=%d", what, ep,
		peer->comm, peer->pid);
}

int sched_format_wakeup(char *buf, size_t n, int cpu, uint64_t now_us,
			const struct sched_task *cur, const struct sched_task *p,
			int success)
{
	int len = trace_prefix(buf, n, cpu, now_us, cur);

	if (len < 0 || (size_t)len >= n)
		return len;
	return len + sched_snprintf(buf + len, n - len,
		"sched_wakeup: comm=%s pid=%d prio=%d success=%d target_cpu=%03d",
		p->comm, p->pid, p->prio, success, p->cpu);
}
