/* context.h - the i386 half of a task switch (context.c, switch.asm). */
#ifndef NICKEL_CONTEXT_H
#define NICKEL_CONTEXT_H

struct task;

/* Leave prev, resume next on this CPU: the kernel stack the CPU enters on
 * from ring 3 (TSS esp0), the address space (CR3), the x87 state, then the
 * registers.  Returns when prev is switched back in. */
void arch_switch_to(struct task *prev, struct task *next, int cpu);

#endif
