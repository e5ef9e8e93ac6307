/*
 * test_mb2.c - the Multiboot2 reader (kernel/boot/mb2.c) on boot information
 * built here tag by tag: a GRUB-like list read whole, then malformed ones
 * (bad header sizes, zero-length and overlong tags, truncated payloads,
 * unterminated strings), each reported in one line and skipped, with what
 * came before it kept.  Runs under AddressSanitizer: a read past the
 * buffer fails the test.
 */
#include "unit.h"
#include "boot/mb2.h"
#include <string.h>

static uint8_t buf[4096];
static uint32_t len;             /* bytes of buf in use */
static char reports[8][128];
static int nr_reports;

static void report(const char *msg)
{
	if (nr_reports < 8)
		snprintf(reports[nr_reports], sizeof(reports[0]), "%s", msg);
	nr_reports++;
}

static int reported(const char *what)
{
	int i;

	for (i = 0; i < nr_reports && i < 8; i++)
		if (strstr(reports[i], what))
			return 1;
	return 0;
}

static void put32(uint32_t at, uint32_t v) { memcpy(buf + at, &v, 4); }
static void put64(uint32_t at, uint64_t v) { memcpy(buf + at, &v, 8); }

static void start(void)
{
	memset(buf, 0xEE, sizeof(buf));
	len = 8;
	nr_reports = 0;
}

/* Append a tag with `n` payload bytes; returns the payload's offset. */
static uint32_t tag(uint32_t type, uint32_t n, const void *payload)
{
	uint32_t at = len;

	put32(at, type);
	put32(at + 4, 8 + n);
	if (payload)
		memcpy(buf + at + 8, payload, n);
	len = (at + 8 + n + 7) & ~7u;
	return at + 8;
}

/* End tag and header; returns the total size. */
static uint32_t finish(void)
{
	tag(0, 0, 0);
	put32(0, len);
	put32(4, 0);
	return len;
}

static void mmap_tag(int n, uint32_t esize)
{
	uint32_t at = tag(6, 8 + n * esize, 0), i;

	put32(at, esize);
	put32(at + 4, 0);
	for (i = 0; i < (uint32_t)n; i++) {
		put64(at + 8 + i * esize, 0x100000ull * (i + 1));
		put64(at + 16 + i * esize, 0x100000);
		put32(at + 24 + i * esize, i == 1 ? 2 : 1);
	}
}

static void rgb_fb_tag(uint32_t w, uint32_t h, uint8_t bpp, uint32_t pitch)
{
	uint8_t p[30] = { 0 };
	uint64_t addr = 0xFD000000u;

	memcpy(p, &addr, 8);
	memcpy(p + 8, &pitch, 4);
	memcpy(p + 12, &w, 4);
	memcpy(p + 16, &h, 4);
	p[20] = bpp;
	p[21] = 1;                                  /* RGB */
	p[24] = 16, p[25] = 8, p[26] = 8, p[27] = 8, p[28] = 0, p[29] = 8;
	tag(8, sizeof(p), p);
}

UNIT_TEST(grub_like_list_is_read_whole)
{
	struct mb2_info mi;
	uint8_t rsdp[36] = "RSD PTR ";
	uint32_t mods[2] = { 0x200000, 0x201000 }, at;

	start();
	tag(1, 12, "policy=o1 x");
	tag(2, 10, "GRUB 2.06");
	at = tag(3, 8 + 19, 0);
	memcpy(buf + at, mods, 8);
	memcpy(buf + at + 8, "/boot/hog.elf arg1", 19);
	tag(4, 8, (uint32_t[]){ 639, 261120 });
	mmap_tag(3, 24);
	rgb_fb_tag(1024, 768, 32, 4096);
	rsdp[15] = 2;
	tag(15, 36, rsdp);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, nr_reports);
	CHECK_EQ(MB_INFO_CMDLINE | MB_INFO_MODS | MB_INFO_MEM | MB_INFO_MMAP, mi.has);
	CHECK(!strcmp(mi.cmdline, "policy=o1 x"));
	CHECK(!strcmp(mi.loader, "GRUB 2.06"));
	CHECK_EQ(1, mi.nr_mods);
	CHECK_EQ(0x201000, mi.mods[0].end);
	CHECK(!strcmp(mi.mods[0].name, "/boot/hog.elf arg1"));
	CHECK_EQ(261120, mi.mem_upper);
	CHECK_EQ(3, mi.nr_mmap);
	CHECK_EQ(0x200000, mi.mmap[1].addr);
	CHECK_EQ(2, mi.mmap[1].type);
	CHECK_EQ(20, mi.mmap[2].size);
	CHECK_EQ(FB_RGB, mi.fb.type);
	CHECK_EQ(0xFD000000u, mi.fb.addr);
	CHECK_EQ(32, mi.fb.bpp);
	CHECK_EQ(16, mi.fb.red_pos);
	CHECK_EQ(36, mi.rsdp_len);
}

