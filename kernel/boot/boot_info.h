/*
 * boot_info.h - the one reader of what the boot loader handed over.
 *
 * Multiboot1 (QEMU -kernel, GRUB `multiboot`) and Multiboot2 (GRUB
 * `multiboot2`, the only one under UEFI) both become the multiboot1 info
 * structure the rest of the kernel reads (memory map, command line,
 * modules), plus the screen and the ACPI RSDP that only multiboot2 gives.
 */
#ifndef NICKEL_BOOT_INFO_H
#define NICKEL_BOOT_INFO_H
#include <stdint.h>
#include "boot/multiboot.h"
#include "boot/mb2.h"

/* NULL when `magic` is neither loader's.  Before the console: problems
 * are kept for boot_info_report(). */
const struct multiboot_info *boot_info_read(uint32_t magic, uint32_t phys);
/* The screen: VGA text unless multiboot2 gave a usable framebuffer. */
const struct boot_fb *boot_info_screen(void);
/* Once the console works: the kept problems and, for multiboot2, one
 * line saying what the loader gave; hands the RSDP copy to ACPI. */
void boot_info_report(void);
#endif
