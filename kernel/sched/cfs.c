/*
 * cfs.c - policy "cfs": the Completely Fair Scheduler of Linux 2.6.23 and
 * later (Linux's "fair" scheduling class), in one file on the policy interface, the
 * way a student would write it.
 *
 * Idea: each task has a virtual runtime, the CPU time it received divided
 * by its weight (Linux's sched_prio_to_weight: nice 0 is 1024, each nice
 * level about 1.25x).  The task with the least vruntime runs next; so over
 * time every task gets CPU in proportion to its weight.  Per CPU the
 * queued tasks wait in a queue of cfs's own ordered by vruntime
 * (vtime_queue.h, a red-black tree); the running one is out of it (Linux:
 * set_next_entity).
 *
 *   slice      sched_latency (6 ms) shared by weight among the queued
 *              tasks, at least min_granularity (1 ms, the tick) each; with
 *              more than 6 tasks the period stretches to 1 ms per task
 *              (Linux: __sched_period, sched_slice)
 *   tick       vruntime += 1 ms * 1024 / weight; the slice used up:
 *              reschedule (Linux: update_curr, check_preempt_tick)
 *   wake-up    placed at the queue's min_vruntime minus half a latency if
 *              it slept long (Linux: place_entity, GENTLE_FAIR_SLEEPERS);
 *              preempts when its vruntime is a granularity below the
 *              running task's (check_preempt_wakeup)
 *   fork       the child starts one slice behind min_vruntime
 *              (START_DEBIT)
 *   yield      the next pick passes over the yielder for the task after
 *              it, if that one is no more than a wake-up granularity
 *              further on (the skip buddy: yield_task_fair,
 *              pick_next_entity)
 *
 * Units: vruntime counts in 1/65536 ms of a nice-0 task: one tick adds
 * (1024 << 16) / weight, a 32-bit division (a freestanding i386 kernel has
 * no 64-bit one).  Vruntimes wrap: they are compared by their signed
 * difference, as Linux's entity_before does.  A task that wakes or is
 * pulled onto another CPU keeps its lag behind its old CPU's min_vruntime
 * (Linux: migrate_task_rq_fair), so it fits the new CPU's queue.
 *
 * cfs keeps its tasks in its own queue (a vtime_queue per CPU, ordered by
 * vruntime) and on no array; the core's queue holds real time only.
 */
#include "sched_impl.h"
#include "vtime_queue.h"

#define NICE_0_LOAD      1024
#define VR_SHIFT         16
#define LATENCY_MS       6         /* sysctl_sched_latency */
#define MIN_GRAN_MS      1         /* sysctl_sched_min_granularity (0.75) at HZ 1000 */
#define WAKEUP_GRAN_MS   1         /* sysctl_sched_wakeup_granularity */

/* Linux's sched_prio_to_weight, nice -20 .. 19. */
static const uint32_t prio_to_weight[40] = {
	/* -20 */ 88761, 71755, 56483, 46273, 36291,
	/* -15 */ 29154, 23254, 18705, 14949, 11916,
	/* -10 */  9548,  7620,  6100,  4904,  3906,
	/*  -5 */  3121,  2501,  1991,  1586,  1277,
	/*   0 */  1024,   820,   655,   526,   423,
	/*   5 */   335,   272,   215,   172,   137,
	/*  10 */   110,    87,    70,    56,    45,
	/*  15 */    36,    29,    23,    18,    15,
};

/* cfs's per-task fields, in the task's policy area (policy.h); the node
 * first (vtime_task).  node.vtime is its vruntime, on the scale of its
 * CPU's min_vruntime. */
struct cfs_task {
	struct vtime_node node;    /* in its CPU's queue while queued, not running */
	uint32_t ran;              /* jiffies of its current slice */
	int home;                  /* that CPU */
	bool on_rq;                /* queued: counted in the queue's load */
	bool in_queue;
	bool fresh;                /* new (fork, start, policy switch): START_DEBIT */
};

/* cfs's per-CPU fields, in the run queue's policy area (policy.h). */
struct cfs_rq {
	struct vtime_queue queue;  /* its on_rq tasks but the running one */
	uint64_t min_vruntime;     /* never goes back */
	uint32_t load;             /* the weights of its on_rq tasks */
	uint32_t nr;               /* its on_rq tasks */
	struct sched_task *skip;   /* yielded: passed over once, NULL for none */
};

