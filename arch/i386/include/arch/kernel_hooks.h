/*
 * kernel_hooks.h - the kernel's entry points that arch code calls: a CPU's
 * timer tick, the end of every trap, and a new CPU's first steps.  The
 * kernel fills them in once at boot (kernel/run.c), as it gives the PIT
 * CPU 0's tick (pit_set_tick_hook), so no file of arch/ calls the kernel's
 * scheduling code by name.  All are set before the first timer starts and
 * before the other CPUs; trap_return and nmi_wanted may still be empty
 * for a trap that comes earlier.
 */
#ifndef ARCH_KERNEL_HOOKS_H
#define ARCH_KERNEL_HOOKS_H

struct trap_frame;

struct arch_kernel_hooks {
	void (*cpu_tick)(int cpu);                 /* once per jiffy, per CPU */
	void (*cpu_tick_missed)(int cpu);          /* a timer interrupt, no jiffy gone by */
	void (*trap_return)(struct trap_frame *f); /* the end of every interrupt and syscall */
	void (*cpu_adopt_stack)(int cpu);          /* an AP's boot stack becomes its idle task */
	void (*cpu_idle)(void) __attribute__((noreturn)); /* and it never comes back */
	int (*nmi_wanted)(struct trap_frame *f);   /* an NMI someone asked for: 1 if handled */
};

extern struct arch_kernel_hooks kernel_hooks;   /* arch/i386/idt.c */

#endif
