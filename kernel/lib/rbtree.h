/*
 * rbtree.h - a red-black tree, intrusive (the node lives in the item, as
 * Linux's struct rb_node), for queues ordered by a key (cfs: vruntime).
 *
 * The caller finds the leaf where a new node goes (it knows the key, the
 * tree does not), links it there with rb_link and calls rb_insert_color;
 * rb_erase takes any node out.  Both are O(log n) and rebalance with the
 * rules of Cormen et al., "Introduction to Algorithms", chapter 13:
 *   1. every node is red or black, the root black;
 *   2. a red node has no red child;
 *   3. every path from a node down to a leaf has the same number of black
 *      nodes.
 * So the longest path is at most twice the shortest: height <= 2 log2(n+1).
 * rb_check verifies all three (and the parent links) for the tests.
 *
 * Augmentation (CLRS 14.2; Linux: RB_DECLARE_CALLBACKS): a node may also
 * keep a value computed from its own item and its children's values
 * alone (eevdf: the least deadline in its subtree).  By CLRS's theorem
 * 14.1 that value stays right in O(log n): recompute it on the path up
 * from where insert or erase changed the tree, and at the two nodes of
 * every rotation.  The caller gives update(n), which recomputes n's value
 * from n and its children; the plain calls pass NULL and keep none (cfs).
 *
 * Header only, so that every build of the scheduler (kernel, host tests,
 * simulator, labs) has it without a new source file.  No locking: the
 * tree belongs to its owner's lock (a run queue's).
 */
#ifndef NICKEL_LIB_RBTREE_H
#define NICKEL_LIB_RBTREE_H

#include <stddef.h>
#include <stdbool.h>

struct rb_node {
	struct rb_node *parent, *left, *right;
	bool red;
};

struct rb_root {
	struct rb_node *node;      /* NULL: empty */
};

/* Recomputes n's augmented value from n and its children's values. */
typedef void (*rb_update_fn)(struct rb_node *n);

#define rb_entry(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

static inline bool rb_is_red(const struct rb_node *n)
{
	return n && n->red;
}

/* parent's link to old (or the root's) now points to new. */
static inline void rb_change_child(struct rb_root *root, struct rb_node *parent,
				   struct rb_node *old, struct rb_node *new)
{
	if (!parent)
		root->node = new;
	else if (parent->left == old)
		parent->left = new;
	else
		parent->right = new;
}

/* x's right child y takes x's place; x becomes y's left child.  Only
 * their subtrees change: y's now holds what x's held, x's less (update x,
 * below, first). */
static inline void rb_rotate_left(struct rb_root *root, struct rb_node *x, rb_update_fn update)
{
	struct rb_node *y = x->right, *p = x->parent;

	x->right = y->left;
	if (y->left)
		y->left->parent = x;
	y->left = x;
	x->parent = y;
	y->parent = p;
	rb_change_child(root, p, x, y);
	if (update) {
		update(x);
		update(y);
	}
}

static inline void rb_rotate_right(struct rb_root *root, struct rb_node *x, rb_update_fn update)
{
	struct rb_node *y = x->left, *p = x->parent;

	x->left = y->right;
	if (y->right)
		y->right->parent = x;
	y->right = x;
	x->parent = y;
	y->parent = p;
	rb_change_child(root, p, x, y);
	if (update) {
		update(x);
		update(y);
	}
}

/* Put n at the leaf *link below parent (NULL parent: the root). */
static inline void rb_link(struct rb_node *n, struct rb_node *parent, struct rb_node **link)
{
	n->parent = parent;
	n->left = n->right = NULL;
	n->red = true;
	*link = n;
}

/* From n up to the root: each node's augmented value again (n's subtree
 * changed, so did every ancestor's). */
static inline void rb_propagate(struct rb_node *n, rb_update_fn update)
{
	for (; n; n = n->parent)
		update(n);
}

/* After rb_link: repaint and rotate until rule 2 holds again (CLRS
 * RB-INSERT-FIXUP: a red uncle moves the problem up, a black one ends it
 * with one or two rotations).  Augmented: the path up knows z first. */
static inline void rb_insert_augmented(struct rb_root *root, struct rb_node *z,
				       rb_update_fn update)
{
	struct rb_node *p, *g, *u;

	if (update)
		rb_propagate(z, update);

	while ((p = z->parent) && p->red) {
		g = p->parent;                  /* p is red, so not the root */
		u = p == g->left ? g->right : g->left;
		if (rb_is_red(u)) {
			p->red = u->red = false;
			g->red = true;
			z = g;
			continue;
		}
		if (p == g->left) {
			if (z == p->right) {
				rb_rotate_left(root, p, update);
				z = p;
				p = z->parent;
			}
			rb_rotate_right(root, g, update);
		} else {
			if (z == p->left) {
				rb_rotate_right(root, p, update);
				z = p;
				p = z->parent;
			}
			rb_rotate_left(root, g, update);
		}
		p->red = false;
		g->red = true;
	}
	root->node->red = false;
}

static inline void rb_insert_color(struct rb_root *root, struct rb_node *z)
{
	rb_insert_augmented(root, z, NULL);
}

/* v (maybe NULL) takes u's place under u's parent. */
static inline void rb_transplant(struct rb_root *root, struct rb_node *u, struct rb_node *v)
{
	rb_change_child(root, u->parent, u, v);
	if (v)
		v->parent = u->parent;
}