static inline struct cfs_task *CFS(struct sched_task *p)
{
	_Static_assert(offsetof(struct cfs_task, node) == 0, "vtime_task needs the node first");
	return POLICY_DATA(p, struct cfs_task);
}

static inline struct cfs_rq *CFS_RQ(struct runqueue *rq)
{
	return POLICY_RQ(rq, struct cfs_rq);
}

static uint32_t weight(const struct sched_task *p)
{
	return prio_to_weight[p->static_prio - MAX_RT_PRIO];
}

/* ms of CPU as p's vruntime (Linux: calc_delta_fair). */
static uint64_t vtime(const struct sched_task *p, uint32_t ms)
{
	return (uint64_t)ms * ((NICE_0_LOAD << VR_SHIFT) / weight(p));
}

/* Linux: __sched_period, sched_slice - p's share of the period. */
static uint32_t slice(struct runqueue *rq, struct sched_task *p)
{
	struct cfs_rq *cr = CFS_RQ(rq);
	uint32_t period = LATENCY_MS, s;

	if (cr->nr > LATENCY_MS / MIN_GRAN_MS)
		period = cr->nr * MIN_GRAN_MS;
	if (!cr->load)
		return period;
	s = period * weight(p) / cr->load;
	return s > MIN_GRAN_MS ? s : MIN_GRAN_MS;
}

static void queue_insert(struct cfs_rq *cr, struct sched_task *p)
{
	vtime_queue_insert(&cr->queue, &CFS(p)->node);
	CFS(p)->in_queue = true;
}

static void queue_remove(struct cfs_rq *cr, struct sched_task *p)
{
	vtime_queue_remove(&cr->queue, &CFS(p)->node);
	CFS(p)->in_queue = false;
}

/* The least vruntime queued. */
static struct sched_task *leftmost(struct cfs_rq *cr)
{
	return vtime_task(vtime_first(&cr->queue));
}

/* Linux: update_min_vruntime - the least of the running task's and the
 * leftmost's, and never backwards. */
static void update_min(struct runqueue *rq)
{
	struct cfs_rq *cr = CFS_RQ(rq);
	struct sched_task *first = leftmost(cr), *curr = rq->curr;
	uint64_t v = cr->min_vruntime;
	bool any = false;

	if (!curr->is_idle && curr->sched_class == SCHED_NORMAL && CFS(curr)->on_rq) {
		v = CFS(curr)->node.vtime;
		any = true;
	}
	if (first && (!any || vtime_before(CFS(first)->node.vtime, v))) {
		v = CFS(first)->node.vtime;
		any = true;
	}
	if (any && vtime_before(cr->min_vruntime, v))
		cr->min_vruntime = v;
}

/*
 * Where p goes on rq (Linux: place_entity).  New: a slice after
 * min_vruntime (START_DEBIT: forking cannot buy CPU).  Else its lag behind
 * its home CPU's min_vruntime, carried to rq, and no more than half a
 * latency before min_vruntime (GENTLE_FAIR_SLEEPERS: a sleeper gets a
 * little, not the whole time it slept).  Another CPU's min_vruntime is
 * read without its lock: a placement, stale by a tick at worst.
 */
static uint64_t placed(struct runqueue *rq, struct sched_task *p)
{
	struct cfs_task *c = CFS(p);
	uint64_t min = CFS_RQ(rq)->min_vruntime;
	int64_t lag, floor = -(int64_t)vtime(p, LATENCY_MS / 2);

	if (c->fresh)
		return min + vtime(p, slice(rq, p));
	lag = (int64_t)(c->node.vtime - CFS_RQ(cpu_rq(c->home))->min_vruntime);
	return min + (lag < floor ? floor : lag);
}

/* The core zeroed the area (off every queue) and set prio = static_prio,
 * which the nice hook keeps. */
static void cfs_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	CFS(p)->fresh = true;
}

static void cfs_enqueue(struct runqueue *rq, struct sched_task *p)
{
	struct cfs_rq *cr = CFS_RQ(rq);
	struct cfs_task *c = CFS(p);

	if (c->on_rq)
		return;
	c->node.vtime = placed(rq, p);
	c->home = rq->cpu;
	c->fresh = false;
	c->on_rq = true;
	cr->load += weight(p);
	cr->nr++;
	if (!task_running(rq, p))
		queue_insert(cr, p);
}

