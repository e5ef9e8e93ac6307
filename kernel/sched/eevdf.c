/*
 * eevdf.c - policy "eevdf": Earliest Eligible Virtual Deadline First, the
 * fair class of Linux 6.6 and later (Stoica and Abdel-Wahab, 1995), in one
 * file on the policy interface, beside cfs.c which it replaced in Linux.
 *
 * Idea: CFS runs the task with the least vruntime and needs heuristics
 * (sleeper credit, wake-up granularity) for latency.  EEVDF asks two
 * questions instead:
 *   eligible   is the task owed CPU?  Its lag, V - vruntime, is >= 0, where
 *              V is the queue's weighted average vruntime (every queued
 *              task, the running one too): a task that got less than its
 *              share so far sits at or left of V.
 *   deadline   when does its request end?  vruntime + slice / weight, in
 *              virtual time: a task with a short slice, or a big weight,
 *              has an early deadline.
 * pick runs the eligible task with the earliest virtual deadline.
 *
 *   slice      BASE_SLICE_MS of CPU (Linux: sysctl_sched_base_slice,
 *              0.75 ms x (1 + log2 CPUs), 3 ms from 8 CPUs; here whole
 *              ticks of 1 ms)
 *   tick       vruntime += 1 ms * 1024 / weight (update_curr); the slice used
 *              up (vruntime past the deadline): a new deadline a slice on,
 *              and reschedule when others are queued (update_deadline)
 *   sleep      the task keeps its lag, V - vruntime, clamped to
 *              +-(2 slices) of its virtual time (update_entity_lag)
 *   wake-up    placed so that its lag is the same after it joins the
 *              queue: vruntime = V - lag * (load + w) / load (place_entity,
 *              PLACE_LAG); preempts when it is now the pick (check_preempt_
 *              wakeup: pick_eevdf(cfs_rq) == pse)
 *   fork       lag 0, and half a slice to its first deadline
 *              (PLACE_DEADLINE_INITIAL)
 *   yield      the deadline moves a slice on (yield_task_fair)
 *   parity     once picked, a task keeps the CPU while it is eligible and
 *              its slice is the one it was picked with, so a waking task
 *              with an earlier deadline waits (RUN_TO_PARITY, on by
 *              default in 6.6 to 6.12)
 *   pick       O(log n): each node of the queue also keeps the least
 *              deadline of its subtree (min_deadline: the tree augmented,
 *              rbtree.h) and the pick descends the tree (pick_queued)
 *
 * Left out of 6.6: sched_setattr's custom slices, and group scheduling.
 *
 * Units and arithmetic as cfs.c: virtual time in 1/65536 ms of a nice-0
 * task, compared by signed difference.  Each queue keeps `base` (Linux:
 * min_vruntime, never backwards) and, over its queued tasks, load = sum
 * of w and sum = sum of (vruntime - base) * w (Linux: avg_load,
 * avg_vruntime), so V = base + sum / load.  The 64-bit divisions are
 * libgcc's (mk/kernel.mk links it).  Lag is relative to V, so a task
 * moved to another CPU carries it there by itself.
 *
 * eevdf keeps its tasks in its own queue (a vtime_queue per CPU, ordered
 * by vruntime) and on no array; the core's queue holds real time only.
 */
#include "sched_impl.h"
#include "vtime_queue.h"

#define NICE_0_LOAD    1024
#define VT_SHIFT       16
#define BASE_SLICE_MS  3

/* Linux's sched_prio_to_weight, nice -20 .. 19. */
static const uint32_t nice_weight[40] = {
	/* -20 */ 88761, 71755, 56483, 46273, 36291,
	/* -15 */ 29154, 23254, 18705, 14949, 11916,
	/* -10 */  9548,  7620,  6100,  4904,  3906,
	/*  -5 */  3121,  2501,  1991,  1586,  1277,
	/*   0 */  1024,   820,   655,   526,   423,
	/*   5 */   335,   272,   215,   172,   137,
	/*  10 */   110,    87,    70,    56,    45,
	/*  15 */    36,    29,    23,    18,    15,
};

/* eevdf's per-task fields, in the task's policy area (policy.h); the
 * node first (vtime_task).  node.vtime is its vruntime, the queue's order. */
