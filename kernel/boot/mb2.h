/*
 * mb2.h - the Multiboot2 boot information (GRUB's `multiboot2`, the only
 * multiboot GRUB offers under UEFI), read into one plain structure.
 *
 * The information is a list of tags after an 8-byte header (total size,
 * reserved); each tag is (type, size, payload), 8-byte aligned, ended by a
 * tag of type 0.  mb2_parse() checks every length against the bounds it was
 * given and copies what nickel uses, so that nothing of the loader's memory
 * has to survive.  A bad tag is reported in one line and skipped (a bad
 * list ends the walk); what was read before it is kept.
 * Pure: compiles on the host (tests/unit/test_mb2.c).
 */
#ifndef NICKEL_MB2_H
#define NICKEL_MB2_H
#include <stdint.h>
#include "boot/multiboot.h"

#define MULTIBOOT2_BOOT_MAGIC 0x36D76289
#define MB2_MAX_INFO     (64u * 1024)   /* larger is taken as corrupt */
#define MB2_MAX_MMAP     64
#define MB2_MAX_MODS     32
#define MB2_NAME_LEN     96
#define MB2_CMDLINE_LEN  1024

/* A linear framebuffer (type RGB) or the VGA text buffer (type EGA_TEXT). */
enum fb_type { FB_NONE = 0, FB_RGB = 1, FB_EGA_TEXT = 2 };

struct boot_fb {
	enum fb_type type;
	uint32_t addr;                   /* physical; below 4 GiB */
	uint32_t pitch, width, height;   /* bytes per line; pixels (or chars) */
	uint8_t bpp;                     /* 16, 24 or 32 for FB_RGB */
	uint8_t red_pos, red_bits, green_pos, green_bits, blue_pos, blue_bits;
};

struct mb2_module {
	uint32_t start, end;             /* physical, end exclusive */
	char name[MB2_NAME_LEN];         /* its command line (the file name) */
};

/* has: which of the MB_INFO_* parts (multiboot.h) were found. */
struct mb2_info {
	uint32_t has;
	uint32_t mem_lower, mem_upper;   /* KiB, from the basic memory tag */
	char cmdline[MB2_CMDLINE_LEN];
	char loader[MB2_NAME_LEN];
	struct multiboot_mmap mmap[MB2_MAX_MMAP];   /* RAM map, multiboot1 form */
	int nr_mmap;
	int mmap_from_efi;               /* no RAM map tag: made from the EFI map */
	struct mb2_module mods[MB2_MAX_MODS];
	int nr_mods;
	struct boot_fb fb;
	uint8_t rsdp[36];                /* a copy of the ACPI RSDP (v1: 20 bytes) */
	uint32_t rsdp_len;               /* 0: no ACPI tag */
};

/* `info` is `avail` readable bytes; report() gets each problem, one line
 * without a newline.  Returns 0, or -1 when the header itself is bad (then
 * nothing was read). */
int mb2_parse(const uint8_t *info, uint32_t avail, struct mb2_info *out,
	      void (*report)(const char *msg));
#endif