static void cfs_dequeue(struct runqueue *rq, struct sched_task *p)
{
	struct cfs_rq *cr = CFS_RQ(rq);

	if (!CFS(p)->on_rq)
		return;
	if (CFS(p)->in_queue)
		queue_remove(cr, p);
	if (cr->skip == p)
		cr->skip = NULL;
	update_min(rq);
	CFS(p)->on_rq = false;
	cr->load -= weight(p);
	cr->nr--;
}

/* Linux 6.1: pick_next_entity - the leftmost, unless it yielded and the
 * next one is within a wake-up granularity of it (wakeup_preempt_entity
 * of the two, the granularity in the yielder's weight, < 1). */
static struct sched_task *cfs_pick(struct runqueue *rq)
{
	struct cfs_rq *cr = CFS_RQ(rq);
	struct sched_task *p = leftmost(cr), *second;

	if (p && p == cr->skip) {
		second = vtime_task(vtime_next(&CFS(p)->node));
		if (second && !vtime_before(CFS(p)->node.vtime + vtime(p, WAKEUP_GRAN_MS),
				      CFS(second)->node.vtime))
			return second;
	}
	return p;
}

/* direct.c's question, the prio of the task waiting first in line (the
 * leftmost; the running task is outside the tree). */
static int cfs_best(struct runqueue *rq)
{
	struct sched_task *p = leftmost(CFS_RQ(rq));

	return p && p != rq->curr ? p->prio : MAX_PRIO;
}

/* The balancer's order: the largest vruntime first, the task owed the
 * least CPU here, which would run last; on its new CPU it keeps its lag
 * (placed).  Linux walks its cfs_tasks list from the tail instead, the
 * least recently run first. */
static struct sched_task *cfs_movable(struct runqueue *rq, struct sched_task *after)
{
	return vtime_task(after ? vtime_prev(&CFS(after)->node) : vtime_last(&CFS_RQ(rq)->queue));
}

/* Linux: set_next_entity - the running task leaves the queue, and a
 * yielder that runs again is no longer passed over (clear_buddies). */
static void cfs_running(struct runqueue *rq, struct sched_task *p, uint32_t now UNUSED)
{
	if (CFS(p)->in_queue)
		queue_remove(CFS_RQ(rq), p);
	if (CFS_RQ(rq)->skip == p)
		CFS_RQ(rq)->skip = NULL;
}

/* Linux: put_prev_entity - back into the queue at its new vruntime. */
static void cfs_stopping(struct runqueue *rq, struct sched_task *p, uint32_t now UNUSED)
{
	if (CFS(p)->on_rq && !CFS(p)->in_queue)
		queue_insert(CFS_RQ(rq), p);
}

/* Linux: update_curr, check_preempt_tick. */
static void cfs_tick(struct runqueue *rq, struct sched_task *p)
{
	struct cfs_task *c = CFS(p);
	bool in = c->in_queue;                /* only right after a switch */

	if (in)
		queue_remove(CFS_RQ(rq), p);
	c->node.vtime += vtime(p, 1);
	if (in)
		queue_insert(CFS_RQ(rq), p);
	update_min(rq);
	if (++c->ran >= slice(rq, p)) {
		c->ran = 0;
		p->need_resched = 1;
	}
}

/* Linux: check_preempt_wakeup - p (placed where enqueue will put it)
 * preempts when it is a wake-up granularity behind the running task. */
static bool cfs_wakeup(struct runqueue *rq, struct sched_task *p,
		       struct sched_task *waker UNUSED, enum sched_waker kind UNUSED, bool sync)
{
	struct sched_task *curr = rq->curr;

	CFS(p)->ran = 0;
	if (sync)
		return false;
	if (curr->is_idle)
		return true;
	if (rt_task(curr) || !CFS(curr)->on_rq)
		return false;
	return vtime_before(placed(rq, p) + vtime(p, WAKEUP_GRAN_MS), CFS(curr)->node.vtime);
}

/* pull_task: p is queued here already (absolute vruntime). */
static bool cfs_preempts(struct runqueue *rq, struct sched_task *p)
{
	struct sched_task *curr = rq->curr;

	if (curr->is_idle)
		return true;
	if (rt_task(curr) || !CFS(curr)->on_rq)
		return false;
	return vtime_before(CFS(p)->node.vtime + vtime(p, WAKEUP_GRAN_MS), CFS(curr)->node.vtime);
}

/* The child is new (enqueue: START_DEBIT); the parent keeps its own. */
static void cfs_fork(struct runqueue *rq UNUSED, struct sched_task *parent UNUSED,
		     struct sched_task *c)
{
	*CFS(c) = (struct cfs_task){ .fresh = true };   /* not the parent's node */
}

