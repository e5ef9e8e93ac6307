/* stub/mm/mm.h - what elf_load.c needs of an address space, for
 * tests/fuzz/fuzz_elf.c: a page table is a short list of (va, frame). */
#ifndef FUZZ_STUB_MM_H
#define FUZZ_STUB_MM_H
#include <stdint.h>

struct mm {
	uint32_t *pgdir;
	uint32_t brk_start, brk;
	uint32_t image_end;
};
#endif
