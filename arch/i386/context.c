/*
 * context.c - the i386 half of a task switch: what the CPU must be told
 * when another task takes it.  kernel/schedule.c decides when; this file how.
 */
#include "arch/context.h"
#include "proc/task.h"
#include "mm/mm.h"
#include "arch/paging.h"
#include "arch/percpu.h"
#include "arch/cpu.h"
#include "mm/kstack.h"

#include "arch/switch.h"
#include "arch/sysenter.h"

/* A process runs on its own page tables; kernel threads on the kernel's
 * (so that no CPU keeps a freed page directory loaded).  CR3 is written
 * only when it changes (a write flushes the TLB), and inline: this is every
 * switch's path (pgdir_activate's write, write_cr3). */
static inline void switch_address_space(struct task *next)
{
	uint32_t want = virt_to_phys(next->mm ? next->mm->pgdir : boot_page_dir);

	if (read_cr3() != want)
		write_cr3(want);
}

/* x87 state belongs to processes; the kernel is built without floats. */
static inline void switch_fpu(struct task *prev, struct task *next)
{
	if (prev->fpu_used)
		__asm__ volatile("fnsave %0" : "=m"(prev->fpu));
	if (next->fpu_used)
		__asm__ volatile("frstor %0" : : "m"(next->fpu));
}

/* c is the running CPU: int 0x80 and interrupts from ring 3 find esp0 in
 * its TSS, SYSENTER in an MSR of the CPU itself (sysenter.c). */
static inline void set_kernel_stack(struct cpu *c, uint32_t esp0)
{
	c->tss.esp0 = esp0;
	sysenter_set_stack(esp0);
}

void arch_switch_to(struct task *prev, struct task *next, int cpu)
{
	next->ti->cpu = cpu;
	set_kernel_stack(&cpus[cpu], (uint32_t)next->ti + KSTACK_SIZE);
	switch_address_space(next);
	switch_fpu(prev, next);
	switch_to(&prev->saved_esp, next->saved_esp);
}
