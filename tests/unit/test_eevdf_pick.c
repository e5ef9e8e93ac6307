/*
 * test_eevdf_pick.c - eevdf's pick (kernel/sched/eevdf.c, pick_best) as a
 * descent of the tree augmented with each subtree's least deadline:
 * on random queues (random vruntimes, deadlines and weights, many ties,
 * near the 64-bit wrap, fixed seeds) it picks exactly the task the old
 * linear walk picked, with the running task and a waking one beside the
 * queue; check=1 catches a wrong subtree minimum.
 *
 * The file includes eevdf.c itself, to reach its static functions and a
 * queue built by hand; the four core functions eevdf.c calls are stubs.
 */
#include "unit.h"
#include "sched/eevdf.c"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define N 300

struct runqueue sched_rq[NR_CPUS_MAX];
static struct sched_task tasks[N + 2];      /* N queued, then curr, extra */

void sched_requeue_prio(struct runqueue *rq, struct sched_task *p, int prio)
{
	p->prio = prio;
}

void sched_for_each_queued(struct runqueue *rq, bool (*fn)(struct sched_task *p, void *arg),
			   void *arg)
{
	for (int i = 0; i < N + 1; i++)
		if (EV(&tasks[i])->on_rq && !fn(&tasks[i], arg))
			return;
}

int sched_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}

static unsigned int seed;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 8) % n;
}

/*
 * The reference: pick_best as it was before the descent, the walk over
 * the eligible prefix in vruntime order (ties: the earlier one), then the
 * running task out of the queue, then extra.
 */
