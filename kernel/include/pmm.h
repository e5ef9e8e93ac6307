/*
 * pmm.h - the physical page allocator.
 *
 * One bit per 4 KiB frame of lowmem; the multiboot memory map says which are
 * RAM, and the kernel image, the multiboot data and the modules are reserved
 * before anything is handed out.  Lock: pmm_lock (irq-safe spinlock).
 */
#ifndef NICKEL_PMM_H
#define NICKEL_PMM_H
#include <stdint.h>

struct multiboot_info;

void pmm_init(const struct multiboot_info *mb);
uint32_t pmm_alloc(void);              /* physical address, 0 when none */
uint32_t pmm_alloc_contig(unsigned n); /* n contiguous frames, 0 when none */
uint32_t pmm_alloc_aligned(unsigned n, unsigned align_frames);
void pmm_free(uint32_t pa);             /* drops one reference */
void pmm_ref(uint32_t pa);              /* one more (copy on write) */
unsigned pmm_refcount(uint32_t pa);
void pmm_free_contig(uint32_t pa, unsigned n);
unsigned pmm_free_pages(void);
unsigned pmm_total_pages(void);
int pmm_self_test(void);               /* 0 when all is well */
#endif
