/*
 * mm.c - user address spaces: creation, copy-on-write fork, demand-zero
 * regions (heap, stack, anonymous mmap), page faults.  See mm.h.
 */
#include "mm/mm.h"
#include "arch/paging.h"
#include "mm/pmm.h"
#include "mm/heap.h"
#include "lib/string.h"
#include "arch/cpu.h"

#define USER_RW (PTE_USER | PTE_WRITE)
#define PDE_USER_LAST (USER_TOP >> 22)

struct mm *mm_create(void)
{
	struct mm *mm = kzalloc(sizeof(*mm));

	if (!mm)
		return 0;
	mm->pgdir = pgdir_create();
	if (!mm->pgdir) {
		kfree(mm);
		return 0;
	}
	mm->mmap_low = MMAP_TOP;
	return mm;
}

/*
 * Walking the user half.  Most of a process's page directory and page
 * tables is zeros (a small program has a few dozen pages in three or four
 * page tables), so the walks test GROUP entries at once, one cache line,
 * and look at single entries only in a group that is not all zero: about
 * one instruction per empty entry instead of five.
 */
#define GROUP 16

/* The first group at or after entry i (a multiple of GROUP) holding a
 * non-zero entry; n when none. */
static unsigned next_group(const uint32_t *e, unsigned i, unsigned n)
{
	for (; i < n; i += GROUP) {
		const uint32_t *g = e + i;
		if (g[0] | g[1] | g[2] | g[3] | g[4] | g[5] | g[6] | g[7] |
		    g[8] | g[9] | g[10] | g[11] | g[12] | g[13] | g[14] | g[15])
			return i;
	}
	return n;
}

#define for_each_group(j, e, n) \
	for (j = next_group(e, 0, n); j < (n); j = next_group(e, j + GROUP, n))

static uint32_t *table_of(uint32_t pde)
{
	return phys_to_virt(pde & ~0xFFFu);
}

/* Drop every user page (one reference each), the page tables, the mm.
 * The directory's own frame is freed here too: pgdir_destroy would scan
 * its 768 user entries again for the tables already gone. */
void mm_destroy(struct mm *mm)
{
	uint32_t *pd = mm->pgdir;
	unsigned i, k, j;

	if (read_cr3() == virt_to_phys(pd))
		pgdir_activate(boot_page_dir);
	for_each_group(i, pd, PDE_USER_LAST) {
		for (k = i; k < i + GROUP; k++) {
			uint32_t *pt = table_of(pd[k]);
			if (!(pd[k] & PTE_PRESENT))
				continue;
			for_each_group(j, pt, 1024)
				pmm_unref_ptes(pt + j, GROUP);
		}
		pmm_unref_ptes(pd + i, GROUP);           /* the page tables */
	}
	pmm_free(virt_to_phys(pd));
	kfree(mm);
}

/* Share one page table's pages with the child's table `to` (zeroed):
 * writable pages become read-only copy-on-write in both (PTE_COW marks
 * them), read-only ones are shared as they are. */
static void share_table(uint32_t *from, uint32_t *to)
{
	unsigned j, k;

	for_each_group(j, from, 1024) {
		for (k = j; k < j + GROUP; k++) {
			uint32_t pte = from[k];
			if (!(pte & PTE_PRESENT))
				continue;
			if (pte & PTE_WRITE)
				pte = (pte & ~PTE_WRITE) | PTE_COW;
			from[k] = to[k] = pte;
		}
		pmm_ref_ptes(to + j, GROUP);             /* one more user each */
	}
}

/*
 * fork: the child gets the same frames, copy-on-write (mm.h).  The parent
 * is the caller, running on this CPU with its page tables loaded; no other
 * CPU holds its TLB entries (a CPU switching away loads another CR3, and
 * an mm has one task), so the local flush at the end is the shootdown.
 */
struct mm *mm_fork(struct mm *parent)
{
	struct mm *child = mm_create();
	uint32_t *pd = parent->pgdir;
	unsigned i, k;

	if (!child)
		return 0;
	memcpy(child->mmaps, parent->mmaps, sizeof(parent->mmaps));
	child->brk_start = parent->brk_start;
	child->brk = parent->brk;
	child->mmap_low = parent->mmap_low;
	child->image_end = parent->image_end;
	for_each_group(i, pd, PDE_USER_LAST) {
		for (k = i; k < i + GROUP; k++) {
			uint32_t pa;
			if (!(pd[k] & PTE_PRESENT))
				continue;
			pa = pmm_alloc_for(PMM_PGTABLE, 1, 1);
			if (!pa) {
				write_cr3(read_cr3());   /* some pages became read-only */
				mm_destroy(child);
				return 0;
			}
			memset(phys_to_virt(pa), 0, PAGE_SIZE);
			child->pgdir[k] = pa | (pd[k] & 0xFFFu);
			share_table(table_of(pd[k]), phys_to_virt(pa));
		}
	}
	write_cr3(read_cr3());           /* the parent's pages just became read-only */
	return child;
}

int mm_map_zero(struct mm *mm, uint32_t va, uint32_t flags)
{
	uint32_t pa = pmm_alloc_for(PMM_USER, 1, 1);

	if (!pa)
		return -1;
	memset(phys_to_virt(pa), 0, PAGE_SIZE);
	if (map_page(mm->pgdir, va & ~0xFFFu, pa, flags | PTE_USER) != 0) {
		pmm_free(pa);
		return -1;
	}
	return 0;
}

