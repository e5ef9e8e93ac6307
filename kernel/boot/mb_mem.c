/*
 * mb_mem.c - RAM ranges from the multiboot info (mb_mem.h), for the page
 * allocator and the banner's MiB figure.
 */
#include "boot/mb_mem.h"

#define MMAP_ENTRY_MIN 20          /* addr, len, type: size does not count itself */

static enum mb_mem_source walk_map(const struct multiboot_info *mb, mb_map_fn map,
				   mb_ram_fn ram, void *ctx)
{
	uint32_t p = mb->mmap_addr, end = mb->mmap_addr + mb->mmap_length;

	while (p < end && end - p >= 4 + MMAP_ENTRY_MIN) {
		const struct multiboot_mmap *e = map(p);
		uint64_t len;

		if (e->size < MMAP_ENTRY_MIN)
			break;
		/* a length past 2^64 would wrap the range's end: cut it there */
		len = e->len <= ~0ull - e->addr ? e->len : ~0ull - e->addr;
		if (e->type == 1 && len)
			ram(e->addr, e->addr + len, ctx);
		/* a size past the map's end ends the walk (p + size would wrap) */
		if (e->size > end - p - 4)
			break;
		p += e->size + 4;
	}
	return MB_MEM_MAP;
}

enum mb_mem_source mb_ram_ranges(const struct multiboot_info *mb, mb_map_fn map,
				 mb_ram_fn ram, void *ctx)
{
	if (mb->flags & MB_INFO_MMAP)
		return walk_map(mb, map, ram, ctx);
	if (!(mb->flags & MB_INFO_MEM))
		return MB_MEM_NONE;
	if (mb->mem_lower)
		ram(0, (uint64_t)mb->mem_lower * 1024, ctx);
	if (mb->mem_upper)
		ram(0x100000, 0x100000 + (uint64_t)mb->mem_upper * 1024, ctx);
	return MB_MEM_LOWER_UPPER;
}

static void note_top(uint64_t start, uint64_t end, void *ctx)
{
	uint64_t *top = ctx;

	if (end > 0x100000000ull)
		end = 0x100000000ull;          /* a range across 4 GiB counts up to it */
	if (start < end && end > *top)
		*top = end;
}

uint64_t mb_ram_top(const struct multiboot_info *mb, mb_map_fn map)
{
	uint64_t top = 0;

	mb_ram_ranges(mb, map, note_top, &top);
	return top;
}