struct ev_task {
	struct vtime_node node;    /* in its CPU's queue while queued and not running */
	uint64_t deadline;         /* vruntime + slice/weight when the slice began */
	union {                    /* one word: the area is 64 bytes */
		int64_t vlag;      /* out of the queue: V - vruntime when it left
				    * the queue; while it runs, the deadline it
				    * was picked with */
		uint64_t min_deadline; /* in the queue: the least deadline in its
				    * subtree (the augmentation, pick_queued) */
	};
	bool on_rq;                /* queued: counted in load and sum */
	bool in_queue;
	bool initial;              /* new (fork, start, switch): half a slice */
	bool parity;               /* vlag == deadline, RUN_TO_PARITY's test; kept
				    * as a flag for the time vlag is min_deadline */
};

/* eevdf's per-CPU fields, in the run queue's policy area.  rq locked. */
struct ev_rq {
	struct vtime_queue queue;  /* queued tasks but the running one, by vruntime */
	uint64_t base;             /* Linux: min_vruntime, never backwards */
	int64_t sum;               /* sum of (vruntime - base) * w, queued tasks */
	uint32_t load;             /* sum of w, queued tasks */
	uint32_t nr;               /* queued tasks */
};

static inline struct ev_task *EV(struct sched_task *p)
{
	_Static_assert(offsetof(struct ev_task, node) == 0, "vtime_task needs the node first");
	return POLICY_DATA(p, struct ev_task);
}

static inline struct ev_rq *EV_RQ(struct runqueue *rq)
{
	return POLICY_RQ(rq, struct ev_rq);
}

static bool earlier(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b) < 0;
}

static uint32_t weight(const struct sched_task *p)
{
	return nice_weight[p->static_prio - MAX_RT_PRIO];
}

/* ms of CPU as p's virtual time (Linux: calc_delta_fair). */
static uint64_t vtime(const struct sched_task *p, uint32_t ms)
{
	return (uint64_t)ms * ((NICE_0_LOAD << VT_SHIFT) / weight(p));
}

static int64_t key(struct ev_rq *q, uint64_t v)
{
	return (int64_t)(v - q->base);
}

/* A task in rq's sums (every queued SCHED_NORMAL task, a server on a
 * lent real-time prio too): the running one may be idle, of a real-time
 * class, or asleep. */
static bool queued(struct sched_task *p)
{
	return !p->is_idle && p->sched_class == SCHED_NORMAL && EV(p)->on_rq;
}

/* Linux: avg_vruntime - V, rounded down, base when nothing is queued. */
static uint64_t avg_vruntime(struct ev_rq *q)
{
	int64_t s = q->sum;

	if (!q->load)
		return q->base;
	if (s < 0)
		s -= q->load - 1;
	return q->base + s / (int64_t)q->load;
}

/* Linux: entity_eligible - v <= V, without the division. */
static bool eligible(struct ev_rq *q, uint64_t v)
{
	return key(q, v) * (int64_t)q->load <= q->sum;
}

static void account_add(struct ev_rq *q, struct sched_task *p)
{
	q->sum += key(q, EV(p)->node.vtime) * weight(p);
	q->load += weight(p);
	q->nr++;
}

static void account_sub(struct ev_rq *q, struct sched_task *p)
{
	q->sum -= key(q, EV(p)->node.vtime) * weight(p);
	q->load -= weight(p);
	q->nr--;
}

static struct ev_task *ev_of(struct rb_node *rb)
{
	return rb_entry(rb, struct ev_task, node.rb);
}

/* The least of n's deadline and its children's min_deadline: n's subtree's
 * least deadline, when the children's are right. */
static uint64_t least_below(struct rb_node *n)
{
	uint64_t m = ev_of(n)->deadline;

	if (n->left && earlier(ev_of(n->left)->min_deadline, m))
		m = ev_of(n->left)->min_deadline;
	if (n->right && earlier(ev_of(n->right)->min_deadline, m))
		m = ev_of(n->right)->min_deadline;
	return m;
}

/* The augmentation's update (rbtree.h; Linux 6.6: min_deadline_update). */
static void min_deadline_update(struct rb_node *n)
{
	ev_of(n)->min_deadline = least_below(n);
}

static void queue_insert(struct ev_rq *q, struct sched_task *p)
{
	vtime_queue_insert_aug(&q->queue, &EV(p)->node, min_deadline_update);
	EV(p)->in_queue = true;
}

