/*
 * test_vtime_queue.c - kernel/sched/vtime_queue.h, the queue ordered by
 * virtual time that cfs and eevdf own: the walk is in vtime order, equal
 * vtimes leave in the order they came, order holds across the 64-bit
 * wrap, the task comes back from its node, remove keeps the rest in
 * order, and vtime_queue_check catches a node out of order and a wrong
 * count.
 */
#include "unit.h"
#include "sched/vtime_queue.h"

#include <string.h>

#define N 6

static struct sched_task tasks[N];

static struct vtime_node *node(int i)
{
	return (struct vtime_node *)(void *)tasks[i].policy_data;
}

/* Queue task i at vtime v. */
static void put(struct vtime_queue *q, int i, uint64_t v)
{
	node(i)->vtime = v;
	vtime_queue_insert(q, node(i));
}

/* The queue's tasks in walk order, as indexes, into out[]; how many. */
static int walk(const struct vtime_queue *q, int *out)
{
	int n = 0;

	for (struct vtime_node *v = vtime_first(q); v; v = vtime_next(v))
		out[n++] = (int)(vtime_task(v) - tasks);
	return n;
}

UNIT_TEST(the_walk_is_in_vtime_order_and_equal_vtimes_stay_fifo)
{
	struct vtime_queue q = { 0 };
	const char *why = "";
	int got[N], want[N] = { 3, 1, 4, 0, 2, 5 };

	put(&q, 0, 50);
	put(&q, 1, 20);
	put(&q, 2, 50);          /* after 0: same vtime, came later */
	put(&q, 3, 10);
	put(&q, 4, 30);
	put(&q, 5, 90);
	CHECK_EQ(N, walk(&q, got));
	for (int i = 0; i < N; i++)
		CHECK_EQ(want[i], got[i]);
	CHECK(vtime_task(vtime_last(&q)) == &tasks[5]);
	CHECK(vtime_task(vtime_prev(vtime_last(&q))) == &tasks[2]);
	CHECK_EQ(0, vtime_queue_check(&q, &why));
}

UNIT_TEST(order_holds_across_the_wrap_of_the_vtime)
{
	struct vtime_queue q = { 0 };
	int got[N];

	put(&q, 0, UINT64_MAX - 5);   /* before the wrap ... */
	put(&q, 1, 3);                /* ... so 9 units before this one */
	put(&q, 2, UINT64_MAX);
	CHECK_EQ(3, walk(&q, got));
	CHECK_EQ(0, got[0]);
	CHECK_EQ(2, got[1]);
	CHECK_EQ(1, got[2]);
}

UNIT_TEST(remove_keeps_the_rest_in_order_and_counts)
{
	struct vtime_queue q = { 0 };
	const char *why = "";
	int got[N];

	for (int i = 0; i < N; i++)
		put(&q, i, (uint64_t)(N - i) * 10);
	vtime_queue_remove(&q, node(5));   /* the first */
	vtime_queue_remove(&q, node(2));   /* one in the middle */
	CHECK_EQ(4u, q.nr);
	CHECK_EQ(4, walk(&q, got));
	CHECK_EQ(4, got[0]);
	CHECK_EQ(3, got[1]);
	CHECK_EQ(1, got[2]);
	CHECK_EQ(0, got[3]);
	CHECK_EQ(0, vtime_queue_check(&q, &why));
}

UNIT_TEST(check_catches_a_node_out_of_order_and_a_wrong_count)
{
	struct vtime_queue q = { 0 };
	const char *why = "";

	for (int i = 0; i < N; i++)
		put(&q, i, (uint64_t)i * 10);
	node(2)->vtime = 1000;            /* changed while queued */
	CHECK_EQ(-1, vtime_queue_check(&q, &why));
	CHECK(strcmp(why, "has a node out of vtime order") == 0);
	node(2)->vtime = 20;
	q.nr++;
	CHECK_EQ(-1, vtime_queue_check(&q, &why));
	CHECK(strcmp(why, "counts a wrong number of nodes") == 0);
}
