/*
 * sysenter.h - the fast system call entry (SYSENTER/SYSEXIT) beside int 0x80.
 *
 * Every process gets one read-only user page at VSYSCALL_VA holding the
 * entry code (sysenter_entry.asm: vsys_start), and its address as AT_SYSINFO in
 * the auxiliary vector, as Linux i386 gives __kernel_vsyscall: a program
 * calls it with int 0x80's registers.  docs/user.md, "The system call path".
 */
#ifndef ARCH_SYSENTER_H
#define ARCH_SYSENTER_H
#include <stdint.h>

#define VSYSCALL_VA 0xB0000000u   /* = MMAP_TOP (mm.h): above the mmaps, below
				     the stack; = sysenter_entry.asm */
#define AT_SYSINFO  32

struct cpu;
struct mm;

/* Each CPU, from gdt_init_cpu: the MSRs, if the CPU has SYSENTER (CPUID SEP). */
void sysenter_init_cpu(struct cpu *c);
/* Map the entry page into mm: AT_SYSINFO's value, or 0 (no SYSENTER on
 * some CPU, no memory): then the program uses int 0x80. */
uint32_t vsyscall_map(struct mm *mm);
/* This CPU's kernel stack for SYSENTER (arch_switch_to). */
void sysenter_set_stack(uint32_t esp0);
/* The system call handler, the one int 0x80's vector has (syscall.c): the
 * fast entry carries nothing but calls, so it calls it straight away
 * instead of asking trap_dispatch what came in. */
struct trap_frame;
void sysenter_set_syscall_handler(void (*handler)(struct trap_frame *f));
#endif