static void queue_remove(struct ev_rq *q, struct sched_task *p)
{
	vtime_queue_remove_aug(&q->queue, &EV(p)->node, min_deadline_update);
	EV(p)->in_queue = false;
}

/* Every write of vlag out of the queue is followed by this. */
static void set_parity(struct ev_task *e)
{
	e->parity = e->vlag == (int64_t)e->deadline;
}

/* Every new deadline of a queued task goes through here: in the queue the
 * minima above the node change with it, and vlag (min_deadline there) is
 * the deadline it was picked with only while parity holds. */
static void set_deadline(struct ev_task *e, uint64_t d)
{
	if (e->in_queue) {
		e->parity = e->parity && d == e->deadline;
		e->deadline = d;
		rb_propagate(&e->node.rb, min_deadline_update);
	} else {
		e->deadline = d;
		set_parity(e);
	}
}

/* Linux: update_min_vruntime - base follows the least vruntime queued
 * (running task and leftmost), never back; the keys move with it. */
static void update_base(struct runqueue *rq)
{
	struct ev_rq *q = EV_RQ(rq);
	struct sched_task *first = vtime_task(vtime_first(&q->queue));
	uint64_t v = q->base;
	bool any = false;

	if (queued(rq->curr) && !EV(rq->curr)->in_queue) {
		v = EV(rq->curr)->node.vtime;
		any = true;
	}
	if (first && (!any || earlier(EV(first)->node.vtime, v))) {
		v = EV(first)->node.vtime;
		any = true;
	}
	if (any && earlier(q->base, v)) {
		q->sum -= (int64_t)q->load * (int64_t)(v - q->base);
		q->base = v;
	}
}

/*
 * Where p would join q (Linux 6.6: place_entity): at V minus its lag,
 * the lag scaled by (load + w) / load so that V after p joins is again
 * lag ahead of it; no lag on an empty queue.  The deadline a slice on,
 * half a slice for a new task.
 */
static void place(struct ev_rq *q, struct sched_task *p, uint64_t *v, uint64_t *d)
{
	struct ev_task *e = EV(p);
	uint64_t vslice = vtime(p, BASE_SLICE_MS);
	int64_t lag = 0;

	if (q->nr && !e->initial)
		lag = e->vlag * (int64_t)(q->load + weight(p)) / (int64_t)q->load;
	*v = avg_vruntime(q) - lag;
	*d = *v + (e->initial ? vslice / 2 : vslice);
}

/* In a subtree whose least deadline is d: its first node at d, in
 * vruntime order (the left subtree holds d, or n is at d, or the right). */
static struct ev_task *first_at(struct rb_node *n, uint64_t d)
{
	while (n) {
		if (n->left && ev_of(n->left)->min_deadline == d)
			n = n->left;
		else if (ev_of(n)->deadline == d)
			return ev_of(n);
		else
			n = n->right;
	}
	return NULL;                       /* minima broken: check=1 says so */
}

/*
 * The queue's eligible node with the earliest deadline, the first in
 * vruntime order on a tie; NULL if none is eligible (Linux 6.6:
 * pick_eevdf's descent), O(log n).  Eligible is v <= V, so the eligible
 * nodes are a prefix of the vruntime order.  At a node that is not
 * eligible, nothing right of it is: go left.  At one that is, its whole
 * left subtree is too: that subtree (its least deadline is its
 * min_deadline) and then the node are candidates; go right for more.
 * Every candidate so far lies left of where the descent goes, so a later
 * one must be strictly earlier to win; a subtree whose min_deadline is not
 * ends the descent.  A winning subtree is searched last (first_at).
 */
static struct ev_task *pick_queued(struct ev_rq *q)
{
	struct rb_node *n = q->queue.tree.node, *sub = NULL;
	struct ev_task *best = NULL;       /* the winner: node best, or subtree sub */
	uint64_t bd = 0;                   /* its deadline */
	bool found = false;

	for (; n; n = n->right) {
		while (n && !eligible(q, ev_of(n)->node.vtime))
			n = n->left;
		if (!n || (found && !earlier(ev_of(n)->min_deadline, bd)))
			break;
		if (n->left && (!found || earlier(ev_of(n->left)->min_deadline, bd))) {
			sub = n->left;
			bd = ev_of(n->left)->min_deadline;
			found = true;
		}
		if (!found || earlier(ev_of(n)->deadline, bd)) {
			best = ev_of(n);
			sub = NULL;
			bd = best->deadline;
			found = true;
		}
	}
	return sub ? first_at(sub, bd) : best;
}