/* CLRS RB-DELETE-FIXUP: x (maybe NULL, child of xp) carries an extra
 * black; push it up or end it with rotations at its sibling w. */
static inline void rb_erase_color(struct rb_root *root, struct rb_node *x, struct rb_node *xp,
				  rb_update_fn update)
{
	struct rb_node *w;

	while (x != root->node && !rb_is_red(x)) {
		if (x == xp->left) {
			w = xp->right;
			if (w->red) {
				w->red = false;
				xp->red = true;
				rb_rotate_left(root, xp, update);
				w = xp->right;
			}
			if (!rb_is_red(w->left) && !rb_is_red(w->right)) {
				w->red = true;
				x = xp;
				xp = x->parent;
				continue;
			}
			if (!rb_is_red(w->right)) {
				w->left->red = false;
				w->red = true;
				rb_rotate_right(root, w, update);
				w = xp->right;
			}
			w->red = xp->red;
			xp->red = false;
			w->right->red = false;
			rb_rotate_left(root, xp, update);
		} else {
			w = xp->left;
			if (w->red) {
				w->red = false;
				xp->red = true;
				rb_rotate_right(root, xp, update);
				w = xp->left;
			}
			if (!rb_is_red(w->left) && !rb_is_red(w->right)) {
				w->red = true;
				x = xp;
				xp = x->parent;
				continue;
			}
			if (!rb_is_red(w->left)) {
				w->right->red = false;
				w->red = true;
				rb_rotate_left(root, w, update);
				w = xp->left;
			}
			w->red = xp->red;
			xp->red = false;
			w->left->red = false;
			rb_rotate_right(root, xp, update);
		}
		x = root->node;
		break;
	}
	if (x)
		x->red = false;
}

static inline struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->node;

	while (n && n->left)
		n = n->left;
	return n;
}

/* The node after n in key order, NULL at the end. */
static inline struct rb_node *rb_next(const struct rb_node *n)
{
	struct rb_node *p;

	if (n->right) {
		n = n->right;
		while (n->left)
			n = n->left;
		return (struct rb_node *)n;
	}
	while ((p = n->parent) && n == p->right)
		n = p;
	return p;
}

/* The last node and the node before n: rb_first and rb_next mirrored
 * (cfs and eevdf offer the balancer their tasks from the right). */
static inline struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *n = root->node;

	while (n && n->right)
		n = n->right;
	return n;
}

static inline struct rb_node *rb_prev(const struct rb_node *n)
{
	struct rb_node *p;

	if (n->left) {
		n = n->left;
		while (n->right)
			n = n->right;
		return (struct rb_node *)n;
	}
	while ((p = n->parent) && n == p->left)
		n = p;
	return p;
}

/* Take z out (CLRS RB-DELETE: a node with two children swaps places with
 * its successor y, which has no left child).  Then *x (maybe NULL) is the
 * node in the removed one's place, *xp its parent: the lowest node whose
 * subtree changed (z's parent, or y's old one, or y), the path up from it
 * passing y in z's place.  True when a black node left that path. */
static inline bool rb_unlink(struct rb_root *root, struct rb_node *z,
			     struct rb_node **xo, struct rb_node **xpo)
{
	struct rb_node *x, *xp, *y;
	bool black = !z->red;

	if (!z->left || !z->right) {
		x = z->left ? z->left : z->right;
		xp = z->parent;
		rb_transplant(root, z, x);
	} else {
		y = z->right;
		while (y->left)
			y = y->left;
		black = !y->red;
		x = y->right;
		if (y->parent == z) {
			xp = y;
		} else {
			xp = y->parent;
			rb_transplant(root, y, y->right);
			y->right = z->right;
			y->right->parent = y;
		}
		rb_transplant(root, z, y);
		y->left = z->left;
		y->left->parent = y;
		y->red = z->red;
	}
	z->parent = z->left = z->right = NULL;
	*xo = x;
	*xpo = xp;
	return black;
}

static inline void rb_erase(struct rb_root *root, struct rb_node *z)
{
	struct rb_node *x, *xp;

	if (rb_unlink(root, z, &x, &xp))
		rb_erase_color(root, x, xp, NULL);
}

/* Augmented: the path up from xp first, then the fixup's rotations. */
static inline void rb_erase_augmented(struct rb_root *root, struct rb_node *z,
				      rb_update_fn update)
{
	struct rb_node *x, *xp;
	bool black = rb_unlink(root, z, &x, &xp);

	rb_propagate(xp, update);
	if (black)
		rb_erase_color(root, x, xp, update);
}

/* Rules 1-3 and the parent links below n; returns the black height, or
 * -1 when a rule is broken.  O(n): for tests and self-checks. */
static inline int rb_check_below(const struct rb_node *n, const struct rb_node *parent)
{
	int l, r;

	if (!n)
		return 1;
	if (n->parent != parent)
		return -1;
	if (n->red && (rb_is_red(n->left) || rb_is_red(n->right)))
		return -1;
	l = rb_check_below(n->left, n);
	r = rb_check_below(n->right, n);
	if (l < 0 || l != r)
		return -1;
	return l + !n->red;
}

static inline bool rb_check(const struct rb_root *root)
{
	return !rb_is_red(root->node) && rb_check_below(root->node, NULL) >= 0;
}

#endif
