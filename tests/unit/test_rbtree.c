/*
 * test_rbtree.c - kernel/lib/rbtree.h: after every insert and erase of a
 * random workload the tree keeps the red-black rules and parent links
 * (rb_check), holds exactly the keys of a reference array, in order, and
 * stays within 2 log2(n+1) high; augmented (each node keeping the least
 * value of its subtree, as eevdf keeps deadlines), every node's value is
 * its subtree's minimum, recomputed from scratch, after every step.
 */
#include "unit.h"
#include "lib/rbtree.h"

#include <stdlib.h>

#define N 2000

struct item {
	struct rb_node node;
	int key;
	int in;
	int value, min;          /* augmented: min is the least value below */
};

static struct item items[N];
static struct rb_root root;
static unsigned int seed = 7;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 8) % n;
}

static struct item *item_of(struct rb_node *n)
{
	return rb_entry(n, struct item, node);
}

/* The augmentation's update: min from the node and its children's. */
static void update_min(struct rb_node *n)
{
	int m = item_of(n)->value;

	if (n->left && item_of(n->left)->min < m)
		m = item_of(n->left)->min;
	if (n->right && item_of(n->right)->min < m)
		m = item_of(n->right)->min;
	item_of(n)->min = m;
}

/* With update NULL: the plain tree. */
static void insert_aug(struct item *it, rb_update_fn update)
{
	struct rb_node **link = &root.node, *parent = NULL;

	while (*link) {
		parent = *link;
		link = it->key < rb_entry(parent, struct item, node)->key ?
			&parent->left : &parent->right;
	}
	rb_link(&it->node, parent, link);
	if (update)
		rb_insert_augmented(&root, &it->node, update);
	else
		rb_insert_color(&root, &it->node);
	it->in = 1;
}

static void insert(struct item *it)
{
	insert_aug(it, NULL);
}

/* 2 log2(n + 1), rounded up: the red-black height bound. */
static int bound(int n)
{
	int b = 0;

	while ((1 << b) < n + 1)
		b++;
	return 2 * b;
}

static int height(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 0;
	l = height(n->left);
	r = height(n->right);
	return 1 + (l > r ? l : r);
}

/* In-order walk: sorted, and exactly the items marked in; the walk back
 * (rb_last, rb_prev) meets them in reverse order. */
static int matches(void)
{
	struct rb_node *n;
	int count = 0, back = 0, in = 0, last = -1, i;

	for (n = rb_first(&root); n; n = rb_next(n)) {
		struct item *it = rb_entry(n, struct item, node);

		if (!it->in || it->key < last)
			return 0;
		last = it->key;
		count++;
	}
	for (n = rb_last(&root); n; n = rb_prev(n), back++) {
		if (rb_entry(n, struct item, node)->key > last)
			return 0;
		last = rb_entry(n, struct item, node)->key;
	}
	for (i = 0; i < N; i++)
		in += items[i].in;
	return count == in && back == count;
}

UNIT_TEST(random_inserts_and_erases_keep_the_rules_and_the_keys)
{
	int step, i, n = 0;

	root.node = NULL;
	for (i = 0; i < N; i++)
		items[i] = (struct item){ .key = (int)rnd(500) };  /* duplicates too */
	for (step = 0; step < 20000; step++) {
		struct item *it = &items[rnd(N)];

		if (it->in) {
			rb_erase(&root, &it->node);
			it->in = 0;
			n--;
		} else {
			insert(it);
			n++;
		}
		if (!rb_check(&root)) {
			unit_fail(__FILE__, __LINE__, "red-black rules broken at step %d", step);
			return;
		}
		if (step % 97 == 0)
			CHECK(matches());
		CHECK(height(root.node) <= bound(n));
	}
	CHECK(matches());
}

/* The least value below n, from the values alone (not the stored mins). */
static int true_min(const struct rb_node *n)
{
	int m, c;

	m = rb_entry(n, struct item, node)->value;
	if (n->left && (c = true_min(n->left)) < m)
		m = c;
	if (n->right && (c = true_min(n->right)) < m)
		m = c;
	return m;
}