/*
 * pick_eevdf: of the queue (plus `extra`, not queued yet, at ev/ed, and
 * the running task when it is queued but out of the queue), the eligible
 * task with the earliest deadline; q's sums already count every one of
 * them.  Ties: the earlier candidate (the queue's in vruntime order,
 * then the running task, then extra), so a newcomer must be strictly
 * earlier to win.
 */
static struct sched_task *pick_best(struct runqueue *rq, struct sched_task *extra,
				    uint64_t ev, uint64_t ed)
{
	struct ev_rq *q = EV_RQ(rq);
	struct sched_task *best = NULL, *curr = rq->curr;
	struct ev_task *first;
	uint64_t bd = 0;

	/* Linux 6.6: RUN_TO_PARITY - the running task (or, in schedule(), the
	 * one leaving), eligible, in the slice it was picked with
	 * (ev_running), stays */
	if (queued(curr) && eligible(q, EV(curr)->node.vtime) &&
	    EV(curr)->parity)
		return curr;

	if ((first = pick_queued(q))) {
		best = vtime_task(&first->node);
		bd = first->deadline;
	}
	if (queued(curr) && !EV(curr)->in_queue && eligible(q, EV(curr)->node.vtime) &&
	    (!best || earlier(EV(curr)->deadline, bd))) {
		best = curr;
		bd = EV(curr)->deadline;
	}
	if (extra && eligible(q, ev) && (!best || earlier(ed, bd)))
		best = extra;
	return best;
}

/* The core zeroed the area (off every queue): a new task. */
static void ev_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	EV(p)->initial = true;
}

static void ev_enqueue(struct runqueue *rq, struct sched_task *p)
{
	struct ev_rq *q = EV_RQ(rq);
	struct ev_task *e = EV(p);

	if (e->on_rq)
		return;
	place(q, p, &e->node.vtime, &e->deadline);
	set_parity(e);
	e->initial = false;
	e->on_rq = true;
	account_add(q, p);
	if (!task_running(rq, p))
		queue_insert(q, p);
}

/* Linux: update_entity_lag, then __dequeue_entity. */
static void ev_dequeue(struct runqueue *rq, struct sched_task *p)
{
	struct ev_rq *q = EV_RQ(rq);
	struct ev_task *e = EV(p);
	int64_t limit = (int64_t)vtime(p, 2 * BASE_SLICE_MS), lag;

	if (!e->on_rq)
		return;
	lag = (int64_t)(avg_vruntime(q) - e->node.vtime);
	if (e->in_queue)
		queue_remove(q, p);
	e->vlag = lag > limit ? limit : lag < -limit ? -limit : lag;
	set_parity(e);
	account_sub(q, p);
	e->on_rq = false;
	update_base(rq);
}

static struct sched_task *ev_pick(struct runqueue *rq)
{
	struct sched_task *p = pick_best(rq, NULL, 0, 0);
	/* none eligible cannot happen (the least vruntime is <= V); the
	 * leftmost all the same, should rounding ever say otherwise */
	return p ? p : vtime_task(vtime_first(&EV_RQ(rq)->queue));
}

/* direct.c's question, the prio of the task waiting first in line (the
 * least vruntime; the running task is outside the queue). */
static int ev_best(struct runqueue *rq)
{
	struct sched_task *p = vtime_task(vtime_first(&EV_RQ(rq)->queue));

	return p && p != rq->curr ? p->prio : MAX_PRIO;
}

/* The balancer's order: the largest vruntime first, the least lag, the
 * task owed the least CPU here; its lag goes with it (place). */
static struct sched_task *ev_movable(struct runqueue *rq, struct sched_task *after)
{
	return vtime_task(after ? vtime_prev(&EV(after)->node) : vtime_last(&EV_RQ(rq)->queue));
}

/* Linux: set_next_entity - the running task leaves the queue. */
static void ev_running(struct runqueue *rq, struct sched_task *p, uint32_t now UNUSED)
{
	if (EV(p)->in_queue)
		queue_remove(EV_RQ(rq), p);
	EV(p)->vlag = (int64_t)EV(p)->deadline;   /* RUN_TO_PARITY: Linux's "HACK" */
	EV(p)->parity = true;
}

