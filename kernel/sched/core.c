/*
 * core.c - run queues, their locks, and the small steps every path shares.
 *
 * Locking rules (the whole core follows them):
 *  - Each run queue has a spinlock; it protects its queues, counters
 *    and the scheduling fields of every task whose p->cpu is that queue.
 *  - It is always taken with local interrupts off (sched_irq_save), because
 *    the timer tick takes it from interrupt context.
 *  - Two run queues are locked in CPU-id order (double_rq_lock); the policy
 *    switch locks all of them, in CPU-id order.
 *  - p->cpu changes only with p's current rq locked, so task_rq_lock can
 *    lock "the rq of p" and check that p did not move meanwhile.
 *  - The running task's own fields (its policy area: a waker's history)
 *    may also be written by that task's CPU with interrupts off: nobody else
 *    writes the fields of a running task (the balancer never moves it).
 */
#include "sched_impl.h"
#include "donation.h"

struct runqueue sched_rq[NR_CPUS_MAX];
int sched_ncpus = 1;
const struct sched_policy *sched_active_policy = &sched_policy_nick;
unsigned int sched_policy_gen = 1;
unsigned int cache_decay_ticks = 2;
unsigned int rr_slice_ms = 100;
unsigned int sched_bad_prios, sched_bad_picks;
/* The watchdog's (watchdog.c, an optional room of tools/handout): defined
 * here so that a tree without it still links.  Off until the environment
 * arms it (the kernel's watchdog=, a host test that wants it): the host
 * tests of the policies and the labs' graders measure a policy as it is. */
unsigned int sched_watchdog_ms;
unsigned int sched_watchdog_ejections;

void sched_init(int ncpus, const struct sched_policy *pol)
{
	int c;

	if (ncpus < 1)
		ncpus = 1;
	if (ncpus > NR_CPUS_MAX)
		ncpus = NR_CPUS_MAX;
	sched_ncpus = ncpus;
	sched_active_policy = pol ? pol : &sched_policy_nick;
	sched_policy_gen++;
	for (c = 0; c < NR_CPUS_MAX; c++) {
		struct runqueue *rq = cpu_rq(c);

		*rq = (struct runqueue){ .cpu = c };
		sched_lock_init(&rq->lock);
		if (c >= ncpus)
			continue;        /* zero counts; no queue is ever used there */
		prio_array_init(&rq->queue);
		list_init(&rq->tasks);
		if (sched_active_policy->init_rq)
			sched_active_policy->init_rq(rq);
	}
	sched_donation_init();
}

/* The idle task: prio 140, never queued, rq->curr while nothing runs. */
void sched_init_idle(int cpu, struct sched_task *idle)
{
	struct runqueue *rq = cpu_rq(cpu);

	idle->is_idle = true;
	idle->prio = idle->static_prio = MAX_PRIO;
	idle->sched_class = SCHED_NORMAL;
	idle->cpu = cpu;
	idle->cpus_allowed = SCHED_CPU_BIT(cpu);
	idle->state = SCHED_TASK_RUNNING;
	idle->array = NULL;
	idle->on_rq = false;
	idle->policy_gen = sched_policy_gen;
	list_init(&idle->run_list);
	list_init(&idle->rq_node);
	rq->idle = rq->curr = idle;
}

/* A fresh, not yet runnable task (fields of its policy: sched_start_task). */
void sched_task_init(struct sched_task *p, int pid, const char *name, int nice)
{
	int i;

	*p = (struct sched_task){ .pid = pid };
	for (i = 0; name && name[i] && i < (int)sizeof(p->comm) - 1; i++)
		p->comm[i] = name[i];
	p->comm[i] = '\0';
	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	p->state = SCHED_TASK_NEW;
	p->sched_class = SCHED_NORMAL;
	p->static_prio = p->prio = NICE_TO_PRIO(nice);
	p->cpus_allowed = ~(sched_cpumask_t)0;
	p->policy_gen = sched_policy_gen - 1;    /* stale: start/fork re-init */
	list_init(&p->run_list);
	list_init(&p->rq_node);
}

/* Lock the run queue p is on; retry if p moved before we got the lock. */
struct runqueue *task_rq_lock(struct sched_task *p, unsigned long *flags)
{
	struct runqueue *rq;

