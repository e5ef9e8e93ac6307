/*
 * boot_mem.c - memory set-up at boot: the page allocator over the multiboot
 * map, then the kernel heap on top of it, and the banner's memory figures.
 */
#include "multiboot.h"
#include "paging.h"
#include "pmm.h"
#include "heap.h"
#include "printk.h"

#define HEAP_CHUNK (64 * 1024)

static void *heap_grow_from_pmm(size_t bytes)
{
	uint32_t pa = pmm_alloc_for(PMM_HEAP, (unsigned)(bytes / PAGE_SIZE), 1);
	return pa ? phys_to_virt(pa) : 0;
}

/* Top of usable RAM in MiB, rounded up (QEMU -m 128 reports 128). */
unsigned boot_mem_mib(const struct multiboot_info *mb)
{
	uint64_t top = 0;

	if (mb->flags & MB_INFO_MMAP) {
		uint32_t p = mb->mmap_addr, end = mb->mmap_addr + mb->mmap_length;
		while (p < end) {
			const struct multiboot_mmap *e = phys_to_virt(p);
			if (e->type == 1 && e->addr + e->len > top && e->addr < 0x100000000ull)
				top = e->addr + e->len;
			p += e->size + 4;
		}
	} else if (mb->flags & MB_INFO_MEM) {
		top = 0x100000 + (uint64_t)mb->mem_upper * 1024;
	}
	return (unsigned)((top + 0xFFFFF) >> 20);
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
