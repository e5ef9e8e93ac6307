/*
 * elf_load.c - map a checked ELF executable into an address space: each
 * PT_LOAD segment gets fresh pages (text read-only, data writable), filled
 * from the file and zero beyond its file size (.bss).  The heap starts at
 * the page after the highest segment.
 */
#include "proc/elf.h"
#include "mm/mm.h"
#include "arch/paging.h"
#include "mm/pmm.h"
#include "lib/string.h"

#define PF_W 2

struct phdr { uint32_t type, offset, vaddr, paddr, filesz, memsz, flags, align; };

/* Copy the file bytes of one page of a segment into the frame at pa. */
static void fill_page(uint32_t pa, uint32_t page_va, const struct phdr *p,
		      const uint8_t *image)
{
	uint8_t *dst = phys_to_virt(pa);
	uint32_t lo = page_va > p->vaddr ? page_va : p->vaddr;
	uint32_t hi = page_va + PAGE_SIZE, file_end = p->vaddr + p->filesz;

	if (hi > file_end)
		hi = file_end;
	if (lo < hi)
		memcpy(dst + (lo - page_va), image + p->offset + (lo - p->vaddr), hi - lo);
}

static int load_segment(struct mm *mm, const struct phdr *p, const uint8_t *image)
{
	uint32_t va, end = p->vaddr + p->memsz;
	uint32_t flags = PTE_USER | ((p->flags & PF_W) ? PTE_WRITE : 0);

	for (va = p->vaddr & ~0xFFFu; va < end; va += PAGE_SIZE) {
		uint32_t *pte = page_lookup(mm->pgdir, va);
		uint32_t pa;

		if (pte) {                       /* shared with the previous segment */
			fill_page(*pte & ~0xFFFu, va, p, image);
			*pte |= flags;
			continue;
		}
		pa = pmm_alloc_for(PMM_USER, 1, 1);
		if (!pa)
			return -1;
		memset(phys_to_virt(pa), 0, PAGE_SIZE);
		fill_page(pa, va, p, image);
		if (map_page(mm->pgdir, va, pa, flags) != 0) {
			pmm_free(pa);
			return -1;
		}
	}
	if (end > mm->image_end)
		mm->image_end = (end + 0xFFF) & ~0xFFFu;
	return 0;
}

/* elf_check has vouched for the fields; phoff may still be odd, so every
 * header is copied out rather than read through a misaligned pointer. */
uint32_t elf_load(struct mm *mm, const void *image, size_t size)
{
	const uint8_t *bytes = image;
	uint32_t phoff, entry;
	uint16_t phnum;
	struct phdr ph;
	int i;

	(void)size;
	memcpy(&entry, bytes + 24, 4);
	memcpy(&phoff, bytes + 28, 4);
	memcpy(&phnum, bytes + 44, 2);
	for (i = 0; i < phnum; i++) {
		memcpy(&ph, bytes + phoff + (size_t)i * sizeof(ph), sizeof(ph));
		if (ph.type == 1 && load_segment(mm, &ph, bytes) != 0)
			return 0;
	}
	mm->brk_start = mm->brk = mm->image_end;
	return entry;
}
