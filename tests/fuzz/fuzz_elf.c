/*
 * fuzz_elf.c - the ELF checker and loader (kernel/proc/elf_validate.c,
 * elf_load.c) on any bytes.  The input, copied to exactly its size, goes to
 * elf_check; a file it accepts is loaded into a fake address space (the
 * stubs below: heap pages for frames, a list for the page table), so
 * AddressSanitizer stops the loader if it reads past the file or writes
 * past a page, whatever the checker let through.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "proc/elf.h"
#include "mm/mm.h"
#include "mm/pmm.h"
#include "arch/paging.h"

#define USER_TOP   0xC0000000u       /* kernel/mm: the kernel starts there */
#define MAX_FRAMES 64                /* then the loader sees "out of memory" */

static void *frame[MAX_FRAMES];
static int nr_frames;
static struct { uint32_t va, pte; } pt[MAX_FRAMES];
static int nr_pt;

uint32_t pmm_alloc_for(enum pmm_owner o, unsigned n, unsigned align_frames)
{
	if (n != 1 || nr_frames == MAX_FRAMES)
		return 0;
	frame[nr_frames] = malloc(PAGE_SIZE);
	return (uint32_t)++nr_frames * PAGE_SIZE;
}

void pmm_free(uint32_t pa) { (void)pa; }     /* freed with the input */

void *phys_to_virt(uint32_t pa)
{
	uint32_t i = pa / PAGE_SIZE;

	if (pa % PAGE_SIZE || i < 1 || i > (uint32_t)nr_frames)
		abort();                              /* not a frame we gave */
	return frame[i - 1];
}

int map_page(uint32_t *pd, uint32_t va, uint32_t pa, uint32_t flags)
{
	if (va % PAGE_SIZE || va >= USER_TOP || nr_pt == MAX_FRAMES)
		abort();                              /* one frame, one mapping */
	pt[nr_pt].va = va;
	pt[nr_pt++].pte = pa | flags;
	return 0;
}

uint32_t *page_lookup(uint32_t *pd, uint32_t va)
{
	int i;

	for (i = 0; i < nr_pt; i++)
		if (pt[i].va == (va & ~0xFFFu))
			return &pt[i].pte;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *image = malloc(size ? size : 1);
	struct mm mm;
	uint32_t entry, want;

	memcpy(image, data, size);
	if (elf_check(image, size, USER_TOP) == 0) {
		memset(&mm, 0, sizeof(mm));
		memcpy(&want, image + 24, 4);
		entry = elf_load(&mm, image, size);
		if (entry && (entry != want || mm.brk != mm.image_end || mm.image_end > USER_TOP))
			abort();
	}
	while (nr_frames)
		free(frame[--nr_frames]);
	nr_pt = 0;
	free(image);
	return 0;
}
