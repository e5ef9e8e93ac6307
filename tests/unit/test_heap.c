/*
 * test_heap.c - kmalloc/kfree on the host (kernel/mm/heap.c, unchanged), with a
 * malloc-backed page source that can be told to run dry.
 */
#include "unit.h"
#include "mm/heap.h"
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static int chunks_left;

static void *grow(size_t bytes)
{
	if (chunks_left-- <= 0)
		return NULL;
	return aligned_alloc(4096, bytes);   /* leaked on purpose: a test arena */
}

static void fresh_heap(int chunks)
{
	chunks_left = chunks;
	heap_init(grow, 65536);
}

UNIT_TEST(kmalloc_returns_16_byte_aligned_distinct_blocks)
{
	char *a, *b;

	fresh_heap(4);
	a = kmalloc(1);
	b = kmalloc(100);
	CHECK(a && b);
	CHECK_EQ(0, (uintptr_t)a % 16);
	CHECK_EQ(0, (uintptr_t)b % 16);
	CHECK(b >= a + 1 || a >= b + 100);
	memset(a, 0xAA, 1);
	memset(b, 0xBB, 100);
	CHECK_EQ(0xAA, (unsigned char)a[0]);
	CHECK_EQ(0, heap_check());
}

UNIT_TEST(free_merges_neighbours_back_into_one_block)
{
	struct heap_stats s0, s1;
	void *p[10];
	int i;

	fresh_heap(4);
	kfree(kmalloc(16));                    /* make the first chunk */
	heap_get_stats(&s0);
	CHECK_EQ(1, s0.nr_free_blocks);
	for (i = 0; i < 10; i++)
		p[i] = kmalloc(200);
	for (i = 0; i < 10; i += 2)            /* free every other one first */
		kfree(p[i]);
	CHECK_EQ(0, heap_check());
	for (i = 1; i < 10; i += 2)
		kfree(p[i]);
	heap_get_stats(&s1);
	CHECK_EQ(1, s1.nr_free_blocks);        /* all merged again */
	CHECK_EQ(s0.free_bytes, s1.free_bytes);
	CHECK_EQ(0, s1.used_bytes);
	CHECK_EQ(0, heap_check());
}

UNIT_TEST(large_request_grows_by_several_chunks)
{
	char *big;

	fresh_heap(8);
	big = kmalloc(200000);                 /* > 3 chunks of 64 KiB */
	CHECK(big != NULL);
	memset(big, 1, 200000);
	CHECK_EQ(0, heap_check());
	kfree(big);
	CHECK_EQ(0, heap_check());
}

UNIT_TEST(out_of_memory_gives_null_and_heap_stays_usable)
{
	void *p;
	int n = 0;

	fresh_heap(1);
	while ((p = kmalloc(1000)) != NULL)
		n++;
	CHECK(n >= 60 && n <= 66);             /* 64 KiB / ~1 KiB blocks */
	CHECK(kmalloc(0) == NULL);
	CHECK_EQ(0, heap_check());
}

UNIT_TEST(double_free_and_foreign_pointer_are_ignored)
{
	struct heap_stats s0, s1;
	char *a, local[64] = { 0 };

	fresh_heap(2);
	a = kmalloc(50);
	kfree(a);
	heap_get_stats(&s0);
	kfree(a);                              /* second free: no change */
	kfree(local + 16);                     /* not a heap block */
	heap_get_stats(&s1);
	CHECK_EQ(s0.free_bytes, s1.free_bytes);
	CHECK_EQ(s0.nr_free_blocks, s1.nr_free_blocks);
	CHECK_EQ(0, heap_check());
}

UNIT_TEST(random_alloc_free_keeps_accounting_exact)
{
	void *p[256] = { 0 };
	size_t sz[256] = { 0 };
	struct heap_stats s;
	unsigned seed = 12345, i, step;

	fresh_heap(64);
	for (step = 0; step < 20000; step++) {
		seed = seed * 1103515245 + 12345;
		i = (seed >> 8) % 256;
		if (p[i]) {
			kfree(p[i]);
			p[i] = NULL;
		} else {
			sz[i] = 1 + (seed >> 16) % 3000;
			p[i] = kmalloc(sz[i]);
			CHECK(p[i] != NULL);
			memset(p[i], (int)i, sz[i]);
		}
	}
	CHECK_EQ(0, heap_check());
	for (i = 0; i < 256; i++)
		if (p[i]) {
			CHECK_EQ((unsigned char)i, ((unsigned char *)p[i])[sz[i] - 1]);
			kfree(p[i]);
		}
	heap_get_stats(&s);
	CHECK_EQ(0, s.used_bytes);
	CHECK_EQ(0, heap_check());
}

/* check=1's heap_poison: a freed payload reads 0x6b past the free-list
 * links kept at its start (a use after free sees a wild pointer), and the
 * heap stays consistent; without it the old bytes stay. */
UNIT_TEST(heap_poison_fills_freed_payload_with_0x6b)
{
	unsigned char *keep, *p;
	size_t i, off = 2 * sizeof(void *);   /* the free-list node's links */

	fresh_heap(4);
	keep = kmalloc(64);                   /* neighbours stay in use: no merge */
	p = kmalloc(256);
	CHECK(kmalloc(64) != NULL);
	memset(p, 0x11, 256);
	heap_poison = 1;
	kfree(p);
	heap_poison = 0;
	for (i = off; i < 256; i++)
		CHECK_EQ(HEAP_POISON, p[i]);
	CHECK_EQ(0, heap_check());
	p = kmalloc(256);
	memset(p, 0x22, 256);
	kfree(p);
	CHECK_EQ(0x22, p[255]);
	CHECK(keep != NULL);
}
