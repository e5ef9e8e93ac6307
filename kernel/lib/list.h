/*
 * list.h - circular doubly linked lists with the node inside the object.
 *
 * Portable: used by the kernel and by host builds (unit tests, schedsim).
 * An empty list is a head whose next and prev point to itself.  Nothing here
 * locks: the owner of the list documents which lock protects it.
 */
#ifndef NICKEL_LIST_H
#define NICKEL_LIST_H

#include <stddef.h>

struct list_node {
	struct list_node *next, *prev;
};

#define LIST_INIT(name) { &(name), &(name) }

/* The object that contains a member `member` at address ptr. */
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define list_entry(node, type, member) container_of(node, type, member)

static inline void list_init(struct list_node *head)
{
	head->next = head;
	head->prev = head;
}

static inline int list_empty(const struct list_node *head)
{
	return head->next == head;
}

/* Insert n between a and b (a->next == b). */
static inline void list_insert_between(struct list_node *n,
				       struct list_node *a, struct list_node *b)
{
	n->prev = a;
	n->next = b;
	a->next = n;
	b->prev = n;
}

/* Add n at the tail of head (FIFO order). */
static inline void list_add_tail(struct list_node *n, struct list_node *head)
{
	list_insert_between(n, head->prev, head);
}

/* Add n at the front of head. */
static inline void list_add_head(struct list_node *n, struct list_node *head)
{
	list_insert_between(n, head, head->next);
}

/* Add n just before node `before` (which is on some list). */
static inline void list_add_before(struct list_node *n, struct list_node *before)
{
	list_insert_between(n, before->prev, before);
}

/* Unlink n; n is left pointing at itself so that a second delete is harmless. */
static inline void list_del(struct list_node *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n;
	n->prev = n;
}

#define list_first_entry(head, type, member) \
	list_entry((head)->next, type, member)

#define list_for_each(pos, head) \
	for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

/* Safe against deleting pos while walking. */
#define list_for_each_safe(pos, tmp, head) \
	for ((pos) = (head)->next, (tmp) = (pos)->next; (pos) != (head); \
	     (pos) = (tmp), (tmp) = (pos)->next)

#endif
