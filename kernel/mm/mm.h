/*
 * mm.h - a process's address space (the user half, below USER_TOP).
 *
 * Regions, all page aligned:
 *   ELF segments   mapped and filled at exec (text read-only)
 *   heap           [brk_start, brk): zero pages on first touch
 *   mmap areas     anonymous, zero pages on first touch, below MMAP_TOP
 *   stack          [USER_TOP - STACK_MAX, USER_TOP): zero pages on touch
 * fork shares every page copy-on-write (frame reference counts in pmm.c);
 * the first write to a shared page copies it (mm_handle_fault).
 * Lock: an mm belongs to one task (no threads), which alone changes it;
 * the frames it shares are counted under pmm_lock (pmm.c).  Only the CPU
 * running that task holds its TLB entries (every switch away loads
 * another CR3), so a local flush is the whole shootdown.
 */
#ifndef NICKEL_MM_H
#define NICKEL_MM_H
#include <stdint.h>
#include "lib/list.h"

#define STACK_MAX   (1024 * 1024)          /* nickel: 1 MiB of user stack */
#define MMAP_TOP    0xB0000000u
#define MAX_MMAPS   64

struct mmap_area {
	uint32_t start, end;                   /* end exclusive; 0,0 = unused */
};

struct mm {
	uint32_t *pgdir;
	uint32_t brk_start, brk;
	uint32_t mmap_low;                     /* next mmap goes below this */
	struct mmap_area mmaps[MAX_MMAPS];
	uint32_t image_end;                    /* end of the ELF segments */
};

struct mm *mm_create(void);
void mm_destroy(struct mm *mm);
struct mm *mm_fork(struct mm *parent);     /* copy-on-write copy */
int mm_map_zero(struct mm *mm, uint32_t va, uint32_t flags);
/* Page fault at va (write?) in ring 3: 0 if fixed up, -1 for SIGSEGV. */
int mm_handle_fault(struct mm *mm, uint32_t va, int write, int present);
/* Make [va, va+len) usable for a kernel access (write?): faults it in. */
int mm_prepare_access(struct mm *mm, uint32_t va, uint32_t len, int write);
uint32_t mm_brk(struct mm *mm, uint32_t new_brk);
uint32_t mm_mmap(struct mm *mm, uint32_t len);       /* 0 when no room */
int mm_munmap(struct mm *mm, uint32_t va, uint32_t len);
#endif
