/*
 * mb2.c - read the Multiboot2 boot information (mb2.h) tag by tag.
 * Every length is checked before it is used: a tag's size against the
 * space left, each payload against the size its type needs.
 */
#include "boot/mb2.h"
#include "lib/string.h"

enum {
	TAG_END = 0, TAG_CMDLINE = 1, TAG_LOADER = 2, TAG_MODULE = 3,
	TAG_BASIC_MEM = 4, TAG_MMAP = 6, TAG_FRAMEBUFFER = 8,
	TAG_ACPI_OLD = 14, TAG_ACPI_NEW = 15, TAG_EFI_MMAP = 17,
};

#define TAG_HEADER   8
#define MMAP_ENTRY   24          /* base, length, type, reserved */
#define FB_COMMON    32          /* tag header .. reserved */
#define FB_RGB_SIZE  38          /* plus three (position, mask size) pairs */
#define EFI_DESC_MIN 40          /* type .. attribute */
#define EFI_PAGE     4096u

typedef void (*report_fn)(const char *msg);

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static void complain(report_fn report, const char *what, uint32_t type, uint32_t size)
{
	char line[120];

	snprintf(line, sizeof(line), "multiboot2: %s (tag type %u, size %u); ignored",
		 what, (unsigned)type, (unsigned)size);
	report(line);
}

/* Copy a NUL-terminated string that must end inside [s, s + n). */
static int copy_string(char *dst, size_t cap, const uint8_t *s, uint32_t n)
{
	size_t len = 0;

	while (len < n && s[len])
		len++;
	if (len == n)
		return -1;
	if (len >= cap)
		len = cap - 1;           /* long names are cut, not rejected */
	memcpy(dst, s, len);
	dst[len] = 0;
	return 0;
}

static void add_ram(struct mb2_info *out, uint64_t base, uint64_t len, uint32_t type)
{
	struct multiboot_mmap *e;

	if (out->nr_mmap == MB2_MAX_MMAP)
		return;
	e = &out->mmap[out->nr_mmap++];
	e->size = 20;
	e->addr = base;
	e->len = len;
	e->type = type;
}

static const char *read_mmap(const uint8_t *t, uint32_t size, struct mb2_info *out)
{
	uint32_t esize = size >= 16 ? rd32(t + 8) : 0, off;

	if (size < 16 || esize < MMAP_ENTRY || esize % 8)
		return "memory map with a bad entry size";
	out->nr_mmap = 0;
	/* esize <= size - off, never off + esize <= size: a huge esize wraps */
	for (off = 16; esize <= size - off; off += esize)
		add_ram(out, rd64(t + off), rd64(t + off + 8), rd32(t + off + 16));
	out->has |= MB_INFO_MMAP;
	out->mmap_from_efi = 0;
	return 0;
}

/* EFI types 1..4 (loader and boot-services code and data) and 7
 * (conventional) are free RAM once GRUB has left boot services. */
static int efi_type_is_ram(uint32_t type)
{
	return (type >= 1 && type <= 4) || type == 7;
}

/* Only when there is no multiboot2 memory map (GRUB gives both). */
static const char *read_efi_mmap(const uint8_t *t, uint32_t size, struct mb2_info *out)
{
	uint32_t dsize = size >= 16 ? rd32(t + 8) : 0, off;

	if (size < 16 || dsize < EFI_DESC_MIN || dsize % 8)
		return "EFI memory map with a bad descriptor size";
	if (out->has & MB_INFO_MMAP)
		return 0;
	for (off = 16; dsize <= size - off; off += dsize) {
		const uint8_t *d = t + off;
		uint64_t pages = rd64(d + 24);

		if (pages && pages <= (~0ull / EFI_PAGE))
			add_ram(out, rd64(d + 8), pages * EFI_PAGE,
				efi_type_is_ram(rd32(d)) ? 1 : 2);
	}
	out->has |= MB_INFO_MMAP;
	out->mmap_from_efi = 1;
	return 0;
}

static const char *read_module(const uint8_t *t, uint32_t size, struct mb2_info *out)
{
	struct mb2_module *m;

	if (size < 17)
		return "module tag too short";
	if (out->nr_mods == MB2_MAX_MODS)
		return "too many modules";
	m = &out->mods[out->nr_mods];
	m->start = rd32(t + 8);
	m->end = rd32(t + 12);
	if (m->end < m->start)
		return "module ends before it starts";
	if (copy_string(m->name, sizeof(m->name), t + 16, size - 16))
		return "module name not terminated";
	out->nr_mods++;
	out->has |= MB_INFO_MODS;
	return 0;
}