	*flags = sched_irq_save();
	for (;;) {
		rq = task_rq(p);
		sched_spin_lock(&rq->lock);
		if (rq == task_rq(p))
			return rq;
		sched_spin_unlock(&rq->lock);
	}
}

void task_rq_unlock(struct runqueue *rq, unsigned long flags)
{
	sched_spin_unlock(&rq->lock);
	sched_irq_restore(flags);
}

void double_rq_lock(struct runqueue *a, struct runqueue *b)
{
	if (a == b) {
		sched_spin_lock(&a->lock);
	} else if (a->cpu < b->cpu) {
		sched_spin_lock(&a->lock);
		sched_spin_lock(&b->lock);
	} else {
		sched_spin_lock(&b->lock);
		sched_spin_lock(&a->lock);
	}
}

void double_rq_unlock(struct runqueue *a, struct runqueue *b)
{
	sched_spin_unlock(&a->lock);
	if (a != b)
		sched_spin_unlock(&b->lock);
}

/* Linux resched_task: set need_resched; another CPU also gets an IPI
 * unless its flag was already set (it will reschedule anyway). */
void resched_task(struct runqueue *rq, struct sched_task *p)
{
	int was = p->need_resched;

	p->need_resched = 1;
	if (!was && rq->cpu != sched_this_cpu()) {
		rq->ipis++;
		sched_kick_cpu(rq->cpu);
	}
}

unsigned int sched_quantum(struct sched_task *p)
{
	unsigned int q = sched_active_policy->quantum ?
		sched_active_policy->quantum(p) : SCHED_RR_QUANTUM;

	return q ? q : 1;
}

/* 2.6.0 scheduler_tick's real-time part, once for every policy: FIFO
 * runs on; RR goes to the tail of its list after its quantum. */
static void rt_tick(struct sched_task *p)
{
	if (p->sched_class != SCHED_RR)
		return;
	if (++p->core_slice_used >= sched_quantum(p)) {
		p->core_slice_used = 0;
		p->need_resched = 1;
		requeue_task(p);
	}
}

/* The tick of a policy with no tick hook: round robin within a prio
 * (a task on an array; one in a queue of another kind just yields the
 * CPU to the policy's pick). */
static void default_tick(struct sched_task *p)
{
	if (++p->core_slice_used >= SCHED_DEFAULT_SLICE) {
		p->core_slice_used = 0;
		p->need_resched = 1;
		if (p->array)
			requeue_task(p);
	}
}

/* The scheduler_tick body for a running task (also fork's extra tick). */
void sched_policy_tick(struct runqueue *rq, struct sched_task *p)
{
	/* A running task is queued (a task that leaves its CPU leaves it in
	 * schedule()); one of the O(1) arrays may have expired already, which
	 * its policy's tick sees (arrays_expired_already). */
	if (rt_task(p))
		rt_tick(p);
	else if (sched_active_policy->tick)
		sched_active_policy->tick(rq, p);
	else
		default_tick(p);
}

/* try_to_wake_up's question, "does p preempt rq->curr?": real time is
 * the core's (2.6.0: TASK_PREEMPTS_CURR), a normal task asks the policy. */
bool sched_wakeup_preempts(struct runqueue *rq, struct sched_task *p,
			   struct sched_task *waker, enum sched_waker kind, bool sync)
{
	if (!rt_task(p) && sched_active_policy->wakeup)
		return sched_active_policy->wakeup(rq, p, waker, kind, sync);
	return !sync && p->prio < rq->curr->prio;
}

/* pull_task's and a new task's question: does p preempt rq->curr? */
bool sched_preempts(struct runqueue *rq, struct sched_task *p)
{
	if (!rt_task(p) && sched_active_policy->preempts)
		return sched_active_policy->preempts(rq, p);
	return p->prio < rq->curr->prio;
}

/* When p last ran, for the balancer's cache-hot test. */
uint32_t sched_ran(struct sched_task *p)
{
	if (!rt_task(p) && sched_active_policy->ran)
		return sched_active_policy->ran(p);
	return p->acct_stamp;
}

/* A donate hook for a slice that is one counter of the policy's (nick and
 * rr: used_slice, o1: time_slice): the loan gives the server the caller's
 * counter, saving the server's own; the return gives the caller what the
 * server left of it and puts the server's own back. */
