/*
 * vtime_queue.h - a queue a policy creates and owns, ordered by virtual
 * time (sched_ext's vtime-ordered dispatch queue: scx_bpf_dsq_insert_vtime
 * and p->scx.dsq_vtime).  The least vtime first; equal ones in the order
 * they came (FIFO).  Vtimes are compared by signed difference, so they may
 * wrap (Linux: entity_before).  A red-black tree underneath
 * (kernel/lib/rbtree.h): insert and remove are O(log n).
 *
 * A policy puts a struct vtime_queue per CPU in its run-queue area
 * (POLICY_RQ) and a struct vtime_node first in its per-task struct
 * (POLICY_DATA; vtime_task finds the task from there).  The node's vtime
 * is the task's place; cfs.c and eevdf.c keep their vruntime in it.  It
 * must not change while the task is queued: remove, change, insert.
 *
 * Header only, as rbtree.h, so that every build of the scheduler (kernel,
 * host tests, simulator, labs) has it.  Locking: the queue belongs to its
 * run queue's lock, which every hook holds.
 */
#ifndef NICKEL_SCHED_VTIME_QUEUE_H
#define NICKEL_SCHED_VTIME_QUEUE_H

#include "sched.h"
#include "lib/rbtree.h"

struct vtime_node {
	struct rb_node rb;
	uint64_t vtime;               /* the task's place (its vruntime) */
};

struct vtime_queue {
	struct rb_root tree;
	unsigned int nr;              /* nodes queued */
};

/* a before b, wrapping (Linux: entity_before). */
static inline bool vtime_before(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b) < 0;
}

static inline struct vtime_node *vtime_node_of(struct rb_node *rb)
{
	return rb ? rb_entry(rb, struct vtime_node, rb) : NULL;
}

/* The task whose policy area starts with node n; NULL for none. */
static inline struct sched_task *vtime_task(const struct vtime_node *n)
{
	return n ? (struct sched_task *)((char *)n - offsetof(struct sched_task, policy_data))
		 : NULL;
}

/* n goes in at its vtime, after every node of an equal one.  The _aug
 * calls are for a queue whose nodes keep an augmented value (rbtree.h;
 * eevdf: the least deadline below), update recomputing one node's. */
static inline void vtime_queue_insert_aug(struct vtime_queue *q, struct vtime_node *n,
					  rb_update_fn update)
{
	struct rb_node **link = &q->tree.node, *parent = NULL;

	while (*link) {
		parent = *link;
		if (vtime_before(n->vtime, vtime_node_of(parent)->vtime))
			link = &parent->left;
		else
			link = &parent->right;
	}
	rb_link(&n->rb, parent, link);
	rb_insert_augmented(&q->tree, &n->rb, update);
	q->nr++;
}

static inline void vtime_queue_remove_aug(struct vtime_queue *q, struct vtime_node *n,
					  rb_update_fn update)
{
	rb_erase_augmented(&q->tree, &n->rb, update);
	q->nr--;
}

static inline void vtime_queue_insert(struct vtime_queue *q, struct vtime_node *n)
{
	vtime_queue_insert_aug(q, n, NULL);
}

static inline void vtime_queue_remove(struct vtime_queue *q, struct vtime_node *n)
{
	rb_erase(&q->tree, &n->rb);
	q->nr--;
}

/* The walk in vtime order, first to next, or last to prev; NULL at the end. */
static inline struct vtime_node *vtime_first(const struct vtime_queue *q)
{
	return vtime_node_of(rb_first(&q->tree));
}

static inline struct vtime_node *vtime_next(const struct vtime_node *n)
{
	return vtime_node_of(rb_next(&n->rb));
}

static inline struct vtime_node *vtime_last(const struct vtime_queue *q)
{
	return vtime_node_of(rb_last(&q->tree));
}

static inline struct vtime_node *vtime_prev(const struct vtime_node *n)
{
	return vtime_node_of(rb_prev(&n->rb));
}

/* For check=1 and the tests: the red-black rules, the vtimes in order and
 * nr right.  0, or -1 with the broken rule in *why. */
static inline int vtime_queue_check(const struct vtime_queue *q, const char **why)
{
	const struct vtime_node *n, *last = NULL;
	unsigned int count = 0;

	if (!rb_check(&q->tree))
		return *why = "breaks the red-black rules", -1;
	for (n = vtime_first(q); n; last = n, n = vtime_next(n), count++)
		if (last && vtime_before(n->vtime, last->vtime))
			return *why = "has a node out of vtime order", -1;
	if (count != q->nr)
		return *why = "counts a wrong number of nodes", -1;
	return 0;
}

#endif