UNIT_TEST(header_size_too_small_too_large_or_past_buffer_is_rejected)
{
	struct mb2_info mi;
	uint32_t total;

	start();
	total = finish();
	put32(0, 4);
	CHECK_EQ(-1, mb2_parse(buf, total, &mi, report));
	put32(0, total + 8);                       /* claims more than we have */
	CHECK_EQ(-1, mb2_parse(buf, total, &mi, report));
	put32(0, MB2_MAX_INFO + 8);
	CHECK_EQ(-1, mb2_parse(buf, sizeof(buf), &mi, report));
	CHECK_EQ(-1, mb2_parse(buf, 3, &mi, report));   /* not even a header */
	CHECK_EQ(4, nr_reports);
	CHECK(reported("information size out of range"));
	CHECK_EQ(0, mi.has);
}

UNIT_TEST(zero_size_tag_ends_the_walk_keeping_earlier_tags)
{
	struct mb2_info mi;
	uint32_t at;

	start();
	tag(1, 6, "run=1");
	at = len;
	tag(4, 8, (uint32_t[]){ 1, 2 });
	put32(at + 4, 0);                          /* would loop for ever */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK(!strcmp(mi.cmdline, "run=1"));
	CHECK_EQ(0, mi.has & MB_INFO_MEM);
	CHECK_EQ(1, nr_reports);
	CHECK(reported("tag size out of range, list ends here (tag type 4, size 0)"));
}

UNIT_TEST(tag_longer_than_the_list_is_not_read)
{
	struct mb2_info mi;
	uint32_t at, total;

	start();
	at = len;
	tag(1, 6, "run=1");
	total = finish();
	put32(at + 4, 5000);
	CHECK_EQ(0, mb2_parse(buf, total, &mi, report));
	CHECK_EQ(0, mi.has);
	CHECK(reported("tag size out of range"));
}

UNIT_TEST(list_without_end_tag_is_reported_and_kept)
{
	struct mb2_info mi;

	start();
	tag(1, 6, "run=1");
	put32(0, len);
	CHECK_EQ(0, mb2_parse(buf, len, &mi, report));
	CHECK(!strcmp(mi.cmdline, "run=1"));
	CHECK(reported("no end tag"));
}

UNIT_TEST(unterminated_strings_are_ignored)
{
	struct mb2_info mi;
	uint32_t at;

	start();
	tag(1, 5, "run=1");                        /* no NUL inside the tag */
	at = tag(3, 8 + 4, 0);
	put32(at, 0x200000);
	put32(at + 4, 0x201000);
	memcpy(buf + at + 8, "/hog", 4);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, mi.has);
	CHECK(reported("command line not terminated"));
	CHECK(reported("module name not terminated"));
}

UNIT_TEST(truncated_payloads_are_ignored_one_by_one)
{
	struct mb2_info mi;
	uint8_t rsdp[20] = "RSD PTR ";

	start();
	tag(4, 4, (uint32_t[]){ 639 });            /* basic memory: half of it */
	tag(15, 20, rsdp);                         /* ACPI 2.0 tag, 1.0 length */
	tag(8, 20, (uint8_t[20]){ 0 });            /* framebuffer: common part cut */
	tag(1, 6, "run=1");                        /* still read after them */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(MB_INFO_CMDLINE, mi.has);
	CHECK_EQ(0, mi.rsdp_len);
	CHECK_EQ(FB_NONE, mi.fb.type);
	CHECK_EQ(3, nr_reports);
	CHECK(reported("basic memory tag too short"));
	CHECK(reported("ACPI RSDP tag too short"));
	CHECK(reported("framebuffer tag too short"));
}

