/*
 * sysenter.c - the fast system call entry: SYSENTER in, SYSEXIT out
 * (sysenter_entry.asm), beside int 0x80, which every program may still use.
 *
 * SYSENTER loads cs, ss, esp and eip from three MSRs and nothing from the
 * stack or the IDT, so it costs far less than an interrupt gate; SYSEXIT
 * returns to ring 3 from ecx (esp) and edx (eip).  It needs the GDT laid out
 * as ours is: kernel code, kernel data, user code, user data in a row
 * (percpu.h: 0x08, 0x10, 0x1B, 0x23).  Intel SDM vol. 2, SYSENTER.
 *
 * The stack MSR holds the running task's kernel stack top: written at each
 * task switch (sysenter_set_stack, beside the TSS's esp0), so the entry
 * starts on the right stack from its first instruction and an NMI or a
 * single-step trap there is an ordinary nested trap.  (Linux 2.6 pointed it
 * at a small per-CPU stack instead and fixed up NMIs and debug traps that
 * hit before the switch to the real one.)
 */
#include "arch/sysenter.h"
#include "arch/percpu.h"
#include "arch/cpu.h"
#include "arch/trap.h"
#include "arch/kernel_hooks.h"
#include "arch/paging.h"
#include "mm/mm.h"
#include "mm/pmm.h"
#include "panic.h"
#include "lib/string.h"

#define MSR_SYSENTER_CS  0x174
#define MSR_SYSENTER_ESP 0x175
#define MSR_SYSENTER_EIP 0x176
#define CPUID_SEP        (1u << 11)
#define EFLAGS_TF        0x100

/* sysenter_entry.asm */
extern const uint8_t vsys_start[], vsys_end[];
extern const uint8_t sysenter_entry[], sysenter_entry_flags_saved[], sysenter_entry_tf[];
extern const uint8_t sysenter_arg6_load[], sysenter_bad_stack[];

/* 1 while every CPU started so far can SYSENTER (all start before the first
 * process); 0 turns AT_SYSINFO off. */
static int sysenter_ok = -1;
static uint32_t vsys_page;          /* physical; one reference kept forever */

/* CPUID's SEP bit, but not on the first Pentium Pros, which set it
 * without having the instructions (SDM: family 6, model < 3, stepping < 3). */
static int cpu_has_sysenter(void)
{
	uint32_t r[4];
	unsigned family, model, stepping;

	cpuid(1, 0, r);
	family = (r[0] >> 8) & 0xF;
	model = (r[0] >> 4) & 0xF;
	stepping = r[0] & 0xF;
	if (family == 6 && model < 3 && stepping < 3)
		return 0;
	return (r[3] & CPUID_SEP) != 0;
}

/* Single-step #DB: a ring-3 TF survives SYSENTER, so the trap comes in the
 * kernel at the entry's first instruction (or, if the CPU delays it, after
 * it).  Clear TF for the kernel; the frame keeps ring 3's (sysenter_entry.asm). */
static void debug_trap(struct trap_frame *f)
{
	if (!trap_from_user(f) && (f->eflags & EFLAGS_TF)) {
		if (f->eip == (uint32_t)sysenter_entry) {
			f->eip = (uint32_t)sysenter_entry_tf;
			f->eflags &= ~EFLAGS_TF;
			return;
		}
		if (f->eip == (uint32_t)sysenter_entry_flags_saved) {
			f->eflags &= ~EFLAGS_TF;
			return;
		}
	}
	exception_unhandled(f);
}

/* A page fault in the kernel at the entry's one read of ring-3 memory (the
 * sixth argument, at a user esp the program chose): the call fails with
 * -EFAULT instead (sysenter_bad_stack).  Every other fault as before. */
static void page_fault_trap(struct trap_frame *f)
{
	if (!trap_from_user(f) && f->eip == (uint32_t)sysenter_arg6_load) {
		f->eip = (uint32_t)sysenter_bad_stack;
		return;
	}
	exception_unhandled(f);
}

void sysenter_init_cpu(struct cpu *c)
{
	if (!cpu_has_sysenter()) {
		sysenter_ok = 0;
		return;
	}
	if (sysenter_ok < 0)
		sysenter_ok = 1;
	wrmsr(MSR_SYSENTER_CS, SEL_KCODE);   /* ss = cs + 8; ring 3: + 16, + 24 */
	wrmsr(MSR_SYSENTER_EIP, (uint32_t)sysenter_entry);
	wrmsr(MSR_SYSENTER_ESP, c->tss.esp0);
	if (c == &cpus[0]) {
		trap_set_handler(T_DEBUG, debug_trap);
		trap_set_handler(T_PAGE_FAULT, page_fault_trap);
	}
}

static void (*syscall_handler)(struct trap_frame *f);

void sysenter_set_syscall_handler(void (*handler)(struct trap_frame *f))
{
	syscall_handler = handler;
}

/* sysenter_entry.asm's call into the kernel: trap_dispatch's work for
 * vector 0x80 (the call, then the trap-return hook: signals, preemption). */
void sysenter_dispatch(struct trap_frame *f)
{
	if (!syscall_handler || !kernel_hooks.trap_return) {
		trap_dispatch(f);
		return;
	}
	syscall_handler(f);
	kernel_hooks.trap_return(f);
}

void sysenter_set_stack(uint32_t esp0)
{
	if (sysenter_ok > 0)
		wrmsr(MSR_SYSENTER_ESP, esp0);
}

/* The page with the entry code, made on the first exec (two CPUs may race
 * to make it: the loser frees its copy). */
static uint32_t entry_page(void)
{
	uint32_t pa = vsys_page;

	if (pa)
		return pa;
	pa = pmm_alloc_for(PMM_USER, 1, 1);
	if (!pa)
		return 0;
	memset(phys_to_virt(pa), 0xCC, PAGE_SIZE);          /* int3 around the code */
	memcpy(phys_to_virt(pa), vsys_start, (size_t)(vsys_end - vsys_start));
	if (!__sync_bool_compare_and_swap(&vsys_page, 0, pa))
		pmm_free(pa);
	return vsys_page;
}

uint32_t vsyscall_map(struct mm *mm)
{
	uint32_t pa;

	if (sysenter_ok <= 0 || !(pa = entry_page()))
		return 0;
	if (map_page(mm->pgdir, VSYSCALL_VA, pa, PTE_USER) != 0)
		return 0;
	pmm_ref(pa);                 /* mm_destroy drops one per mapping */
	return VSYSCALL_VA;
}
