/*
 * percpu.h - what each CPU owns: its GDT and TSS, its idle task, its ids.
 *
 * The running CPU is found through the current task's thread_info
 * (thread_info->cpu), as Linux 2.6 i386 does: no segment tricks.
 */
#ifndef ARCH_PERCPU_H
#define ARCH_PERCPU_H
#include <stdint.h>
#include "sched/nr_cpus.h"      /* NR_CPUS_MAX: the one limit */
#if NR_CPUS_MAX & (NR_CPUS_MAX - 1)
#error "write_cr3 (cpu.h) masks CPU ids with NR_CPUS_MAX - 1: a power of two"
#endif

struct tss {
	uint32_t link, esp0, ss0, esp1, ss1, esp2, ss2, cr3, eip, eflags;
	uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
	uint32_t es, cs, ss, ds, fs, gs, ldt;
	uint16_t trap, iomap_base;
} __attribute__((packed));

struct task;

struct cpu {
	int id;                 /* 0..ncpus-1, index in cpus[] */
	int apic_id;
	int online;
	struct task *idle;
	uint64_t gdt[7];        /* null, 4 segments, TSS, double-fault TSS */
	struct tss tss;         /* cr3: not used by the CPU (no task switch comes
				   here), kept = CR3 by write_cr3 for the
				   double-fault report (double_fault.c) */
	volatile uint32_t ipis;       /* IPIs received (stat dump) */
};

extern struct cpu cpus[NR_CPUS_MAX];
extern int ncpus;

/* Segment selectors (same on every CPU). */
#define SEL_KCODE 0x08
#define SEL_KDATA 0x10
#define SEL_UCODE 0x1B
#define SEL_UDATA 0x23
#define SEL_TSS   0x28
#define SEL_DF_TSS 0x30   /* the CPU's double-fault task (double_fault.c) */

void gdt_init_cpu(struct cpu *c);
void gdt_set_df_tss(struct cpu *c, struct tss *t);
/* Vector 8 gets its own task: a TSS, stack and CR3 per CPU, so that a
 * double fault on a broken stack still reports (double_fault.c). */
void double_fault_init_cpu(struct cpu *c);
#endif
