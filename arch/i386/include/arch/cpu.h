/* cpu.h - small wrappers around privileged x86 instructions. */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H
#include <stdint.h>
#include "arch/percpu.h"
#include "arch/thread_info.h"

#define EFLAGS_IF 0x200

static inline void cli(void) { __asm__ volatile("cli" ::: "memory"); }
static inline void sti(void) { __asm__ volatile("sti" ::: "memory"); }
static inline void hlt(void) { __asm__ volatile("hlt" ::: "memory"); }
static inline void cpu_relax(void) { __asm__ volatile("pause" ::: "memory"); }

static inline uint32_t read_eflags(void)
{
	uint32_t f;
	__asm__ volatile("pushfl; popl %0" : "=r"(f));
	return f;
}

/* Disable interrupts and return the old EFLAGS (for irq_restore). */
static inline unsigned long irq_save(void)
{
	unsigned long f;
	__asm__ volatile("pushfl; popl %0; cli" : "=r"(f) : : "memory");
	return f;
}

static inline void irq_restore(unsigned long f)
{
	if (f & EFLAGS_IF)
		sti();
}

static inline int irqs_enabled(void) { return (read_eflags() & EFLAGS_IF) != 0; }

static inline uint32_t read_cr2(void) { uint32_t v; __asm__ volatile("mov %%cr2,%0" : "=r"(v)); return v; }
static inline uint32_t read_cr3(void) { uint32_t v; __asm__ volatile("mov %%cr3,%0" : "=r"(v)); return v; }
/* Each CPU's TSS keeps the CR3 it loaded last: a task switch does not
 * save CR3, and the double-fault report wants the one that faulted. */
static inline void write_cr3(uint32_t v)
{
	cpus[current_thread_info()->cpu & (NR_CPUS_MAX - 1)].tss.cr3 = v;
	__asm__ volatile("mov %0,%%cr3" : : "r"(v) : "memory");
}

static inline void invlpg(uint32_t va)
{
	__asm__ volatile("invlpg (%0)" : : "r"(va) : "memory");
}

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

static inline void cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	__asm__ volatile("cpuid"
			 : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			 : "a"(leaf), "c"(sub));
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v), "d"((uint32_t)(v >> 32)));
}

static inline uint32_t read_ebp(void)
{
	uint32_t v;
	__asm__ volatile("mov %%ebp,%0" : "=r"(v));
	return v;
}
#endif
