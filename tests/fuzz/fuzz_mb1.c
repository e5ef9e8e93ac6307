/*
 * fuzz_mb1.c - the multiboot 1 memory information (kernel/boot/mb_mem.c) on
 * any bytes: the first 68 bytes are the multiboot_info structure, the rest
 * is physical memory from address 0, where mmap_addr points.  The walk may
 * read only inside the map the loader declared, must move forward at every
 * entry, and every RAM range it reports must end after it starts; the
 * top of RAM below 4 GiB (mb_ram_top) is at most 4 GiB.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "boot/mb_mem.h"

#define ENTRY 24                        /* size field + addr, len, type */

static const uint8_t *mem;
static size_t mem_len;
static const struct multiboot_info *info;
static uint32_t last_read;
static int reads;

static const void *map(uint32_t phys)
{
	static const uint8_t zeros[ENTRY];
	uint32_t start = info->mmap_addr, len = info->mmap_length;

	if (phys < start || phys - start > len || len - (phys - start) < ENTRY)
		abort();                        /* read outside the declared map */
	if (reads++ && phys <= last_read)
		abort();                        /* the walk did not move forward */
	last_read = phys;
	return phys <= mem_len && mem_len - phys >= ENTRY ? mem + phys : zeros;
}

static void ram(uint64_t start, uint64_t end, void *ctx)
{
	(void)ctx;
	if (end < start)
		abort();                        /* a range that wraps */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct multiboot_info *mb = calloc(1, sizeof(*mb));
	uint8_t *copy;

	memcpy(mb, data, size < sizeof(*mb) ? size : sizeof(*mb));
	mem_len = size > sizeof(*mb) ? size - sizeof(*mb) : 0;
	copy = malloc(mem_len ? mem_len : 1);
	memcpy(copy, data + (size - mem_len), mem_len);
	mem = copy;
	info = mb;
	reads = 0;
	mb_ram_ranges(mb, map, ram, 0);
	reads = 0;
	if (mb_ram_top(mb, map) > 0x100000000ull)
		abort();                        /* "below 4 GiB" */
	free(copy);
	free(mb);
	return 0;
}
