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

/* Who holds an allocated frame: the page accounting check (kernel/diag/check.c)
 * counts each owner's frames.  PMM_NOBODY: free, or never RAM we manage
 * (frames reserved at boot are not part of the total). */
enum pmm_owner {
	PMM_NOBODY, PMM_HEAP, PMM_KSTACK, PMM_PGTABLE, PMM_USER, PMM_OTHER,
	PMM_OWNERS
};

void pmm_init(const struct multiboot_info *mb);
uint32_t pmm_alloc(void);              /* physical address, 0 when none */
uint32_t pmm_alloc_contig(unsigned n); /* n contiguous frames, 0 when none */
uint32_t pmm_alloc_aligned(unsigned n, unsigned align_frames);
void pmm_free(uint32_t pa);             /* drops one reference */
void pmm_ref(uint32_t pa);              /* one more (copy on write) */
unsigned pmm_refcount(uint32_t pa);
void pmm_free_contig(uint32_t pa, unsigned n);
/* pmm_ref / pmm_free for the frame of each present entry of n page-table
 * (or page-directory) entries, under one lock round. */
void pmm_ref_ptes(const uint32_t *pte, unsigned n);
void pmm_unref_ptes(const uint32_t *pte, unsigned n);
unsigned pmm_free_pages(void);
unsigned pmm_total_pages(void);
/* The same, charging the frames to `o` (pmm_alloc* charge PMM_OTHER). */
uint32_t pmm_alloc_for(enum pmm_owner o, unsigned n, unsigned align_frames);
/* n frames of which frame `skew` is aligned (a kernel stack with its
 * guard page below: n = 5, align = 4, skew = 1). */
uint32_t pmm_alloc_skewed(enum pmm_owner o, unsigned n, unsigned align, unsigned skew);
uint32_t pmm_top(void);                 /* end of the managed RAM, physical */
const char *pmm_owner_name(enum pmm_owner o);
unsigned pmm_owner_pages(enum pmm_owner o);
enum pmm_owner pmm_owner_of(uint32_t pa);   /* PMM_NOBODY: free or not managed */
/* 0 when free_pages + every owner's pages == total and the bitmap, the
 * owners and the reference counts agree frame by frame; else -1 and why.
 * O(frames) with pmm_lock held and interrupts off: once a second at most. */
int pmm_check_accounting(char *why, unsigned n);
int pmm_self_test(void);               /* 0 when all is well */
#endif
