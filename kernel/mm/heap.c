/*
 * heap.c - kmalloc/kfree.  Memory comes in chunks from a page source
 * (the kernel: contiguous frames from the pmm; the host tests: malloc).
 *
 * Every block has a 16-byte header and a 16-byte footer holding its size, so
 * freeing looks at both neighbours in O(1) and merges free ones (boundary
 * tags, after Knuth).  Free blocks sit on one list; allocation is first fit
 * and splits a block when the rest is big enough to be a block itself.
 * Each chunk begins and ends with a zero-size "used" fence, so merging stops
 * at chunk edges.  Lock: heap_lock (kernel builds) around every operation.
 */
#include "mm/heap.h"
#include "lib/list.h"
#include "lib/string.h"

#ifndef NICKEL_HOST
#include "spinlock.h"
static spinlock_t heap_lock = SPINLOCK_INIT("heap");
#define LOCK()   unsigned long lock_flags_ = spin_lock_irqsave(&heap_lock)
#define UNLOCK() spin_unlock_irqrestore(&heap_lock, lock_flags_)
#else
#define LOCK()   do { } while (0)
#define UNLOCK() do { } while (0)
#endif

#define ALIGN 16u
#define HEAP_MAGIC 0x4E4B4C48u          /* "NKLH" */

/* check=1: freed payloads are filled with HEAP_POISON, so a use after
 * free reads 0x6b6b6b6b (a wild pointer, a huge CPU number) and faults at
 * once instead of quietly working on memory the next kmalloc owns. */
int heap_poison;

struct tag {                            /* header and footer are alike */
	uint32_t size;                      /* whole block, tags included */
	uint32_t used;
	uint32_t magic;
	uint32_t pad;
};

struct free_block {
	struct tag head;
	struct list_node node;              /* in the payload while free */
};

#define TAG_BYTES  (2 * sizeof(struct tag))
#define MIN_BLOCK  ((uint32_t)(sizeof(struct free_block) + sizeof(struct tag) + ALIGN - 1) & ~(ALIGN - 1))

static struct list_node free_list = LIST_INIT(free_list);
static heap_grow_fn grow_fn;
static size_t chunk_size;
static struct heap_stats stats;

static struct tag *footer(struct tag *h)
{
	return (struct tag *)((char *)h + h->size - sizeof(struct tag));
}

static void set_block(struct tag *h, uint32_t size, uint32_t used)
{
	struct tag *f;

	h->size = size;
	h->used = used;
	h->magic = HEAP_MAGIC;
	f = footer(h);
	*f = *h;
}

static void free_list_add(struct tag *h)
{
	list_add_head(&((struct free_block *)h)->node, &free_list);
	stats.nr_free_blocks++;
	stats.free_bytes += h->size;
}

static void free_list_remove(struct tag *h)
{
	list_del(&((struct free_block *)h)->node);
	stats.nr_free_blocks--;
	stats.free_bytes -= h->size;
}

void heap_init(heap_grow_fn grow, size_t chunk_bytes)
{
	grow_fn = grow;
	chunk_size = chunk_bytes;
	list_init(&free_list);
	memset(&stats, 0, sizeof(stats));
}

/* Get a new chunk of at least `need` bytes: fence, one free block, fence. */
static int add_chunk(size_t need)
{
	size_t bytes = chunk_size;
	char *mem;
	struct tag *fence_lo, *block, *fence_hi;

	while (bytes < need + 2 * sizeof(struct tag))
		bytes += chunk_size;
	mem = grow_fn ? grow_fn(bytes) : 0;
	if (!mem)
		return -1;
	fence_lo = (struct tag *)mem;
	fence_lo->size = sizeof(struct tag); fence_lo->used = 1;
	fence_lo->magic = HEAP_MAGIC;
	block = fence_lo + 1;
	set_block(block, (uint32_t)(bytes - 2 * sizeof(struct tag)), 0);
	fence_hi = (struct tag *)(mem + bytes - sizeof(struct tag));
	fence_hi->size = sizeof(struct tag); fence_hi->used = 1;
	fence_hi->magic = HEAP_MAGIC;
	stats.arena_bytes += bytes;
	stats.nr_blocks++;
	free_list_add(block);
	return 0;
}

static struct tag *find_fit(uint32_t size)
{
	struct list_node *n;

	list_for_each(n, &free_list) {
		struct tag *h = &list_entry(n, struct free_block, node)->head;
		if (h->size >= size)
			return h;
	}
	return 0;
}

void *kmalloc(size_t n)
{
	uint32_t size;
	struct tag *h;

	if (n == 0 || n > 0x10000000)
		return 0;
	size = (uint32_t)((n + TAG_BYTES + ALIGN - 1) & ~(size_t)(ALIGN - 1));
	if (size < MIN_BLOCK)
		size = MIN_BLOCK;
	LOCK();
	h = find_fit(size);
	if (!h && add_chunk(size) == 0)
		h = find_fit(size);
	if (!h) {
		UNLOCK();
		return 0;
	}
	free_list_remove(h);
	if (h->size - size >= MIN_BLOCK) {          /* split off the rest */
		struct tag *rest = (struct tag *)((char *)h + size);
		set_block(rest, h->size - size, 0);
		free_list_add(rest);
		stats.nr_blocks++;
		set_block(h, size, 1);
	} else {
		set_block(h, h->size, 1);
	}
	stats.used_bytes += h->size - TAG_BYTES;
	UNLOCK();
	return h + 1;
}

void *kzalloc(size_t n)
{
	void *p = kmalloc(n);
	if (p)
		memset(p, 0, n);
	return p;
}

void kfree(void *p)
{
	struct tag *h, *next, *prev_foot;

	if (!p)
		return;
	h = (struct tag *)p - 1;
	if (h->magic != HEAP_MAGIC || !h->used || footer(h)->size != h->size)
		return;                                  /* not ours, or double free */
	LOCK();
	stats.used_bytes -= h->size - TAG_BYTES;
	if (heap_poison)
		memset(p, HEAP_POISON, h->size - TAG_BYTES);
	set_block(h, h->size, 0);
	next = (struct tag *)((char *)h + h->size);
	if (!next->used) {                           /* merge with the next block */
		free_list_remove(next);
		set_block(h, h->size + next->size, 0);
		stats.nr_blocks--;
	}
	prev_foot = h - 1;
	if (!prev_foot->used) {                      /* merge into the previous */
		struct tag *prev = (struct tag *)((char *)h - prev_foot->size);
		free_list_remove(prev);
		set_block(prev, prev->size + h->size, 0);
		stats.nr_blocks--;
		h = prev;
	}
	free_list_add(h);
	UNLOCK();
}

void heap_get_stats(struct heap_stats *s)
{
	*s = stats;
}

/* Free list entries are free, well-formed, and never adjacent to another. */
int heap_check(void)
{
	struct list_node *n;
	size_t free_bytes = 0;
	unsigned count = 0;

	list_for_each(n, &free_list) {
		struct tag *h = &list_entry(n, struct free_block, node)->head;
		struct tag *next = (struct tag *)((char *)h + h->size);
		if (h->magic != HEAP_MAGIC || h->used || footer(h)->size != h->size)
			return -1;
		if (!next->used || !(h - 1)->used)
			return -2;                   /* two free blocks side by side */
		free_bytes += h->size;
		count++;
	}
	if (free_bytes != stats.free_bytes || count != stats.nr_free_blocks)
		return -3;
	return 0;
}
