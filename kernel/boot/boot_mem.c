/*
 * boot_mem.c - memory set-up at boot: the page allocator over the multiboot
 * map, then the kernel heap on top of it, and the banner's memory figures.
 */
#include "boot/boot_mem.h"
#include "boot/multiboot.h"
#include "boot/mb_mem.h"
#include "arch/paging.h"
#include "mm/pmm.h"
#include "mm/heap.h"
#include "console/printk.h"

#define HEAP_CHUNK (64 * 1024)

static void *heap_grow_from_pmm(size_t bytes)
{
	uint32_t pa = pmm_alloc_for(PMM_HEAP, (unsigned)(bytes / PAGE_SIZE), 1);
	return pa ? phys_to_virt(pa) : 0;
}

static const void *phys_map(uint32_t pa)
{
	return phys_to_virt(pa);
}

/* Top of usable RAM in MiB, rounded up (QEMU -m 128 reports 128). */
unsigned boot_mem_mib(const struct multiboot_info *mb)
{
	return (unsigned)((mb_ram_top(mb, phys_map) + 0xFFFFF) >> 20);
}

void boot_mem_init(const struct multiboot_info *mb)
{
	unsigned mib = boot_mem_mib(mb);

	pmm_init(mb);
	paging_init();
	heap_init(heap_grow_from_pmm, HEAP_CHUNK);
	if (mib > LOWMEM_LIMIT >> 20)
		printk("nickel: using the first %u of %u MiB (lowmem only)\n",
		       LOWMEM_LIMIT >> 20, mib);
	printk("nickel: memory: %u MiB, free_pages=%u (%u KiB free)\n", mib,
	       pmm_free_pages(), pmm_free_pages() * 4);
}
