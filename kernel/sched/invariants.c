/*
 * invariants.c - sched_check_invariants: is one run queue consistent?
 * A debugging aid (the kernel calls it with check=1, the tests after every
 * step); it walks every queued task, so never call it on a hot path.
 */
#include "sched_impl.h"

#define FAIL(...) do { sched_snprintf(why, n, __VA_ARGS__); return -1; } while (0)

static bool bit_set(const struct prio_array *a, int i)
{
	return (a->bitmap[i / 32] >> (i % 32)) & 1;
}

/* One array of rq (the core's queue, or one a policy owns): bit i iff
 * queue i non-empty, links sound, every task knows its array, prio and
 * CPU and is on_rq, nr_active matches.  Adds the tasks to *count. */
int sched_check_array(struct runqueue *rq, struct prio_array *a,
		      unsigned int *count, char *why, size_t n)
{
	unsigned int seen = 0;
	int i;

	for (i = 0; i < SCHED_BITMAP_WORDS * 32; i++) {
		struct list_node *head = i < MAX_PRIO ? &a->queue[i] : NULL, *node;

		if (!head) {
			if (bit_set(a, i))
				FAIL("cpu%d: bitmap bit %d set beyond MAX_PRIO", rq->cpu, i);
			continue;
		}
		if (bit_set(a, i) != !list_empty(head))
			FAIL("cpu%d: bit %d is %d but list %s", rq->cpu, i,
			     bit_set(a, i), list_empty(head) ? "empty" : "non-empty");
		for (node = head->next; node != head; node = node->next) {
			struct sched_task *p = list_entry(node, struct sched_task, run_list);

			if (node->next->prev != node || node->prev->next != node)
				FAIL("cpu%d: broken links at prio %d", rq->cpu, i);
			if (p->array != a || p->prio != i || p->cpu != rq->cpu || !p->on_rq)
				FAIL("cpu%d: pid %d on list %d has prio %d cpu %d, wrong array",
				     rq->cpu, p->pid, i, p->prio, p->cpu);
			if (p->is_idle)
				FAIL("cpu%d: idle task queued", rq->cpu);
			if (p->policy_gen != sched_policy_gen)
				FAIL("cpu%d: pid %d queued with another policy's fields",
				     rq->cpu, p->pid);
			if (++seen > a->nr_active)
				FAIL("cpu%d: more tasks on lists than nr_active %u",
				     rq->cpu, a->nr_active);
		}
	}
	if (seen != a->nr_active)
		FAIL("cpu%d: nr_active %u but %u tasks queued", rq->cpu, a->nr_active, seen);
	*count += seen;
	return 0;
}

/* rq->tasks: sound links, every task queued here, nr_running of them. */
static int check_task_list(struct runqueue *rq, char *why, size_t n)
{
	struct list_node *node;
	unsigned int seen = 0;

	for (node = rq->tasks.next; node != &rq->tasks; node = node->next) {
		struct sched_task *p = list_entry(node, struct sched_task, rq_node);

		if (node->next->prev != node || node->prev->next != node)
			FAIL("cpu%d: broken links in the list of queued tasks", rq->cpu);
		if (!p->on_rq || p->cpu != rq->cpu || p->is_idle)
			FAIL("cpu%d: pid %d listed as queued here (on_rq %d, cpu %d)", rq->cpu,
			     p->pid, p->on_rq, p->cpu);
		if (++seen > rq->nr_running)
			break;
	}
	if (seen != rq->nr_running)
		FAIL("cpu%d: nr_running %u but %s%u tasks listed", rq->cpu, rq->nr_running,
		     seen > rq->nr_running ? "more than " : "", seen);
	return 0;
}

/* The core's part of rq: its queue, the counts, idle and the running
 * task (the policy's queues: its check hook, next). */
static int check_rq(struct runqueue *rq, char *why, size_t n)
{
	struct sched_task *curr = rq->curr;
	unsigned int count = 0;

	if (check_task_list(rq, why, n) || sched_check_array(rq, &rq->queue, &count, why, n))
		return -1;
	if (count > rq->nr_running ||
	    (!sched_active_policy->enqueue && count != rq->nr_running))
		FAIL("cpu%d: nr_running %u but the core's queue holds %u", rq->cpu,
		     rq->nr_running, count);
	if (!curr || !rq->idle || rq->idle->on_rq || rq->idle->prio != MAX_PRIO)
		FAIL("cpu%d: bad curr or idle task", rq->cpu);
	if (!curr->is_idle && curr->state == SCHED_TASK_RUNNING && !curr->on_rq)
		FAIL("cpu%d: running pid %d is not queued", rq->cpu, curr->pid);
	if (!curr->is_idle && curr->cpu != rq->cpu)
		FAIL("cpu%d: running pid %d thinks it is on cpu%d", rq->cpu,
		     curr->pid, curr->cpu);
	return 0;
}

int sched_check_invariants(int cpu, char *why, size_t n)
{
	unsigned long flags = sched_irq_save();
	struct runqueue *rq = cpu_rq(cpu);
	int ret;

	sched_spin_lock(&rq->lock);
	ret = check_rq(rq, why, n);
	/* then the queues the policy owns (policy.h: check) */
	if (ret == 0 && sched_active_policy->check)
		ret = sched_active_policy->check(rq, why, n) ? -1 : 0;
	sched_spin_unlock(&rq->lock);
	sched_irq_restore(flags);
	if (ret == 0 && n)
		why[0] = '\0';
	return ret;
}

