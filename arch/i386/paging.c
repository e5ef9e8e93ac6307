/*
 * paging.c - page directories and page tables (two-level, 4 KiB pages for
 * user space; the kernel half uses the 4 MiB pages set up in entry.asm,
 * split into 4 KiB pages for the RAM we manage by paging_split_lowmem).
 * See paging.h for the virtual memory layout.
 */
#include "arch/paging.h"
#include "mm/pmm.h"
#include "arch/cpu.h"
#include "lib/string.h"
#include "console/printk.h"
#include "spinlock.h"

#define PDE_INDEX(va) ((va) >> 22)
#define PTE_INDEX(va) (((va) >> 12) & 0x3FF)
#define KERNEL_PDE_FIRST PDE_INDEX(KERNEL_BASE)

static spinlock_t ioremap_lock = SPINLOCK_INIT("ioremap");
static uint32_t ioremap_next = IOREMAP_BASE;

void paging_init(void)
{
	boot_page_dir[0] = 0;       /* the identity map was for the jump only */
	write_cr3(read_cr3());
}

/*
 * The direct map of [0, top) in 4 KiB pages instead of 4 MiB ones, so that
 * single pages can be unmapped (the guard page below each kernel stack,
 * kstack.c).  At boot, before any other address space exists: every later
 * page directory copies these PDEs, so all share the page tables and see
 * each change.  Returns -1 (and keeps the 4 MiB pages) when out of memory.
 */
int paging_split_lowmem(uint32_t top)
{
	uint32_t va;
	unsigned i;

	for (va = KERNEL_BASE; va - KERNEL_BASE < top && va - KERNEL_BASE < LOWMEM_LIMIT;
	     va += 0x400000) {
		uint32_t *pde = &boot_page_dir[PDE_INDEX(va)];
		uint32_t pa = pmm_alloc_for(PMM_PGTABLE, 1, 1), *pt;

		if (!pa)
			return -1;
		pt = phys_to_virt(pa);
		for (i = 0; i < 1024; i++)
			pt[i] = ((*pde & ~0x3FFFFFu) + i * PAGE_SIZE) | PTE_PRESENT | PTE_WRITE;
		*pde = pa | PTE_PRESENT | PTE_WRITE;
	}
	write_cr3(read_cr3());
	return 0;
}

/*
 * Unmap (present = 0) or map again one page of the direct map split above.
 * Only this CPU's TLB is flushed: another CPU may still see an unmapped
 * page for a while (it then misses a guard, and nothing else), and never
 * caches a not-present entry, so mapping again needs no flush there.
 */
void kernel_page_set_present(uint32_t va, int present)
{
	uint32_t pde = boot_page_dir[PDE_INDEX(va)], *pt;

	if (va < KERNEL_BASE || (pde & (PTE_PRESENT | PTE_4M)) != PTE_PRESENT)
		return;                     /* not split: the page stays mapped */
	pt = phys_to_virt(pde & ~0xFFFu);
	if (present)
		pt[PTE_INDEX(va)] |= PTE_PRESENT;
	else
		pt[PTE_INDEX(va)] &= ~(uint32_t)PTE_PRESENT;
	invlpg(va);
}

/* The highest physical address bit a 4 MiB page can hold through PSE-36
 * (CPUID.1:EDX bit 17): MAXPHYADDR - 1, at most 39; 0 without PSE-36. */
static unsigned pse36_top_bit(void)
{
	uint32_t r[4];
	unsigned maxphys = 36;

	cpuid(1, 0, r);
	if (!(r[3] & (1u << 17)))
		return 0;
	cpuid(0x80000000u, 0, r);
	if (r[0] >= 0x80000008u) {
		cpuid(0x80000008u, 0, r);
		maxphys = r[0] & 0xFF;
	}
	return (maxphys > 40 ? 40 : maxphys) - 1;
}

/*
 * A device's registers above 4 GiB (a 64-bit PCI BAR the firmware put
 * high, as OVMF does): one 4 MiB page reaches them through PSE-36, the
 * PDE's bits 20..13 holding physical address bits 39..32 (Intel SDM vol. 3,
 * 4.3).  Below 4 GiB, ioremap().  NULL when the CPU cannot reach it or the
 * region crosses a 4 MiB boundary.
 */
void *ioremap64(uint64_t phys, uint32_t size)
{
	uint64_t base = phys & ~0x3FFFFFull;
	unsigned long f;
	uint32_t va;

	if (phys + size <= 0x100000000ull)
		return ioremap((uint32_t)phys, size);
	if ((phys + size - 1) >> (pse36_top_bit() + 1) || !pse36_top_bit() ||
	    (phys & 0x3FFFFF) + size > 0x400000)
		return 0;
	f = spin_lock_irqsave(&ioremap_lock);
	if (ioremap_next >= IOREMAP_END) {
		spin_unlock_irqrestore(&ioremap_lock, f);
		return 0;
	}
	va = ioremap_next;
	ioremap_next += 0x400000;
	boot_page_dir[PDE_INDEX(va)] = (uint32_t)base | (uint32_t)(base >> 32) << 13 |
		PTE_PRESENT | PTE_WRITE | PTE_4M | PTE_PCD | PTE_PWT;
	invlpg(va);
	spin_unlock_irqrestore(&ioremap_lock, f);
	return (void *)(va + (uint32_t)(phys & 0x3FFFFF));
}