static int fb_bpp_ok(uint8_t bpp)
{
	return bpp == 16 || bpp == 24 || bpp == 32;
}

static const char *read_framebuffer(const uint8_t *t, uint32_t size, struct mb2_info *out)
{
	struct boot_fb fb;
	uint64_t addr;

	if (size < FB_COMMON)
		return "framebuffer tag too short";
	memset(&fb, 0, sizeof(fb));
	addr = rd64(t + 8);
	fb.pitch = rd32(t + 16);
	fb.width = rd32(t + 20);
	fb.height = rd32(t + 24);
	fb.bpp = t[28];
	fb.type = t[29];
	if (fb.type == FB_EGA_TEXT) {
		fb.addr = (uint32_t)addr;
		out->fb = fb;
		return 0;
	}
	if (fb.type != FB_RGB)
		return "framebuffer is neither RGB nor EGA text";
	if (size < FB_RGB_SIZE)
		return "RGB framebuffer tag too short";
	if (!fb_bpp_ok(fb.bpp) || !fb.width || !fb.height)
		return "framebuffer size or depth not usable";
	if ((uint64_t)fb.pitch < (uint64_t)fb.width * (fb.bpp / 8) ||
	    addr + (uint64_t)fb.pitch * fb.height > 0x100000000ull)
		return "framebuffer pitch or address out of range";
	fb.addr = (uint32_t)addr;
	fb.red_pos = t[32], fb.red_bits = t[33];
	fb.green_pos = t[34], fb.green_bits = t[35];
	fb.blue_pos = t[36], fb.blue_bits = t[37];
	out->fb = fb;
	return 0;
}

/* A copy of the RSDP; the ACPI 2.0 one (tag 15) wins over the 1.0 one. */
static const char *read_acpi(const uint8_t *t, uint32_t type, uint32_t size,
			     struct mb2_info *out)
{
	uint32_t need = type == TAG_ACPI_NEW ? 36 : 20;

	if (size < TAG_HEADER + need)
		return "ACPI RSDP tag too short";
	if (type == TAG_ACPI_OLD && out->rsdp_len == 36)
		return 0;
	memcpy(out->rsdp, t + TAG_HEADER, need);
	out->rsdp_len = need;
	return 0;
}

static const char *read_basic_mem(const uint8_t *t, uint32_t size, struct mb2_info *out)
{
	if (size < 16)
		return "basic memory tag too short";
	out->mem_lower = rd32(t + 8);
	out->mem_upper = rd32(t + 12);
	out->has |= MB_INFO_MEM;
	return 0;
}

static const char *read_tag(const uint8_t *t, uint32_t type, uint32_t size,
			    struct mb2_info *out)
{
	switch (type) {
	case TAG_CMDLINE:
		if (copy_string(out->cmdline, sizeof(out->cmdline), t + 8, size - 8))
			return "command line not terminated";
		out->has |= MB_INFO_CMDLINE;
		return 0;
	case TAG_LOADER:
		if (copy_string(out->loader, sizeof(out->loader), t + 8, size - 8))
			return "loader name not terminated";
		return 0;
	case TAG_MODULE:      return read_module(t, size, out);
	case TAG_BASIC_MEM:   return read_basic_mem(t, size, out);
	case TAG_MMAP:        return read_mmap(t, size, out);
	case TAG_EFI_MMAP:    return read_efi_mmap(t, size, out);
	case TAG_FRAMEBUFFER: return read_framebuffer(t, size, out);
	case TAG_ACPI_OLD:
	case TAG_ACPI_NEW:    return read_acpi(t, type, size, out);
	default:              return 0;   /* not needed by nickel */
	}
}

int mb2_parse(const uint8_t *info, uint32_t avail, struct mb2_info *out,
	      void (*report)(const char *msg))
{
	uint32_t total, off;

	memset(out, 0, sizeof(*out));
	total = avail >= 8 ? rd32(info) : 0;
	if (total < 16 || total > avail || total > MB2_MAX_INFO) {
		complain(report, "information size out of range", 0, total);
		return -1;
	}
	for (off = 8; off + TAG_HEADER <= total; off = (off + 7) & ~7u) {
		const uint8_t *t = info + off;
		uint32_t type = rd32(t), size = rd32(t + 4);
		const char *why;

		if (size < TAG_HEADER || size > total - off) {
			complain(report, "tag size out of range, list ends here", type, size);
			return 0;
		}
		if (type == TAG_END)
			return 0;
		why = read_tag(t, type, size, out);
		if (why)
			complain(report, why, type, size);
		off += size;
	}
	complain(report, "no end tag", 0, total);
	return 0;
}