UNIT_TEST(memory_map_with_zero_or_odd_entry_size_is_ignored)
{
	struct mb2_info mi;

	start();
	mmap_tag(2, 0);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, mi.has & MB_INFO_MMAP);
	start();
	mmap_tag(2, 20);                           /* shorter than an entry */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, mi.nr_mmap);
	CHECK(reported("memory map with a bad entry size"));
}

UNIT_TEST(memory_map_entries_past_the_tag_are_not_read)
{
	struct mb2_info mi;
	uint32_t at;

	start();
	at = len;
	mmap_tag(3, 24);
	put32(at + 4, 16 + 2 * 24 + 10);           /* third entry cut short */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(2, mi.nr_mmap);
}

/* Found by tests/fuzz/fuzz_mb2.c (its input: tests/fuzz/crashes/mb2/): an
 * entry size near 2^32 made "offset + entry size" wrap below the tag's size,
 * and the walk read past the tag.  Such a map now has no entries. */
UNIT_TEST(memory_map_entry_size_near_4g_reads_nothing)
{
	struct mb2_info mi;
	uint32_t at;

	start();
	at = tag(6, 8, 0);                         /* header only: no entry */
	put32(at, 0xFFFFFFF8u);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, mi.nr_mmap);
	CHECK_EQ(MB_INFO_MMAP, mi.has & MB_INFO_MMAP);
	start();
	at = tag(17, 8, 0);                        /* the EFI map alike */
	put32(at, 0xFFFFFFF8u);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, mi.nr_mmap);
}

/* Conventional memory at 1 MiB (256 pages), runtime data at 2 MiB. */
static void efi_mmap_tag(void)
{
	uint32_t at = tag(17, 8 + 2 * 48, 0);

	put32(at, 48);
	put32(at + 8, 7);
	put64(at + 16, 0x100000);
	put64(at + 32, 256);
	put32(at + 8 + 48, 6);
	put64(at + 16 + 48, 0x200000);
	put64(at + 32 + 48, 1);
}

UNIT_TEST(efi_map_is_used_only_without_a_multiboot_map)
{
	struct mb2_info mi;

	start();
	efi_mmap_tag();
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(1, mi.mmap_from_efi);
	CHECK_EQ(2, mi.nr_mmap);
	CHECK_EQ(0x100000, mi.mmap[0].len);
	CHECK_EQ(1, mi.mmap[0].type);
	CHECK_EQ(2, mi.mmap[1].type);
	start();
	efi_mmap_tag();
	mmap_tag(1, 24);                           /* a real map after it wins */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(0, mi.mmap_from_efi);
	CHECK_EQ(1, mi.nr_mmap);
}

UNIT_TEST(framebuffer_with_bad_depth_pitch_or_address_is_ignored)
{
	struct mb2_info mi;

	start();
	rgb_fb_tag(1024, 768, 8, 1024);            /* 8 bpp: palette, unsupported */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(FB_NONE, mi.fb.type);
	start();
	rgb_fb_tag(1024, 768, 32, 1024);           /* pitch smaller than a line */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(FB_NONE, mi.fb.type);
	start();
	rgb_fb_tag(1024, 16384, 32, 4096);         /* runs past 4 GiB */
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(FB_NONE, mi.fb.type);
	CHECK(reported("framebuffer pitch or address out of range"));
	start();
	rgb_fb_tag(800, 600, 16, 1600);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(FB_RGB, mi.fb.type);
	CHECK_EQ(0, nr_reports);
}

UNIT_TEST(acpi_new_rsdp_wins_over_old_in_either_order)
{
	struct mb2_info mi;
	uint8_t v1[20] = "RSD PTR ", v2[36] = "RSD PTR ";

	start();
	tag(15, 36, v2);
	tag(14, 20, v1);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(36, mi.rsdp_len);
	start();
	tag(14, 20, v1);
	tag(15, 36, v2);
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(36, mi.rsdp_len);
}

UNIT_TEST(more_modules_than_fit_are_reported)
{
	struct mb2_info mi;
	int i;

	start();
	for (i = 0; i < MB2_MAX_MODS + 1; i++) {
		uint32_t at = tag(3, 8 + 2, 0);

		put32(at, 0x200000);
		put32(at + 4, 0x200000);
		memcpy(buf + at + 8, "m", 2);
	}
	CHECK_EQ(0, mb2_parse(buf, finish(), &mi, report));
	CHECK_EQ(MB2_MAX_MODS, mi.nr_mods);
	CHECK(reported("too many modules"));
}
