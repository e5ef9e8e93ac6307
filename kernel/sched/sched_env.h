/*
 * sched_env.h - what the portable scheduler core (the .c files of
 * kernel/sched) needs from the environment it runs in: locks, interrupt
 * masking, time, the CPU id, the reschedule IPI, trace hooks and a
 * formatter.  The core calls nothing else outside kernel/sched.
 *
 * Two environments implement this contract, picked by the include path,
 * which finds their "sched_env_types.h" (the lock type, and maybe
 * sched_snprintf as a macro; the kernel's also gives the lock, interrupt
 * clock, CPU-id and trace calls as inline functions, SCHED_ENV_INLINE,
 * since every schedule() makes them):
 *   the kernel   kernel/env/sched_env_types.h, kernel/env/sched_env.c
 *   the host     kernel/sched/host/ (unit tests, the bench, schedsim):
 *                sched_env_types.h, sched_env_host.h (the knobs the
 *                tests turn), sched_host_locks.c, sched_env_host.c
 *                (schedsim has its own sim_env.c instead of the latter)
 *
 * Rules for an implementation:
 *  - The core takes an rq lock only with local interrupts off (the tick
 *    takes rq locks from interrupt context), and two of them in CPU-id
 *    order; the locks need not be recursive and must not sleep.
 *  - sched_kick_cpu, sched_warn and the trace hooks are called with an rq lock held and
 *    interrupts off: they must not take an rq lock, nor call the core but
 *    for its lock-free queries (sched_curr) and formatters (sched_format_*).
 *  - Every function may be called from any CPU, in process or interrupt
 *    context.
 */
#ifndef NICKEL_SCHED_ENV_H
#define NICKEL_SCHED_ENV_H

#include <stdint.h>
#include <stddef.h>
#include "sched_env_types.h"      /* sched_lock_t (per environment) */

struct sched_task;

/* A spinlock: init unlocked; lock spins until it is ours; unlock by its
 * holder only.  held_here: held by the CPU that asks (self-checks). */
void sched_lock_init(sched_lock_t *l);
#ifndef SCHED_ENV_INLINE
void sched_spin_lock(sched_lock_t *l);
void sched_spin_unlock(sched_lock_t *l);
#endif
int sched_lock_held_here(sched_lock_t *l);

/* Local interrupts off, returning the previous state; restore puts that
 * state back (the pairs nest). */
#ifndef SCHED_ENV_INLINE
unsigned long sched_irq_save(void);
void sched_irq_restore(unsigned long flags);
#endif

/* Ticks since boot at SCHED_HZ (1000 per second); wraps at 2^32. */
#ifndef SCHED_ENV_INLINE
uint32_t sched_jiffies(void);
#endif
/* The CPU executing the caller: 0..sched_ncpus-1. */
#ifndef SCHED_ENV_INLINE
int sched_this_cpu(void);
#endif
/* Make `cpu` call schedule() soon (the reschedule IPI): its running task's
 * need_resched is already set.  The core asks only for another CPU. */
void sched_kick_cpu(int cpu);

/* Trace hooks: a context switch on `cpu` (prev != next), and a wake-up of
 * p asked by the CPU `cpu` (success: p was asleep and is runnable now). */
#ifndef SCHED_ENV_INLINE
void sched_trace_switch(int cpu, struct sched_task *prev, struct sched_task *next);
void sched_trace_wakeup(int cpu, struct sched_task *p, int success);
#endif

/* An exited task (state ZOMBIE or DEAD) is off its CPU: the CPU that
 * switched away from it calls this after dropping the rq lock (interrupts
 * off), so that the task's waiter can reap it.  The environment keeps p
 * valid until then (the kernel: a reference the exiting task holds). */
void sched_task_switched_out(struct sched_task *p);

/* One line for the console (no newline in `line`): the core's complaint
 * about a policy that broke the interface (policy.h), printed once.  Called
 * with an rq lock held and interrupts off. */
void sched_warn(const char *line);

/* C99 snprintf for the stat dump, trace lines and self-check reasons (the
 * formats stats.c and invariants.c use).  The kernel maps it to its own
 * snprintf with a macro in its sched_env_types.h. */
#ifndef sched_snprintf
int sched_snprintf(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#endif

#endif