/* Linux: put_prev_entity - back into the queue at its new vruntime. */
static void ev_stopping(struct runqueue *rq, struct sched_task *p, uint32_t now UNUSED)
{
	if (EV(p)->on_rq && !EV(p)->in_queue)
		queue_insert(EV_RQ(rq), p);
}

/* Linux: update_curr, update_deadline. */
static void ev_tick(struct runqueue *rq, struct sched_task *p)
{
	struct ev_rq *q = EV_RQ(rq);
	struct ev_task *e = EV(p);
	bool in = e->in_queue;                /* only right after a switch */
	uint64_t dv = vtime(p, 1);

	if (!e->on_rq)
		return;
	if (in)
		queue_remove(q, p);
	e->node.vtime += dv;
	q->sum += (int64_t)dv * weight(p);
	if (in)
		queue_insert(q, p);
	update_base(rq);
	if (earlier(e->node.vtime, e->deadline))
		return;
	set_deadline(e, e->node.vtime + vtime(p, BASE_SLICE_MS));
	if (q->nr > 1)
		p->need_resched = 1;
}

/* check_preempt_wakeup: p, placed where enqueue will put it, preempts
 * when it would be the pick (its lag >= 0 and the earliest deadline). */
static bool ev_wakeup(struct runqueue *rq, struct sched_task *p,
		      struct sched_task *waker UNUSED, enum sched_waker kind UNUSED, bool sync)
{
	struct ev_rq *q = EV_RQ(rq);
	uint64_t v, d;
	bool wins;

	if (rq->curr->is_idle)
		return true;
	if (sync || rt_task(rq->curr) || !queued(rq->curr))
		return false;
	place(q, p, &v, &d);
	q->sum += key(q, v) * weight(p);           /* as if p were queued */
	q->load += weight(p);
	wins = pick_best(rq, p, v, d) == p;
	q->sum -= key(q, v) * weight(p);
	q->load -= weight(p);
	return wins;
}

/* pull_task: p is queued here already (placed at enqueue). */
static bool ev_preempts(struct runqueue *rq, struct sched_task *p)
{
	if (rq->curr->is_idle)
		return true;
	return !rt_task(rq->curr) && queued(rq->curr) && pick_best(rq, NULL, 0, 0) == p;
}

/* The child is new: placed at V with half a slice (enqueue). */
static void ev_fork(struct runqueue *rq UNUSED, struct sched_task *parent UNUSED,
		    struct sched_task *c)
{
	*EV(c) = (struct ev_task){ .initial = true };   /* not the parent's node */
}

/* Linux 6.6: reweight_entity - the weight follows nice; a queued task
 * keeps its vruntime, its deadline's distance scales by old/new weight;
 * a sleeper's lag scales the same way. */
static void ev_nice(struct runqueue *rq, struct sched_task *p, int nice)
{
	struct ev_rq *q = EV_RQ(rq);
	struct ev_task *e = EV(p);
	uint32_t old = weight(p);

	if (e->on_rq)
		account_sub(q, p);
	sched_requeue_prio(rq, p, NICE_TO_PRIO(nice));
	p->static_prio = NICE_TO_PRIO(nice);
	if (e->on_rq) {
		int64_t left = (int64_t)(e->deadline - e->node.vtime);

		set_deadline(e, e->node.vtime + left * old / weight(p));
		account_add(q, p);
	} else {
		e->vlag = e->vlag * old / weight(p);
		set_parity(e);
	}
}

/* Linux: yield_task_fair - the deadline a slice on; p stays queued. */
static void ev_yield(struct runqueue *rq UNUSED, struct sched_task *p)
{
	set_deadline(EV(p), EV(p)->deadline + vtime(p, BASE_SLICE_MS));
}

static void ev_describe(struct runqueue *rq, struct sched_task *p,
			struct sched_policy_view *v)
{
	int64_t left = (int64_t)(EV(p)->deadline - EV(p)->node.vtime);
	int64_t left_ms = left <= 0 ? 0 : left / (int64_t)vtime(p, 1);

	/* the slice's ms used: what is left of the request, in its ms */
	v->timeslice = BASE_SLICE_MS;
	v->used_slice = left_ms >= BASE_SLICE_MS ? 0 : BASE_SLICE_MS - (uint32_t)left_ms;
	v->history = 0;
}

