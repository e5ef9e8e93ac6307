/*
 * sched_env.h (kernel) - what the portable scheduler core (kernel/sched/)
 * gets from the kernel: spinlocks, interrupt masking, time, the CPU id, the
 * reschedule IPI and trace hooks.  The host version is kernel/sched/host/.
 */
#ifndef NICKEL_SCHED_ENV_H
#define NICKEL_SCHED_ENV_H

#include <stdint.h>
#include <stddef.h>
#include "spinlock.h"

struct sched_task;

typedef spinlock_t sched_lock_t;

void sched_lock_init(sched_lock_t *l);
void sched_spin_lock(sched_lock_t *l);
void sched_spin_unlock(sched_lock_t *l);
int sched_lock_held_here(sched_lock_t *l);     /* by the CPU that asks */
unsigned long sched_irq_save(void);
void sched_irq_restore(unsigned long flags);
uint32_t sched_jiffies(void);
int sched_this_cpu(void);
void sched_kick_cpu(int cpu);
void sched_trace_switch(int cpu, struct sched_task *prev, struct sched_task *next);
void sched_trace_wakeup(int cpu, struct sched_task *p, int success);
#include "string.h"
#define sched_snprintf snprintf            /* the kernel's own (lib/vsnprintf.c) */
#endif