/*
 * Map the 4 MiB regions covering [phys, phys+size) uncached.  Below lowmem
 * the direct map already covers it.  Windows are never unmapped.
 */
void *ioremap(uint32_t phys, uint32_t size)
{
	uint32_t base = phys & ~0x3FFFFFu, end = phys + size, va, first;
	unsigned long f;
	int i;

	if (end <= LOWMEM_LIMIT && phys < LOWMEM_LIMIT)
		return phys_to_virt(phys);
	f = spin_lock_irqsave(&ioremap_lock);
	for (va = IOREMAP_BASE; va < ioremap_next; va += 0x400000)   /* reuse */
		if ((boot_page_dir[PDE_INDEX(va)] & ~0x3FFFFFu) == base &&
		    end <= base + 0x400000) {
			spin_unlock_irqrestore(&ioremap_lock, f);
			return (void *)(va + (phys - base));
		}
	first = ioremap_next;
	for (i = 0; base + (uint32_t)i * 0x400000 < end || i == 0; i++) {
		if (ioremap_next >= IOREMAP_END) {
			spin_unlock_irqrestore(&ioremap_lock, f);
			printk("nickel: ioremap: no window left for 0x%x\n", phys);
			return 0;
		}
		boot_page_dir[PDE_INDEX(ioremap_next)] = (base + i * 0x400000) |
			PTE_PRESENT | PTE_WRITE | PTE_4M | PTE_PCD | PTE_PWT;
		invlpg(ioremap_next);
		ioremap_next += 0x400000;
	}
	spin_unlock_irqrestore(&ioremap_lock, f);
	return (void *)(first + (phys - base));
}

uint32_t *pgdir_create(void)
{
	uint32_t pa = pmm_alloc_for(PMM_PGTABLE, 1, 1);
	uint32_t *pd;

	if (!pa)
		return 0;
	pd = phys_to_virt(pa);
	memset(pd, 0, KERNEL_PDE_FIRST * 4);
	memcpy(pd + KERNEL_PDE_FIRST, boot_page_dir + KERNEL_PDE_FIRST,
	       (1024 - KERNEL_PDE_FIRST) * 4);
	return pd;
}

void pgdir_destroy(uint32_t *pd)
{
	unsigned i;

	for (i = 0; i < KERNEL_PDE_FIRST; i++)
		if (pd[i] & PTE_PRESENT)
			pmm_free(pd[i] & ~0xFFFu);
	pmm_free(virt_to_phys(pd));
}

/* The page-table entry for va, allocating the page table when `create`. */
static uint32_t *walk(uint32_t *pd, uint32_t va, int create)
{
	uint32_t *pde = &pd[PDE_INDEX(va)];
	uint32_t *pt;

	if (!(*pde & PTE_PRESENT)) {
		uint32_t pa;
		if (!create || !(pa = pmm_alloc_for(PMM_PGTABLE, 1, 1)))
			return 0;
		memset(phys_to_virt(pa), 0, PAGE_SIZE);
		*pde = pa | PTE_PRESENT | PTE_WRITE | PTE_USER;
	}
	pt = phys_to_virt(*pde & ~0xFFFu);
	return &pt[PTE_INDEX(va)];
}

int map_page(uint32_t *pd, uint32_t va, uint32_t pa, uint32_t flags)
{
	uint32_t *pte;

	if (va >= USER_TOP)
		return -1;                  /* the kernel half is fixed */
	pte = walk(pd, va, 1);
	if (!pte)
		return -1;
	*pte = (pa & ~0xFFFu) | flags | PTE_PRESENT;
	invlpg(va);
	return 0;
}

void unmap_page(uint32_t *pd, uint32_t va)
{
	uint32_t *pte = walk(pd, va, 0);

	if (pte) {
		*pte = 0;
		invlpg(va);
	}
}

uint32_t *page_lookup(uint32_t *pd, uint32_t va)
{
	uint32_t *pte = va < USER_TOP ? walk(pd, va, 0) : 0;
	return (pte && (*pte & PTE_PRESENT)) ? pte : 0;
}

void pgdir_activate(uint32_t *pd)
{
	write_cr3(virt_to_phys(pd));
}

/* Is kernel address va mapped (the kernel half of every address space)? */
int kernel_page_mapped(uint32_t va)
{
	uint32_t pde = boot_page_dir[PDE_INDEX(va)];

	if (va < KERNEL_BASE || !(pde & PTE_PRESENT))
		return 0;
	if (pde & PTE_4M)
		return 1;
	return (((uint32_t *)phys_to_virt(pde & ~0xFFFu))[PTE_INDEX(va)] & PTE_PRESENT) != 0;
}