static struct sched_task *walk_pick(struct runqueue *rq, struct sched_task *extra,
				    uint64_t ev, uint64_t ed)
{
	struct ev_rq *q = EV_RQ(rq);
	struct sched_task *best = NULL, *curr = rq->curr;
	uint64_t bd = 0;
	struct vtime_node *n;

	if (queued(curr) && eligible(q, EV(curr)->node.vtime) && EV(curr)->parity)
		return curr;
	for (n = vtime_first(&q->queue); n; n = vtime_next(n)) {
		struct ev_task *e = EV(vtime_task(n));

		if (!eligible(q, e->node.vtime))
			break;
		if (!best || earlier(e->deadline, bd)) {
			best = vtime_task(n);
			bd = e->deadline;
		}
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

static int index_of(struct sched_task *p)
{
	return p ? (int)(p - tasks) : -1;
}

/* A fresh queue on cpu 0 with base `base`; curr idle. */
static struct runqueue *fresh(uint64_t base)
{
	struct runqueue *rq = cpu_rq(0);

	memset(rq, 0, sizeof(*rq));
	memset(tasks, 0, sizeof(tasks));
	for (int i = 0; i < N + 2; i++) {
		tasks[i].pid = i + 1;
		tasks[i].sched_class = SCHED_NORMAL;
		tasks[i].static_prio = tasks[i].prio = NICE_TO_PRIO(0);
	}
	tasks[N].is_idle = true;             /* curr, until a round says else */
	rq->curr = &tasks[N];
	EV_RQ(rq)->base = base;
	return rq;
}

/* Task i queued at vruntime v, deadline d, nice: in the sums and the tree
 * (enqueue's bookkeeping, without place). */
static void put(struct runqueue *rq, int i, uint64_t v, uint64_t d, int nice)
{
	struct sched_task *p = &tasks[i];

	p->static_prio = p->prio = NICE_TO_PRIO(nice);
	EV(p)->node.vtime = v;
	EV(p)->deadline = d;
	EV(p)->on_rq = true;
	account_add(EV_RQ(rq), p);
	queue_insert(EV_RQ(rq), p);
}

static void take(struct runqueue *rq, int i)
{
	queue_remove(EV_RQ(rq), &tasks[i]);
	account_sub(EV_RQ(rq), &tasks[i]);
	EV(&tasks[i])->on_rq = false;
}

/* One random queue of up to N tasks: vruntimes and deadlines from small
 * sets (ties), a few taken out again, deadlines moved while queued
 * (set_deadline), maybe a running task beside it or one of the queue
 * running (schedule() put it back); then 8 picks, with and without a
 * waking extra, compared with the walk.  0, or 1 after a FAIL. */
static int one_round(int round, uint64_t base)
{
	struct runqueue *rq = fresh(base);
	struct ev_rq *q = EV_RQ(rq);
	unsigned int n = 1 + rnd(N), spread = 1 + rnd(40), i;
	uint64_t unit = 1 + rnd(70000);

	for (i = 0; i < n; i++)
		put(rq, (int)i, base + rnd(spread) * unit, base + rnd(spread + 8) * unit,
		    (int)rnd(40) - 20);
	for (i = 0; i < n / 4; i++)
		if (EV(&tasks[i * 3 % n])->on_rq)
			take(rq, (int)(i * 3 % n));
	for (i = 0; i < n / 4; i++) {
		struct ev_task *e = EV(&tasks[rnd(n)]);

		if (e->in_queue)
			set_deadline(e, base + rnd(spread + 8) * unit);
	}
	if (rnd(2)) {                      /* a running task, out of the queue */
		struct sched_task *c = &tasks[N];

		c->is_idle = false;
		EV(c)->node.vtime = base + rnd(spread) * unit;
		EV(c)->deadline = base + rnd(spread + 8) * unit;
		EV(c)->on_rq = true;
		EV(c)->parity = rnd(4) == 0;
		account_add(q, c);
	} else if (rnd(2)) {               /* in schedule(): curr back in the queue */
		rq->curr = &tasks[rnd(n)];
		EV(rq->curr)->parity = rnd(4) == 0;
	}
	if (wrong_minimum(q->queue.tree.node)) {
		unit_fail(__FILE__, __LINE__, "round %d: a subtree minimum is wrong", round);
		return 1;
	}
	for (i = 0; i < 8; i++) {
		struct sched_task *x = i & 1 ? &tasks[N + 1] : NULL, *want, *got;
		uint64_t ev = base + rnd(spread) * unit, ed = base + rnd(spread + 8) * unit;

		want = walk_pick(rq, x, ev, ed);
		got = pick_best(rq, x, ev, ed);
		if (want != got) {
			unit_fail(__FILE__, __LINE__, "round %d pick %u (%u queued, base %llx): "
				  "expected task %d, got %d", round, i, q->queue.nr,
				  (unsigned long long)base, index_of(want), index_of(got));
			return 1;
		}
	}
	return 0;
}

UNIT_TEST(the_descent_picks_what_the_walk_picked_on_2000_random_queues)
{
	seed = 11;
	for (int round = 0; round < 2000; round++)
		if (one_round(round, (uint64_t)rnd(1000) << 20))
			return;
}

/* vruntimes and deadlines across the 64-bit wrap: compared by signed
 * difference, the order and the pick do not notice. */
UNIT_TEST(the_descent_picks_what_the_walk_picked_across_the_64_bit_wrap)
{
	seed = 23;
	for (int round = 0; round < 500; round++)
		if (one_round(round, (uint64_t)0 - ((uint64_t)rnd(1000) << 20)))
			return;
}

/* Equal deadlines everywhere: the first eligible in vruntime order wins
 * (the walk's tie rule), here the leftmost, task 2 at vruntime 0. */
UNIT_TEST(on_equal_deadlines_the_first_in_vruntime_order_wins)
{
	struct runqueue *rq = fresh(0);
	int order[] = { 5, 3, 2, 7, 1, 4, 6, 0 }, i;

	for (i = 0; i < 8; i++)
		put(rq, order[i], (uint64_t)(order[i] == 2 ? 0 : 100 + order[i]), 5000, 0);
	CHECK_EQ(2, index_of(pick_best(rq, NULL, 0, 0)));
	CHECK_EQ(index_of(walk_pick(rq, NULL, 0, 0)), index_of(pick_best(rq, NULL, 0, 0)));
}

/* check=1 (ev_verify) reads the minima: one wrong one is named. */
UNIT_TEST(check_catches_a_wrong_subtree_minimum)
{
	struct runqueue *rq = fresh(0);
	struct rb_node *leaf;
	char why[112] = "";
	int i;

	for (i = 0; i < 20; i++)
		put(rq, i, (uint64_t)i * 1000, (uint64_t)(40 - i) * 1000, 0);
	rq->nr_running = 20;
	CHECK_EQ(0, ev_verify(rq, why, sizeof(why)));
	for (leaf = EV_RQ(rq)->queue.tree.node; leaf->left; leaf = leaf->left)
		;
	ev_of(leaf)->min_deadline += 1;
	CHECK_EQ(-1, ev_verify(rq, why, sizeof(why)));
	if (!strstr(why, "pid 1's subtree minimum is wrong"))
		unit_fail(__FILE__, __LINE__, "expected pid 1 named, got \"%s\"", why);
}