void sched_donate_counter(unsigned int *caller, unsigned int *server,
			  uint32_t saved[SCHED_DONATION_WORDS], enum sched_donate_step step)
{
	if (step == SCHED_LEND) {
		saved[0] = *server;
		*server = *caller;
	} else {
		*caller = *server;
		*server = saved[0];
	}
}

/* The policy's view of p for the stat dump (zeros for real time, whose
 * RR quantum is its slice). */
void sched_describe(struct runqueue *rq, struct sched_task *p, struct sched_policy_view *v)
{
	*v = (struct sched_policy_view){ 0 };
	if (p->is_idle)
		return;
	if (rt_task(p)) {
		if (p->sched_class == SCHED_RR) {
			v->timeslice = sched_quantum(p);
			v->used_slice = p->core_slice_used;
		}
		return;
	}
	if (sched_active_policy->describe)
		sched_active_policy->describe(rq, p, v);
	else
		*v = (struct sched_policy_view){ SCHED_DEFAULT_SLICE, p->core_slice_used, 0 };
}

/* The one rule every policy starts from (policy.h): the class's prio and
 * zeroed policy fields; then the policy's init_task refines them.  A
 * real-time task keeps its class's prio whatever init_task did. */
void sched_init_policy_fields(struct runqueue *rq, struct sched_task *p)
{
	int i;

	for (i = 0; i < SCHED_POLICY_WORDS; i++)
		p->policy_data[i] = 0;
	p->core_slice_used = 0;
	if (p->sched_class == SCHED_NORMAL)
		p->prio = p->static_prio;
	else
		p->prio = rt_prio_of(p->rt_priority);
	if (sched_active_policy->init_task)
		sched_active_policy->init_task(rq, p);
	if (p->sched_class != SCHED_NORMAL)
		p->prio = rt_prio_of(p->rt_priority);
	p->policy_gen = sched_policy_gen;
}

/* A task that slept through a policy switch gets the new policy's fields. */
void sched_refresh_policy(struct runqueue *rq, struct sched_task *p)
{
	if (p->policy_gen != sched_policy_gen)
		sched_init_policy_fields(rq, p);
}

/* Say once per policy in force what it broke (the first time is the one
 * to debug; a tick that repeats the mistake must not flood the console). */
static void warn_once(const char *line)
{
	static unsigned int said_gen;

	if (said_gen != sched_policy_gen)
		sched_warn(line);
	said_gen = sched_policy_gen;
}

/* enqueue_task met a prio outside 0..139: clamp it into the task's band
 * (real time 0..99, SCHED_NORMAL 100..139), so that the queues stay sound. */
void sched_clamp_bad_prio(struct sched_task *p)
{
	int lo = p->sched_class == SCHED_NORMAL ? MAX_RT_PRIO : 0;
	int hi = p->sched_class == SCHED_NORMAL ? MAX_PRIO - 1 : MAX_RT_PRIO - 1;
	int bad = p->prio;
	char line[160];

	sched_bad_prios++;
	p->prio = bad < lo ? lo : hi;
	sched_snprintf(line, sizeof(line), "policy %s gave pid %d (%s) prio %d, outside "
		       "%d..%d: clamped to %d", sched_active_policy->name, p->pid, p->comm,
		       bad, lo, hi, p->prio);
	warn_once(line);
}

/* A pick hook returned a task that is not one it may pick. */
void sched_warn_bad_pick(struct runqueue *rq, struct sched_task *p)
{
	char line[160];

	sched_bad_picks++;
	sched_snprintf(line, sizeof(line), "policy %s picked %s%d on CPU %d, not a task "
		       "it queues there: the core picks instead", sched_active_policy->name,
		       p ? "pid " : "NULL ", p ? p->pid : 0, rq->cpu);
	warn_once(line);
}

/* A movable hook named a task not queued on rq, or too many (balance.c). */
void sched_warn_bad_move(struct runqueue *rq, struct sched_task *p)
{
	char line[160];

	sched_snprintf(line, sizeof(line), "policy %s named pid %d to move from CPU %d: not "
		       "a normal task queued there, or one too many: nothing more moves",
		       sched_active_policy->name, p->pid, rq->cpu);
	warn_once(line);
}
