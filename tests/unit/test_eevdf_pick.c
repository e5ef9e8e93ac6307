/*
 * test_eevdf_pick.c - eevdf's pick (kernel/sched/eevdf.c, pick_queued) as
 * a descent of the tree augmented with each subtree's least deadline: on
 * random queues (random vruntimes, deadlines and weights, many ties, near
 * the 64-bit wrap, fixed seeds) it picks exactly the task the old linear
 * walk picked; check=1 catches a wrong subtree minimum.
 *
 * The file includes eevdf.c itself, to reach its static functions and a
 * queue built by hand; the core's functions eevdf.c calls are stubs.
 */
#include <stdio.h>
#include <string.h>

#include "unit.h"
#define sched_snprintf snprintf            /* sched_env.h: a macro may stand in */
#include "sched/eevdf.c"

#define N 300

struct runqueue sched_rq[NR_CPUS_MAX];
static struct sched_task tasks[N + 1];      /* N queued, then one running */

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

static unsigned int seed;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 8) % n;
}

/*
 * The reference: the queue's part of pick_best as it was before the
 * descent, the walk over the eligible prefix in vruntime order (ties: the
 * earlier one).  pick_best's rest (run to parity, the running task out of
 * the queue, a waking one) did not change.
 */
static struct sched_task *walk_pick(struct ev_rq *q)
{
	struct sched_task *best = NULL;
	uint64_t bd = 0;

	for (struct vtime_node *n = vtime_first(&q->queue); n; n = vtime_next(n)) {
		if (!eligible(q, n->vtime))
			break;
		if (!best || earlier(EV(vtime_task(n))->deadline, bd)) {
			best = vtime_task(n);
			bd = EV(best)->deadline;
		}
	}
	return best;
}

/* pick_queued's task, or NULL. */
static struct sched_task *descent_pick(struct ev_rq *q)
{
	struct ev_task *e = pick_queued(q);

	return e ? vtime_task(&e->node) : NULL;
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
	for (int i = 0; i < N + 1; i++) {
		tasks[i].pid = i + 1;
		tasks[i].sched_class = SCHED_NORMAL;
		tasks[i].static_prio = tasks[i].prio = NICE_TO_PRIO(0);
	}
	tasks[N].is_idle = true;   /* curr; in the sums, a running task now and then */
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
 * (set_deadline); then 8 picks, each with a running task of its own
 * outside the queue (it moves V, so where the eligible prefix ends),
 * compared with the walk.  0, or 1 after a FAIL. */
static int one_round(int round, uint64_t base)
{
	struct runqueue *rq = fresh(base);
	struct ev_rq *q = EV_RQ(rq);
	struct sched_task *c = &tasks[N], *want, *got;
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
	if (wrong_minimum(q->queue.tree.node)) {
		unit_fail(__FILE__, __LINE__, "round %d: a subtree minimum is wrong", round);
		return 1;
	}
	for (i = 0; i < 8; i++) {
		c->static_prio = NICE_TO_PRIO((int)rnd(40) - 20);
		EV(c)->node.vtime = base + rnd(spread * 2) * unit;
		account_add(q, c);
		want = walk_pick(q);
		got = descent_pick(q);
		account_sub(q, c);
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
	CHECK_EQ(2, index_of(walk_pick(EV_RQ(rq))));
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