static bool array_empty_bits(const struct prio_array *a)
{
	int i;

	for (i = 0; i < SCHED_BITMAP_WORDS; i++)
		if (a->bitmap[i])
			return false;
	return true;
}

/* The O(1) part of check_rq: counts, and the running task's place. */
static int check_curr_locked(struct runqueue *rq, char *why, size_t n)
{
	struct sched_task *c = rq->curr;
	struct prio_array *a;

	if (rq->queue.nr_active > rq->nr_running ||
	    (!sched_active_policy->enqueue && rq->queue.nr_active != rq->nr_running))
		FAIL("nr_running %u but the core's queue holds %u", rq->nr_running,
		     rq->queue.nr_active);
	if (array_empty_bits(&rq->queue) != !rq->queue.nr_active)
		FAIL("a bitmap disagrees with its array's count");
	if (!c || c->is_idle) {
		if (c && c->on_rq)
			FAIL("the idle task is queued");
		return 0;
	}
	a = c->array;
	if (c->cpu != rq->cpu)
		FAIL("current pid %d thinks it is on cpu %d", c->pid, c->cpu);
	if (c->state == SCHED_TASK_RUNNING && !c->on_rq)
		FAIL("current pid %d is runnable but not queued", c->pid);
	if (a && (c->prio < 0 || c->prio >= MAX_PRIO || !bit_set(a, c->prio) ||
		  list_empty(&a->queue[c->prio])))
		FAIL("current pid %d at prio %d: its queue's bit is clear", c->pid, c->prio);
	return 0;
}

int sched_check_curr(int cpu, char *why, size_t n)
{
	struct runqueue *rq = cpu_rq(cpu);
	unsigned long flags;
	int ret;

	if (sched_lock_held_here(&rq->lock))
		FAIL("the tick came with this CPU holding its rq lock");
	flags = sched_irq_save();
	sched_spin_lock(&rq->lock);
	ret = check_curr_locked(rq, why, n);
	sched_spin_unlock(&rq->lock);
	sched_irq_restore(flags);
	return ret;
}

/*
 * A task leaving a CPU it may no longer use is off every run queue for a
 * moment (sched_finish_switch drops the lock before sched_move_to_allowed
 * queues it elsewhere).  So "runnable but on no run queue" counts only when
 * the same task is seen so at two checks in a row.  One caller at a time
 * (the kernel checks from CPU 0 only).
 */
static int unqueued_pid = -1, unqueued_pid_now;

/* p's array, if it has one, is inside its own CPU's run queue (the
 * core's queue or the policy's area). */
static bool on_its_rq(struct sched_task *p)
{
	struct runqueue *rq;

	if (p->cpu < 0 || p->cpu >= sched_ncpus)
		return false;
	rq = cpu_rq(p->cpu);
	return !p->array || ((char *)p->array >= (char *)rq && (char *)p->array < (char *)(rq + 1));
}

/* One task of the caller's table, with every rq lock held. */
static int check_task(struct sched_task *p, char *why, size_t n)
{
	bool is_curr = p->cpu >= 0 && p->cpu < sched_ncpus && cpu_rq(p->cpu)->curr == p;

	if (p->on_rq && !on_its_rq(p))
		FAIL("pid %d (%s) is queued on another cpu than %d", p->pid, p->comm, p->cpu);
	if (p->state == SCHED_TASK_RUNNING && !p->on_rq && !is_curr) {
		if (p->pid != unqueued_pid) {
			unqueued_pid_now = p->pid;      /* maybe moving: look again */
			return 0;
		}
		FAIL("pid %d (%s) is runnable but on no run queue", p->pid, p->comm);
	}
	/* A task going to sleep or exiting sets its state itself, then calls
	 * schedule(): until then it is still queued, and current. */
	if (p->state != SCHED_TASK_RUNNING && p->on_rq && !is_curr)
		FAIL("pid %d (%s) in state %d is still queued", p->pid, p->comm, p->state);
	return 0;
}

static int check_tasks_locked(struct sched_task *(*next)(void *), void *cursor,
			      char *why, size_t n)
{
	unsigned int queued = 0, counted = 0;
	struct sched_task *p;
	int c;

	unqueued_pid = unqueued_pid_now;
	unqueued_pid_now = -1;
	while ((p = next(cursor)) != NULL) {
		if (p->is_idle)
			continue;
		if (check_task(p, why, n))
			return -1;
		queued += p->on_rq;
	}
	for (c = 0; c < sched_ncpus; c++)
		counted += cpu_rq(c)->nr_running;
	/* Exited kernel threads have left the table but may still be queued
	 * until their CPU switches away; they can only make counted larger. */
	if (queued > counted)
		FAIL("%u tasks in the table are queued, run queues count %u", queued, counted);
	return 0;
}

/* Every rq lock in CPU-id order (the order double_rq_lock uses). */
int sched_check_tasks(struct sched_task *(*next)(void *cursor), void *cursor,
		      char *why, size_t n)
{
	unsigned long flags = sched_irq_save();
	int c, ret;

	for (c = 0; c < sched_ncpus; c++)
		sched_spin_lock(&cpu_rq(c)->lock);
	ret = check_tasks_locked(next, cursor, why, n);
	for (c = sched_ncpus - 1; c >= 0; c--)
		sched_spin_unlock(&cpu_rq(c)->lock);
	sched_irq_restore(flags);
	return ret;
}