/* For the tests: p's numbers (its lag out of the queue), and cpu's V, in
 * us of nice-0 time. */
static int64_t us(int64_t vt)
{
	return vt * 1000 / (1 << VT_SHIFT);
}

int64_t eevdf_vruntime_us(struct sched_task *p) { return us((int64_t)EV(p)->node.vtime); }
int64_t eevdf_deadline_us(struct sched_task *p) { return us((int64_t)EV(p)->deadline); }
int64_t eevdf_lag_us(struct sched_task *p) { return us(EV(p)->vlag); }
int64_t eevdf_avg_us(int cpu) { return us((int64_t)avg_vruntime(EV_RQ(cpu_rq(cpu)))); }

/* check=1's recount of the queued normal tasks: their load, sum, number,
 * and any that is misfiled (not on_rq, or in the queue while running). */
struct recount {
	struct runqueue *rq;
	struct ev_rq *q;
	int64_t sum;
	uint32_t load, nr, in_queue;
	int bad_pid;
};

static bool recount_one(struct sched_task *p, void *arg)
{
	struct recount *r = arg;

	if (p->array == &r->rq->queue)
		return true;                   /* the core's: real time */
	if (!EV(p)->on_rq || EV(p)->in_queue == task_running(r->rq, p) || p->array)
		r->bad_pid = p->pid;
	r->sum += key(r->q, EV(p)->node.vtime) * weight(p);
	r->load += weight(p);
	r->nr++;
	r->in_queue += EV(p)->in_queue;
	return true;
}

/* check=1: a node whose min_deadline is not least_below it, or NULL.  If
 * none, each is its subtree's least deadline (induction from the leaves). */
static struct ev_task *wrong_minimum(struct rb_node *n)
{
	struct ev_task *bad;

	if (!n)
		return NULL;
	if ((bad = wrong_minimum(n->left)) || (bad = wrong_minimum(n->right)))
		return bad;
	return ev_of(n)->min_deadline == least_below(n) ? NULL : ev_of(n);
}

/* check=1 (policy.h): the queue is sound (vtime_queue_check, the subtree
 * minima) and holds rq's queued normal tasks but the running one; load,
 * sum and nr are theirs.  rq locked. */
static int ev_verify(struct runqueue *rq, char *why, size_t n)
{
	struct recount r = { .rq = rq, .q = EV_RQ(rq) };
	const char *broken;
	struct ev_task *bad;

	if (vtime_queue_check(&r.q->queue, &broken))
		return sched_snprintf(why, n, "eevdf cpu%d: the queue %s", rq->cpu, broken), -1;
	if ((bad = wrong_minimum(r.q->queue.tree.node)))
		return sched_snprintf(why, n, "eevdf cpu%d: pid %d's subtree minimum is wrong",
				      rq->cpu, vtime_task(&bad->node)->pid), -1;
	sched_for_each_queued(rq, recount_one, &r);
	if (r.bad_pid)
		return sched_snprintf(why, n, "eevdf cpu%d: pid %d misfiled", rq->cpu,
				      r.bad_pid), -1;
	if (r.q->queue.nr != r.in_queue || r.nr != r.q->nr || r.nr != policy_nr_queued(rq) ||
	    r.load != r.q->load || r.sum != r.q->sum)
		return sched_snprintf(why, n, "eevdf cpu%d: queue %u of %u queued, nr %u load %u "
				      "(recount %u)", rq->cpu, r.q->queue.nr, r.nr, r.q->nr,
				      r.q->load, r.load), -1;
	return 0;
}

/* For the tests: ev_verify of cpu, no message. */
bool eevdf_check(int cpu)
{
	char why[112];

	return ev_verify(cpu_rq(cpu), why, sizeof(why)) == 0;
}

const struct sched_policy sched_policy_eevdf = {
	.name = "eevdf",
	.init_task = ev_init_task,
	.wakeup = ev_wakeup,
	.enqueue = ev_enqueue,
	.dequeue = ev_dequeue,
	.pick = ev_pick,
	.movable = ev_movable,
	.best = ev_best,
	.running = ev_running,
	.stopping = ev_stopping,
	.tick = ev_tick,
	.fork = ev_fork,
	.nice = ev_nice,
	.preempts = ev_preempts,
	.yield = ev_yield,
	.describe = ev_describe,
	.check = ev_verify,
};