/* Is va inside a region whose pages appear (zeroed) when first touched? */
static int demand_zero_region(struct mm *mm, uint32_t va)
{
	int i;

	if (va >= mm->brk_start && va < mm->brk)
		return 1;
	if (va >= USER_TOP - STACK_MAX && va < USER_TOP)
		return 1;
	for (i = 0; i < MAX_MMAPS; i++)
		if (va >= mm->mmaps[i].start && va < mm->mmaps[i].end)
			return 1;
	return 0;
}

/*
 * A write to a copy-on-write page (from ring 3, or the kernel through
 * uaccess): copy it, or take it over if unshared.  The count is read
 * without pmm_lock: once this mm's entry is the only one left it stays so
 * (only a fork of this mm adds sharers, and this mm's task is here), and
 * two sharers writing at once on two CPUs both copy.
 */
static int break_cow(struct mm *mm, uint32_t va, uint32_t *pte)
{
	uint32_t old = *pte & ~0xFFFu, copy;

	if (pmm_refcount(old) == 1) {
		*pte = (*pte & ~PTE_COW) | PTE_WRITE;
		invlpg(va);
		return 0;
	}
	copy = pmm_alloc_for(PMM_USER, 1, 1);
	if (!copy)
		return -1;
	memcpy(phys_to_virt(copy), phys_to_virt(old), PAGE_SIZE);
	*pte = copy | ((*pte & 0xFFF & ~PTE_COW) | PTE_WRITE);
	invlpg(va);
	pmm_free(old);
	return 0;
}

int mm_handle_fault(struct mm *mm, uint32_t va, int write, int present)
{
	uint32_t *pte;

	if (va >= USER_TOP)
		return -1;
	pte = page_lookup(mm->pgdir, va);
	if (!pte)
		return demand_zero_region(mm, va) ? mm_map_zero(mm, va, PTE_WRITE) : -1;
	if (write && (*pte & PTE_COW))
		return break_cow(mm, va, pte);
	(void)present;
	return -1;                           /* a real protection violation */
}

int mm_prepare_access(struct mm *mm, uint32_t va, uint32_t len, int write)
{
	uint32_t p, end = va + len;

	if (len == 0)
		return 0;
	if (end < va || end > USER_TOP)
		return -1;
	for (p = va & ~0xFFFu; p < end; p += PAGE_SIZE) {
		uint32_t *pte = page_lookup(mm->pgdir, p);
		if (pte && (!write || (*pte & PTE_WRITE)))
			continue;
		if (mm_handle_fault(mm, p, write, pte != 0) != 0)
			return -1;
	}
	return 0;
}

/* brk: grow freely up to the mmap areas; shrinking frees the pages. */
uint32_t mm_brk(struct mm *mm, uint32_t new_brk)
{
	uint32_t old_top = (mm->brk + 0xFFF) & ~0xFFFu, new_top, p;

	if (new_brk < mm->brk_start || new_brk >= mm->mmap_low - PAGE_SIZE)
		return mm->brk;
	new_top = (new_brk + 0xFFF) & ~0xFFFu;
	for (p = new_top; p < old_top; p += PAGE_SIZE) {
		uint32_t *pte = page_lookup(mm->pgdir, p);
		if (pte) {
			pmm_free(*pte & ~0xFFFu);
			unmap_page(mm->pgdir, p);
		}
	}
	mm->brk = new_brk;
	return mm->brk;
}

uint32_t mm_mmap(struct mm *mm, uint32_t len)
{
	uint32_t size = (len + 0xFFF) & ~0xFFFu, start;
	int i;

	if (len == 0 || size < len || size > mm->mmap_low ||
	    mm->mmap_low - size < ((mm->brk + 0xFFF) & ~0xFFFu) + PAGE_SIZE)
		return 0;
	for (i = 0; i < MAX_MMAPS && mm->mmaps[i].end; i++)
		;
	if (i == MAX_MMAPS)
		return 0;
	start = mm->mmap_low - size;
	mm->mmaps[i].start = start;
	mm->mmaps[i].end = start + size;
	mm->mmap_low = start;
	return start;
}

/* mmaps grow down from MMAP_TOP: after an unmap the next one may start
 * right below the lowest area still mapped (exhaust:mmap - the space of
 * freed areas was lost for good). */
static void mmap_low_update(struct mm *mm)
{
	int i;

	mm->mmap_low = MMAP_TOP;
	for (i = 0; i < MAX_MMAPS; i++)
		if (mm->mmaps[i].end && mm->mmaps[i].start < mm->mmap_low)
			mm->mmap_low = mm->mmaps[i].start;
}

int mm_munmap(struct mm *mm, uint32_t va, uint32_t len)
{
	uint32_t end = va + ((len + 0xFFF) & ~0xFFFu), p;
	int i;

	if ((va & 0xFFF) || len == 0 || end < va || end > USER_TOP)
		return -1;
	for (i = 0; i < MAX_MMAPS; i++) {
		struct mmap_area *a = &mm->mmaps[i];
		if (!a->end || end <= a->start || va >= a->end)
			continue;
		if (va <= a->start && end >= a->end)
			a->start = a->end = 0;          /* whole area */
		else if (va <= a->start)
			a->start = end;                 /* its head */
		else if (end >= a->end)
			a->end = va;                    /* its tail */
	}
	for (p = va; p < end; p += PAGE_SIZE) {
		uint32_t *pte = page_lookup(mm->pgdir, p);
		if (pte && demand_zero_region(mm, p) == 0 && p >= mm->image_end) {
			pmm_free(*pte & ~0xFFFu);
			unmap_page(mm->pgdir, p);
		}
	}
	mmap_low_update(mm);
	return 0;
}
