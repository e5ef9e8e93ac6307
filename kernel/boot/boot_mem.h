/* boot_mem.h - memory set-up at boot and the banner's memory size (boot_mem.c). */
#ifndef NICKEL_BOOT_MEM_H
#define NICKEL_BOOT_MEM_H
struct multiboot_info;
void boot_mem_init(const struct multiboot_info *mb);   /* page allocator, paging, heap */
unsigned boot_mem_mib(const struct multiboot_info *mb); /* top of usable RAM, MiB */
#endif