/* A node whose min is not its subtree's, or NULL. */
static struct item *wrong_min(struct rb_node *n)
{
	struct item *bad;

	if (!n)
		return NULL;
	if ((bad = wrong_min(n->left)) || (bad = wrong_min(n->right)))
		return bad;
	return item_of(n)->min == true_min(n) ? NULL : item_of(n);
}

UNIT_TEST(augmented_every_subtree_min_holds_through_random_inserts_and_erases)
{
	struct item *bad;
	int step, i, n = 0;

	root.node = NULL;
	seed = 99;
	for (i = 0; i < N; i++)
		items[i] = (struct item){ .key = (int)rnd(500), .value = (int)rnd(100000) };
	for (step = 0; step < 6000; step++) {
		struct item *it = &items[rnd(N)];

		if (it->in) {
			rb_erase_augmented(&root, &it->node, update_min);
			it->in = 0;
			n--;
		} else {
			insert_aug(it, update_min);
			n++;
		}
		if (!rb_check(&root)) {
			unit_fail(__FILE__, __LINE__, "red-black rules broken at step %d", step);
			return;
		}
		if ((bad = wrong_min(root.node))) {
			unit_fail(__FILE__, __LINE__, "step %d (%d nodes): key %d keeps min %d, "
				  "expected %d", step, n, bad->key, bad->min, true_min(&bad->node));
			return;
		}
	}
	CHECK(matches());
	CHECK(n > 500);                     /* a tree of some height was tested */
}

/* The same check fails on one wrong min (and the plain calls keep none). */
UNIT_TEST(augmented_check_catches_one_stale_min)
{
	struct rb_node *leaf;
	int i;

	root.node = NULL;
	for (i = 0; i < 31; i++) {
		items[i] = (struct item){ .key = i, .value = 100 - i };
		insert_aug(&items[i], update_min);
	}
	CHECK(wrong_min(root.node) == NULL);
	CHECK_EQ(70, item_of(root.node)->min);
	for (leaf = root.node; leaf->left; leaf = leaf->left)
		;
	item_of(leaf)->value = 5;          /* changed without rb_propagate */
	CHECK(wrong_min(root.node) != NULL);
	rb_propagate(leaf, update_min);
	CHECK(wrong_min(root.node) == NULL);
	CHECK_EQ(5, item_of(root.node)->min);
}

UNIT_TEST(ascending_inserts_stay_balanced_and_erase_to_empty)
{
	int i;

	root.node = NULL;
	for (i = 0; i < 1023; i++) {
		items[i] = (struct item){ .key = i };
		insert(&items[i]);
	}
	CHECK(rb_check(&root));
	CHECK(height(root.node) <= 2 * 10);     /* a list would be 1023 high */
	CHECK_EQ(0, rb_entry(rb_first(&root), struct item, node)->key);
	for (i = 0; i < 1023; i += 2) {
		rb_erase(&root, &items[i].node);
		items[i].in = 0;
	}
	CHECK(rb_check(&root));
	CHECK_EQ(1, rb_entry(rb_first(&root), struct item, node)->key);
	for (i = 1; i < 1023; i += 2)
		rb_erase(&root, &items[i].node);
	CHECK(root.node == NULL);
}

/* A checker that cannot fail proves nothing: break each rule once. */
UNIT_TEST(rb_check_catches_a_red_root_a_red_pair_and_a_bad_parent)
{
	struct rb_node *leaf;
	int i;

	root.node = NULL;
	for (i = 0; i < 7; i++) {
		items[i] = (struct item){ .key = i };
		insert(&items[i]);
	}
	CHECK(rb_check(&root));
	root.node->red = true;
	CHECK(!rb_check(&root));
	root.node->red = false;
	for (leaf = root.node; leaf->right; leaf = leaf->right)
		;
	CHECK(leaf->red);                  /* ascending inserts: a red leaf */
	leaf->parent->red = true;          /* and now its parent too */
	CHECK(!rb_check(&root));
	leaf->parent->red = false;
	CHECK(rb_check(&root));
	leaf->parent = root.node;          /* a wrong parent link */
	CHECK(!rb_check(&root));
}
