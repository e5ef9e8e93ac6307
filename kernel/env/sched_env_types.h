/*
 * sched_env_types.h (kernel) - the kernel's types for the scheduler core's
 * environment (the contract: kernel/sched/sched_env.h; implemented in
 * kernel/env/sched_env.c).  The host's: kernel/sched/host/.
 */
#ifndef NICKEL_SCHED_ENV_TYPES_H
#define NICKEL_SCHED_ENV_TYPES_H

#include "spinlock.h"
#include "lib/string.h"
#include "arch/cpu.h"
#include "arch/thread_info.h"
#include "diag/trace.h"

typedef spinlock_t sched_lock_t;
#define sched_snprintf snprintf            /* the kernel's own (lib/vsnprintf.c) */

/* The calls every schedule() makes, inline: each out-of-line wrapper cost
 * a call and a frame (a yield made six of them). */
#define SCHED_ENV_INLINE 1
extern volatile uint32_t jiffies;          /* arch/timer.h (whose HZ the core has too) */
static inline void sched_spin_lock(sched_lock_t *l) { spin_lock(l); }
static inline void sched_spin_unlock(sched_lock_t *l) { spin_unlock(l); }
static inline unsigned long sched_irq_save(void) { return irq_save(); }
static inline void sched_irq_restore(unsigned long flags) { irq_restore(flags); }
static inline uint32_t sched_jiffies(void) { return jiffies; }
static inline int sched_this_cpu(void) { return this_cpu_id(); }
/* Off (the common case), a trace hook is one test, not a call. */
static inline void sched_trace_switch(int cpu, struct sched_task *prev,
				      struct sched_task *next)
{
	if (trace_on)
		trace_switch(cpu, prev, next);
}
static inline void sched_trace_wakeup(int cpu, struct sched_task *p, int success)
{
	if (trace_on)
		trace_wakeup(cpu, p, success);
}

#endif
