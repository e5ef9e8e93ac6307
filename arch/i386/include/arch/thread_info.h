/*
 * thread_info.h - the small block at the bottom of every kernel stack:
 * which task runs on this stack, on which CPU, and whether it may be
 * preempted.  Masking esp finds it (Linux 2.6 i386's scheme).
 */
#ifndef NICKEL_THREAD_INFO_H
#define NICKEL_THREAD_INFO_H
#include <stdint.h>

#define KSTACK_SIZE 16384

/* preempt_count: low byte = preemption disabled depth, bits 16.. = irqs. */
#define PREEMPT_ONE  0x00001
#define PREEMPT_MASK 0x000FF
#define HARDIRQ_ONE  0x10000
#define HARDIRQ_MASK 0xFF0000

struct task;

struct thread_info {
	struct task *task;
	int cpu;                 /* written by the scheduler under the rq lock */
	int preempt_count;       /* this CPU only, while the task runs */
};

/* Not volatile: every esp of a kernel stack masks to the same base, so
 * the compiler may read it once per function and reuse it (Linux's
 * current_stack_pointer is the same). */
static inline struct thread_info *current_thread_info(void)
{
	uint32_t esp;
	__asm__("mov %%esp, %0" : "=r"(esp));
	return (struct thread_info *)(esp & ~(KSTACK_SIZE - 1));
}

#define current (current_thread_info()->task)

/* Keep this task on this CPU (no preemption, so no migration) until the
 * matching preempt_enable; a pending reschedule waits for the next trap
 * return or schedule().  Nests. */
static inline void preempt_disable(void)
{
	current_thread_info()->preempt_count += PREEMPT_ONE;
}

static inline void preempt_enable(void)
{
	current_thread_info()->preempt_count -= PREEMPT_ONE;
}

static inline int this_cpu_id(void)
{
	return current_thread_info()->cpu;
}

#endif
