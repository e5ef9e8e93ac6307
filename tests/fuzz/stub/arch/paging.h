/* stub/arch/paging.h - paging for tests/fuzz/fuzz_elf.c: a "physical
 * address" is a frame number, phys_to_virt finds its heap page. */
#ifndef FUZZ_STUB_PAGING_H
#define FUZZ_STUB_PAGING_H
#include <stdint.h>

#define PAGE_SIZE 4096u
#define PTE_WRITE 0x002
#define PTE_USER  0x004
void *phys_to_virt(uint32_t pa);
int map_page(uint32_t *pd, uint32_t va, uint32_t pa, uint32_t flags);
uint32_t *page_lookup(uint32_t *pd, uint32_t va);
#endif
