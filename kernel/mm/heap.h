/*
 * heap.h - kmalloc/kfree: a first-fit allocator with boundary tags that
 * coalesces free neighbours.  Portable: the same code is unit-tested on the
 * host (tests/unit/test_heap.c) with a malloc-backed page source.
 */
#ifndef NICKEL_HEAP_H
#define NICKEL_HEAP_H
#include <stddef.h>
#include <stdint.h>

/* Where a heap gets more memory: `bytes` (a multiple of the chunk size). */
typedef void *(*heap_grow_fn)(size_t bytes);

struct heap_stats {
	size_t arena_bytes;      /* obtained from the page source */
	size_t used_bytes;       /* handed out (payloads) */
	size_t free_bytes;       /* on the free list */
	unsigned nr_blocks, nr_free_blocks;
};

void heap_init(heap_grow_fn grow, size_t chunk_bytes);
void *kmalloc(size_t n);               /* 16-byte aligned, NULL when out */
void *kzalloc(size_t n);
void kfree(void *p);
void heap_get_stats(struct heap_stats *s);
int heap_check(void);                  /* 0 when the heap is consistent */

#define HEAP_POISON 0x6b               /* freed bytes, when heap_poison is set */
extern int heap_poison;                /* check=1 (kernel/run.c) */
#endif
