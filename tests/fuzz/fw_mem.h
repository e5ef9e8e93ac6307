/*
 * fw_mem.h - "physical memory" for the firmware-table harnesses
 * (fuzz_acpi.c, fuzz_mptable.c): a few regions the harness lays out, read
 * by the parsers through their fw_map_fn.  Each map() call gets a fresh
 * heap copy of exactly the bytes it asked for, so AddressSanitizer stops a
 * parser that reads one byte more than it mapped (the kernel's ioremap
 * maps whole pages and would not notice).  fw_mem_reset() frees them all.
 */
#ifndef FUZZ_FW_MEM_H
#define FUZZ_FW_MEM_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FW_REGIONS 16
#define FW_COPIES  4096

struct fw_region { uint32_t phys, len; uint8_t *bytes; };

static struct fw_region fw_region[FW_REGIONS];
static int fw_nr_regions;
static uint32_t fw_lowest = ~0u;        /* no region starts below it: the */
					/* BIOS-area scans skip fast */
static void *fw_copy[FW_COPIES];
static int fw_nr_copies;

static inline void fw_mem_reset(void)
{
	while (fw_nr_copies)
		free(fw_copy[--fw_nr_copies]);
	while (fw_nr_regions)
		free(fw_region[--fw_nr_regions].bytes);
	fw_lowest = ~0u;
}

/* A region of len bytes at phys, filled from src (zeros past src_len). */
static uint8_t *fw_mem_add(uint32_t phys, uint32_t len, const uint8_t *src, size_t src_len)
{
	struct fw_region *r;

	if (fw_nr_regions == FW_REGIONS)
		return 0;
	r = &fw_region[fw_nr_regions++];
	r->phys = phys;
	r->len = len;
	if (phys < fw_lowest)
		fw_lowest = phys;
	r->bytes = calloc(1, len ? len : 1);
	if (src)
		memcpy(r->bytes, src, src_len < len ? src_len : len);
	return r->bytes;
}

static const void *fw_mem_map(uint32_t phys, uint32_t len, void *ctx)
{
	int i;

	(void)ctx;
	if (phys < fw_lowest)
		return 0;
	for (i = 0; i < fw_nr_regions; i++) {
		struct fw_region *r = &fw_region[i];
		void *copy;

		if (phys < r->phys || phys - r->phys > r->len || len > r->len - (phys - r->phys))
			continue;
		if (fw_nr_copies == FW_COPIES)
			abort();                    /* a parser mapping without end */
		copy = malloc(len ? len : 1);
		memcpy(copy, r->bytes + (phys - r->phys), len);
		fw_copy[fw_nr_copies++] = copy;
		return copy;
	}
	return 0;
}

static inline uint32_t fw_get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void fw_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* Make bytes [p, p + len) sum to 0 by setting the byte at p[at]. */
static inline void fw_fix_checksum(uint8_t *p, uint32_t len, uint32_t at)
{
	uint8_t sum = 0;
	uint32_t i;

	if (at >= len)
		return;
	p[at] = 0;
	for (i = 0; i < len; i++)
		sum += p[i];
	p[at] = (uint8_t)-sum;
}

/* The input as a list of blobs, each a 16-bit little-endian length and its
 * bytes (a short last one is cut).  Returns the number found, at most max. */
static inline int fw_split(const uint8_t *data, size_t size, const uint8_t **blob,
		    uint32_t *blob_len, int max)
{
	int n = 0;

	while (size >= 2 && n < max) {
		uint32_t len = (uint32_t)data[0] | (uint32_t)data[1] << 8;

		data += 2, size -= 2;
		if (len > size)
			len = (uint32_t)size;
		blob[n] = data, blob_len[n++] = len;
		data += len, size -= len;
	}
	return n;
}
#endif
