/*
 * paging.h - the kernel's view of memory.
 *
 * Virtual layout (as on Linux i386):
 *   0x00000000 .. 0xBFFFFFFF  user space, one page table tree per process
 *   0xC0000000 .. 0xEFFFFFFF  all physical memory below 768 MiB ("lowmem"),
 *                             mapped with 4 MiB pages at boot; the kernel
 *                             image sits at 0xC0100000 (physical 1 MiB)
 *   0xF0000000 .. 0xFFBFFFFF  ioremap() windows (LAPIC, IOAPIC, ACPI tables
 *                             above lowmem), 4 MiB each, uncached
 * The kernel half (page directory entries 768..1023) is set up at boot and
 * copied into every new address space, so it must not change afterwards
 * except through ioremap() before the first process exists.  The direct
 * map of managed RAM uses shared 4 KiB page tables (paging_split_lowmem),
 * whose entries may change at any time: kernel_page_set_present.
 */
#ifndef ARCH_PAGING_H
#define ARCH_PAGING_H
#include <stdint.h>

#define PAGE_SIZE     4096u
#define KERNEL_BASE   0xC0000000u
#define LOWMEM_LIMIT  0x30000000u          /* 768 MiB of physical memory */
#define IOREMAP_BASE  0xF0000000u
#define IOREMAP_END   0xFFC00000u
#define USER_TOP      0xC0000000u

#define PTE_PRESENT 0x001
#define PTE_WRITE   0x002
#define PTE_USER    0x004
#define PTE_PWT     0x008
#define PTE_PCD     0x010
#define PTE_4M      0x080
#define PTE_COW     0x200                  /* software bit: copy on write */

static inline void *phys_to_virt(uint32_t pa) { return (void *)(pa + KERNEL_BASE); }
static inline uint32_t virt_to_phys(const void *va) { return (uint32_t)va - KERNEL_BASE; }

extern uint32_t boot_page_dir[1024];       /* boot/entry.asm: the kernel's */

void paging_init(void);                    /* drop the boot identity map */
void *ioremap(uint32_t phys, uint32_t size);
void *ioremap64(uint64_t phys, uint32_t size);   /* above 4 GiB too (PSE-36) */
uint32_t *pgdir_create(void);              /* new tree sharing the kernel half */
void pgdir_destroy(uint32_t *pd);          /* frees user page tables (not pages) */
int  map_page(uint32_t *pd, uint32_t va, uint32_t pa, uint32_t flags);
void unmap_page(uint32_t *pd, uint32_t va);
uint32_t *page_lookup(uint32_t *pd, uint32_t va);   /* PTE or NULL */
void pgdir_activate(uint32_t *pd);         /* load pd into this CPU's CR3 */
int  kernel_page_mapped(uint32_t va);      /* in the shared kernel half? */
int  paging_split_lowmem(uint32_t top);    /* boot: 4 KiB pages below top */
void kernel_page_set_present(uint32_t va, int present);   /* split pages only */
#endif
