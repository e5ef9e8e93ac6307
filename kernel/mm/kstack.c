/*
 * kstack.c - kernel stacks with a guard page below each one.
 *
 * A kernel stack is KSTACK_SIZE bytes, aligned to its size (masking esp
 * finds its thread_info at the bottom).  Stacks come from the page
 * allocator, so without a guard an overflow runs silently into whatever
 * frame lies below: another task's stack, a heap chunk, a page table.
 * So each stack is allocated with one more frame below it, and that frame
 * is unmapped from the direct map (paging_split_lowmem at boot made it out
 * of 4 KiB pages).  An overflow first overwrites the thread_info (the
 * lowest bytes of the stack), then touches the guard: a page fault that
 * cannot push its frame, a double fault, and double_fault.c reports it
 * ("esp in the guard page below it: kernel stack overflow").
 *
 * Page accounting: the guard frame is charged to `kstack` with its stack
 * (KSTACK_FRAMES per stack) and given back with it.  When the split failed
 * at boot the guard frames stay mapped: stacks work, without the guard.
 * The boot CPU's stack is in the kernel image (boot/entry.asm); its guard
 * is the image page below it, unmapped by kstack_guard_boot_stack.
 */
#include "mm/kstack.h"
#include "mm/pmm.h"
#include "arch/paging.h"
#include "console/printk.h"
#include "arch/thread_info.h"

#define STACK_FRAMES (KSTACK_SIZE / PAGE_SIZE)

void kstack_init(void)
{
	if (paging_split_lowmem(pmm_top()) != 0)
		printk("nickel: no memory to split the direct map: kernel stacks "
		       "have no guard pages\n");
}

/* The boot stack: its guard is the page of boot_stack_area below it. */
void kstack_guard_boot_stack(void)
{
	kernel_page_set_present((uint32_t)current_thread_info() - PAGE_SIZE, 0);
}

struct thread_info *kstack_alloc(void)
{
	uint32_t guard = pmm_alloc_skewed(PMM_KSTACK, KSTACK_FRAMES, STACK_FRAMES, 1);

	if (!guard)
		return 0;
	kernel_page_set_present((uint32_t)phys_to_virt(guard), 0);
	return phys_to_virt(guard + PAGE_SIZE);
}

void kstack_free(struct thread_info *bottom)
{
	uint32_t guard = virt_to_phys(bottom) - PAGE_SIZE;

	kernel_page_set_present((uint32_t)phys_to_virt(guard), 1);
	pmm_free_contig(guard, KSTACK_FRAMES);
}
