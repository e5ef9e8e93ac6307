/*
 * boot_info.c - read the boot loader's hand-over (boot_info.h).  A
 * multiboot2 list is parsed by mb2.c and copied into kernel memory here,
 * laid out as multiboot1 info, so nothing of the loader's memory is needed
 * afterwards and the page allocator, modules and command line read one
 * format whichever loader started nickel.
 */
#include "boot/boot_info.h"
#include "console/fbcon.h"
#include "arch/fw_tables.h"
#include "arch/paging.h"
#include "arch/console_hw.h"
#include "console/printk.h"
#include "lib/string.h"

#define VGA_TEXT_PHYS 0xB8000
#define MAX_KEPT 4

static struct mb2_info mb2;
static struct multiboot_info mb1_view;
static struct multiboot_mod mods[MB2_MAX_MODS];
static struct boot_fb screen = { FB_EGA_TEXT, VGA_TEXT_PHYS, 160, 80, 25, 16,
				 0, 0, 0, 0, 0, 0 };
static int from_mb2;
static char kept[MAX_KEPT][120];
static int nr_kept;

static void keep_report(const char *msg)
{
	if (nr_kept < MAX_KEPT)
		strncpy(kept[nr_kept++], msg, sizeof(kept[0]) - 1);
}

static void make_mb1_view(void)
{
	int i;

	mb1_view.flags = mb2.has;
	mb1_view.mem_lower = mb2.mem_lower;
	mb1_view.mem_upper = mb2.mem_upper;
	mb1_view.cmdline = virt_to_phys(mb2.cmdline);
	mb1_view.mmap_addr = virt_to_phys(mb2.mmap);
	mb1_view.mmap_length = mb2.nr_mmap * sizeof(mb2.mmap[0]);
	for (i = 0; i < mb2.nr_mods; i++) {
		mods[i].start = mb2.mods[i].start;
		mods[i].end = mb2.mods[i].end;
		mods[i].string = virt_to_phys(mb2.mods[i].name);
	}
	mb1_view.mods_count = mb2.nr_mods;
	mb1_view.mods_addr = virt_to_phys(mods);
}

const struct multiboot_info *boot_info_read(uint32_t magic, uint32_t phys)
{
	const uint8_t *head, *info;
	uint32_t size;

	if (magic == MULTIBOOT_BOOT_MAGIC)
		return phys_to_virt(phys);
	if (magic != MULTIBOOT2_BOOT_MAGIC)
		return 0;
	from_mb2 = 1;
	head = ioremap(phys, 8);
	size = head ? *(const uint32_t *)head : 0;
	if (size > MB2_MAX_INFO)
		size = MB2_MAX_INFO;           /* mb2_parse rejects it */
	info = size >= 8 ? ioremap(phys, size) : 0;
	if (!info || mb2_parse(info, size, &mb2, keep_report) != 0)
		keep_report("multiboot2: no usable boot information; booting without it");
	if (mb2.fb.type != FB_NONE)
		screen = mb2.fb;
	make_mb1_view();
	return &mb1_view;
}

const struct boot_fb *boot_info_screen(void)
{
	return &screen;
}

void boot_info_report(void)
{
	unsigned cols, rows;
	int i;

	for (i = 0; i < nr_kept; i++)
		printk("nickel: %s\n", kept[i]);
	if (!from_mb2)
		return;
	if (mb2.rsdp_len)
		acpi_set_rsdp(mb2.rsdp, mb2.rsdp_len);
	printk("nickel: boot: multiboot2 from %s; memory map %s; ACPI RSDP %s\n",
	       mb2.loader[0] ? mb2.loader : "an unnamed loader",
	       !(mb2.has & MB_INFO_MMAP) ? "none" : mb2.mmap_from_efi ? "from EFI" : "given",
	       mb2.rsdp_len == 36 ? "2.0 copy" : mb2.rsdp_len ? "1.0 copy" : "not given");
	fbcon_size(&cols, &rows);
	if (cols)
		printk("nickel: screen: framebuffer %ux%ux%u at 0x%x, %ux%u characters\n",
		       screen.width, screen.height, screen.bpp, screen.addr, cols, rows);
	else if (vga_text_screen())
		printk("nickel: screen: VGA text\n");
	else
		printk("nickel: screen: none (serial console only)\n");
}
