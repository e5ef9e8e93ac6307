/*
 * sched_env.h (host) - what the scheduler core needs from its environment,
 * implemented for host unit tests, the bench and the simulator in
 * sched_env_host.c.  The kernel's version (kernel/env/sched_env.h) provides
 * the same names.  Time and "which CPU is executing" are plain globals the
 * tests set; locks are checked (a double lock or a stray unlock aborts).
 */
#ifndef NICKEL_SCHED_ENV_H
#define NICKEL_SCHED_ENV_H

#include <stdint.h>
#include <stddef.h>

struct sched_task;

typedef struct {
	int held;      /* 1 while locked */
	int owner;     /* CPU that holds it */
} sched_lock_t;

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
int sched_snprintf(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Host-only knobs. */
extern uint32_t sched_host_jiffies;          /* sched_jiffies() */
extern int sched_host_cpu;                   /* sched_this_cpu() */
extern int sched_host_locks_held;            /* spinlocks held right now */
extern int sched_host_irqs_off;              /* sched_irq_save nesting */
extern unsigned long sched_host_kicks[64];   /* sched_kick_cpu per CPU */
extern unsigned long sched_host_switches;    /* sched_trace_switch calls */
/* Optional trace callbacks (NULL: ignore). */
extern void (*sched_host_on_switch)(int cpu, struct sched_task *prev, struct sched_task *next);
extern void (*sched_host_on_wakeup)(int cpu, struct sched_task *p, int success);

#endif
