/* stub/mm/pmm.h - the page allocator for tests/fuzz/fuzz_elf.c: frames are
 * heap pages, a few per input (then it runs out, as the kernel may). */
#ifndef FUZZ_STUB_PMM_H
#define FUZZ_STUB_PMM_H
#include <stdint.h>

enum pmm_owner { PMM_USER };
uint32_t pmm_alloc_for(enum pmm_owner o, unsigned n, unsigned align_frames);
void pmm_free(uint32_t pa);
#endif
