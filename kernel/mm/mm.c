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

/* Call fn on every present user page-table entry of mm. */
static void for_each_user_pte(struct mm *mm, void (*fn)(uint32_t *pte, void *arg), void *arg)
{
	unsigned i, j;

	for (i = 0; i < PDE_USER_LAST; i++) {
		uint32_t *pt;
		if (!(mm->pgdir[i] & PTE_PRESENT))
			continue;
		pt = phys_to_virt(mm->pgdir[i] & ~0xFFFu);
		for (j = 0; j < 1024; j++)
			if (pt[j] & PTE_PRESENT)
				fn(&pt[j], arg);
	}
}

static void drop_page(uint32_t *pte, void *arg)
{
	(void)arg;
	pmm_free(*pte & ~0xFFFu);
}

/* Drop every user page (one reference each), the page tables, the mm. */
void mm_destroy(struct mm *mm)
{
	if (read_cr3() == virt_to_phys(mm->pgdir))
		pgdir_activate(boot_page_dir);
	for_each_user_pte(mm, drop_page, 0);
	pgdir_destroy(mm->pgdir);
	kfree(mm);
}

/*
 * fork: the child gets the same frames.  Writable pages become read-only
 * copy-on-write in both (PTE_COW marks them); read-only pages are shared.
 */
struct mm *mm_fork(struct mm *parent)
{
	struct mm *child = mm_create();
	unsigned i, j;

	if (!child)
		return 0;
	memcpy(child->mmaps, parent->mmaps, sizeof(parent->mmaps));
	child->brk_start = parent->brk_start;
	child->brk = parent->brk;
	child->mmap_low = parent->mmap_low;
	child->image_end = parent->image_end;
	for (i = 0; i < PDE_USER_LAST; i++) {
		uint32_t *pt;
		if (!(parent->pgdir[i] & PTE_PRESENT))
			continue;
		pt = phys_to_virt(parent->pgdir[i] & ~0xFFFu);
		for (j = 0; j < 1024; j++) {
			uint32_t pte = pt[j], va = (i << 22) | (j << 12);
			if (!(pte & PTE_PRESENT))
				continue;
			if (pte & PTE_WRITE)
				pte = (pte & ~PTE_WRITE) | PTE_COW;
			if (map_page(child->pgdir, va, pte & ~0xFFFu, pte & 0xFFF) != 0) {
				mm_destroy(child);
				return 0;
			}
			pmm_ref(pte & ~0xFFFu);
			pt[j] = pte;
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

/* A write to a copy-on-write page: copy it, or take it over if unshared. */
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