/* The weight changes with nice: the queue's load follows. */
static void cfs_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	if (CFS(p)->on_rq)
		CFS_RQ(rq)->load -= weight(p);
	sched_requeue_prio(rq, p, NICE_TO_PRIO(nice));
	p->static_prio = NICE_TO_PRIO(nice);
	if (CFS(p)->on_rq)
		CFS_RQ(rq)->load += weight(p);
}

/* Linux 6.1: yield_task_fair - set the skip buddy; p stays queued. */
static void cfs_yield(struct runqueue *rq, struct sched_task *p)
{
	CFS_RQ(rq)->skip = p;
}

static void cfs_describe(struct runqueue *rq, struct sched_task *p,
			 struct sched_policy_view *v)
{
	v->timeslice = slice(rq, p);
	v->used_slice = CFS(p)->ran;
	v->history = 0;
}

/* cfs_vruntime: for the tests, p's vruntime in nice-0 ms. */
int64_t cfs_vruntime(struct sched_task *p)
{
	return (int64_t)CFS(p)->node.vtime >> VR_SHIFT;
}

/* queued_normal's count: the normal tasks queued, and those not running. */
struct census {
	struct runqueue *rq;
	unsigned int all, waiting;
};

static bool count_normal(struct sched_task *p, void *arg)
{
	struct census *c = arg;

	if (p->array != &c->rq->queue) {       /* not the core's: real time */
		c->all++;
		c->waiting += !task_running(c->rq, p);
	}
	return true;
}

/* cfs's tasks queued on rq but the running one (the queue's set). */
static unsigned int queued_normal(struct runqueue *rq, unsigned int *all)
{
	struct census c = { rq, 0, 0 };

	sched_for_each_queued(rq, count_normal, &c);
	*all = c.all;
	return c.waiting;
}

/* check=1 (policy.h): the queue is sound (vtime_queue_check) and holds
 * exactly cfs's queued tasks but the running one, none on an array; load
 * and nr count them, and the core's count agrees.  rq locked. */
static int cfs_verify(struct runqueue *rq, char *why, size_t n)
{
	struct cfs_rq *cr = CFS_RQ(rq);
	struct vtime_node *node;
	const char *broken;
	uint32_t load = 0;
	unsigned int all;

	if (vtime_queue_check(&cr->queue, &broken))
		return sched_snprintf(why, n, "cfs cpu%d: the queue %s", rq->cpu, broken), -1;
	for (node = vtime_first(&cr->queue); node; node = vtime_next(node)) {
		struct sched_task *p = vtime_task(node);

		if (!CFS(p)->on_rq || !CFS(p)->in_queue || p->cpu != rq->cpu ||
		    p->array || !p->on_rq || task_running(rq, p))
			return sched_snprintf(why, n, "cfs cpu%d: pid %d misplaced in the queue",
					      rq->cpu, p->pid), -1;
		load += weight(p);
	}
	if (cr->queue.nr != queued_normal(rq, &all) || all != cr->nr ||
	    all != policy_nr_queued(rq))
		return sched_snprintf(why, n, "cfs cpu%d: queue %u nr %u, queued %u",
				      rq->cpu, cr->queue.nr, cr->nr, all), -1;
	if (all > cr->queue.nr)           /* the running one */
		load += weight(rq->curr);
	if (load != cr->load)
		return sched_snprintf(why, n, "cfs cpu%d: load %u, weights %u",
				      rq->cpu, cr->load, load), -1;
	return 0;
}

/* For the tests: cfs_verify of cpu, no message. */
bool cfs_check(int cpu)
{
	char why[96];

	return cfs_verify(cpu_rq(cpu), why, sizeof(why)) == 0;
}

const struct sched_policy sched_policy_cfs = {
	.name = "cfs",
	.init_task = cfs_init_task,
	.wakeup = cfs_wakeup,
	.enqueue = cfs_enqueue,
	.dequeue = cfs_dequeue,
	.pick = cfs_pick,
	.movable = cfs_movable,
	.best = cfs_best,
	.running = cfs_running,
	.stopping = cfs_stopping,
	.tick = cfs_tick,
	.fork = cfs_fork,
	.nice = cfs_nice,
	.preempts = cfs_preempts,
	.yield = cfs_yield,
	.describe = cfs_describe,
	.check = cfs_verify,
};
