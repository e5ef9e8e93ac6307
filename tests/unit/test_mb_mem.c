/*
 * test_mb_mem.c - RAM ranges from a synthetic multiboot info
 * (kernel/boot/mb_mem.c): the mem_lower/mem_upper fallback when there is no
 * memory map, the map itself, and maps that would make a naive walk loop.
 */
#include "unit.h"
#include "boot/mb_mem.h"
#include <string.h>

#define MAP_BASE 0x9000u                 /* where the fake map "is" */
static uint8_t map_area[256];

static const void *fake_map(uint32_t phys)
{
	return map_area + (phys - MAP_BASE);
}

struct seen {
	int n;
	uint64_t start[8], end[8];
};

static void note(uint64_t start, uint64_t end, void *ctx)
{
	struct seen *s = ctx;

	if (s->n < 8) {
		s->start[s->n] = start;
		s->end[s->n] = end;
	}
	s->n++;
}

/* Append one map entry; returns the map's new length. */
static uint32_t put_entry(uint32_t len, uint32_t size, uint64_t addr, uint64_t bytes,
			  uint32_t type)
{
	struct multiboot_mmap e = { size, addr, bytes, type };

	memcpy(map_area + len, &e, sizeof(e));
	return len + size + 4;
}

UNIT_TEST(no_map_falls_back_to_mem_lower_and_mem_upper)
{
	struct multiboot_info mb = { .flags = MB_INFO_MEM, .mem_lower = 639,
				     .mem_upper = 31616 };
	struct seen s = { 0 };

	CHECK_EQ(MB_MEM_LOWER_UPPER, mb_ram_ranges(&mb, fake_map, note, &s));
	CHECK_EQ(2, s.n);
	CHECK_EQ(0, s.start[0]);
	CHECK_EQ(639 * 1024, s.end[0]);
	CHECK_EQ(0x100000, s.start[1]);
	CHECK_EQ(0x100000 + 31616ull * 1024, s.end[1]);
	CHECK_EQ(0x100000 + 31616ull * 1024, mb_ram_top(&mb, fake_map));
}

UNIT_TEST(no_map_and_no_mem_fields_means_no_ram)
{
	struct multiboot_info mb = { .flags = MB_INFO_CMDLINE, .mem_lower = 639,
				     .mem_upper = 31616 };
	struct seen s = { 0 };

	CHECK_EQ(MB_MEM_NONE, mb_ram_ranges(&mb, fake_map, note, &s));
	CHECK_EQ(0, s.n);
	CHECK_EQ(0, mb_ram_top(&mb, fake_map));
}

UNIT_TEST(zero_mem_upper_gives_only_low_memory)
{
	struct multiboot_info mb = { .flags = MB_INFO_MEM, .mem_lower = 640 };
	struct seen s = { 0 };

	mb_ram_ranges(&mb, fake_map, note, &s);
	CHECK_EQ(1, s.n);
	CHECK_EQ(640 * 1024, mb_ram_top(&mb, fake_map));
}

UNIT_TEST(map_wins_over_mem_fields_and_skips_reserved)
{
	struct multiboot_info mb = { .flags = MB_INFO_MEM | MB_INFO_MMAP,
				     .mem_lower = 1, .mem_upper = 1, .mmap_addr = MAP_BASE };
	struct seen s = { 0 };
	uint32_t len = 0;

	len = put_entry(len, 20, 0, 0x9FC00, 1);
	len = put_entry(len, 20, 0xF0000, 0x10000, 2);          /* reserved */
	len = put_entry(len, 24, 0x100000, 0x7F00000, 1);       /* longer entry */
	len = put_entry(len, 20, 0x100000000ull, 0x10000000, 1); /* above 4 GiB */
	mb.mmap_length = len;
	CHECK_EQ(MB_MEM_MAP, mb_ram_ranges(&mb, fake_map, note, &s));
	CHECK_EQ(3, s.n);
	CHECK_EQ(0x100000, s.start[1]);
	CHECK_EQ(0x8000000, mb_ram_top(&mb, fake_map));
}

UNIT_TEST(map_entry_of_size_zero_ends_the_walk)
{
	struct multiboot_info mb = { .flags = MB_INFO_MMAP, .mmap_addr = MAP_BASE };
	struct seen s = { 0 };
	uint32_t len = 0;

	len = put_entry(len, 20, 0x100000, 0x100000, 1);
	len = put_entry(len, 0, 0x200000, 0x100000, 1);         /* would loop */
	len = put_entry(len, 20, 0x300000, 0x100000, 1);
	mb.mmap_length = len + 40;
	mb_ram_ranges(&mb, fake_map, note, &s);
	CHECK_EQ(1, s.n);
}

UNIT_TEST(map_truncated_mid_entry_is_not_read_past_its_end)
{
	struct multiboot_info mb = { .flags = MB_INFO_MMAP, .mmap_addr = MAP_BASE };
	struct seen s = { 0 };

	put_entry(0, 20, 0x100000, 0x100000, 1);
	put_entry(24, 20, 0x200000, 0x100000, 1);
	mb.mmap_length = 24 + 10;                 /* second entry cut short */
	mb_ram_ranges(&mb, fake_map, note, &s);
	CHECK_EQ(1, s.n);
}

/* Found by tests/fuzz/fuzz_mb1.c (tests/fuzz/crashes/mb1/): an entry size
 * near 2^32 wrapped "p + size + 4" back to or before the entry, and the
 * walk read it again for ever.  Reads are counted; after 8 the fake hands
 * out an entry of size 0, which ends any walk. */
static int reads;
static uint8_t stop_entry[24];

static const void *counting_map(uint32_t phys)
{
	return ++reads > 8 ? stop_entry : fake_map(phys);
}

UNIT_TEST(map_entry_size_near_4g_ends_the_walk)
{
	struct multiboot_info mb = { .flags = MB_INFO_MMAP, .mmap_addr = MAP_BASE };
	struct seen s = { 0 };

	put_entry(0, 0xFFFFFFFCu, 0x100000, 0x100000, 1);   /* p + size + 4 == p */
	mb.mmap_length = 96;
	reads = 0;
	mb_ram_ranges(&mb, counting_map, note, &s);
	CHECK_EQ(1, reads);
	CHECK_EQ(1, s.n);
}

UNIT_TEST(range_ending_past_2_to_the_64_ends_there)
{
	struct multiboot_info mb = { .flags = MB_INFO_MMAP, .mmap_addr = MAP_BASE };
	struct seen s = { 0 };

	mb.mmap_length = put_entry(0, 20, 0xFFFFFFFFFFFFF000ull, 0x2000, 1);
	mb_ram_ranges(&mb, fake_map, note, &s);
	CHECK_EQ(1, s.n);
	CHECK(s.end[0] >= s.start[0]);
	CHECK_EQ(~0ull, s.end[0]);
}

/* Found by tests/fuzz/fuzz_mb1.c: a RAM range from below 4 GiB to above it
 * made the "top below 4 GiB" its end above 4 GiB. */
UNIT_TEST(ram_top_of_a_range_across_4g_is_4g)
{
	struct multiboot_info mb = { .flags = MB_INFO_MMAP, .mmap_addr = MAP_BASE };

	mb.mmap_length = put_entry(0, 20, 0x100000, 0x17FF00000ull, 1);   /* to 6 GiB */
	CHECK_EQ(0x100000000ull, mb_ram_top(&mb, fake_map));
}
