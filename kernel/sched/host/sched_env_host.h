/*
 * sched_env_host.h - the host environment of the scheduler core (the
 * contract: kernel/sched/sched_env.h), for host unit tests, the bench and
 * the simulator.  Time and "which CPU is executing" are plain globals the
 * tests set; the rest counts what the core asked for.
 *   sched_host_locks.c   locks, irq flag, jiffies, this CPU (every host build)
 *   sched_env_host.c     kicks, trace hooks, sched_snprintf (tests, bench,
 *                        schedsim: it hooks the kicks and the trace)
 */
#ifndef NICKEL_SCHED_ENV_HOST_H
#define NICKEL_SCHED_ENV_HOST_H

#include "sched/sched_env.h"

extern uint32_t sched_host_jiffies;          /* sched_jiffies() */
extern int sched_host_cpu;                   /* sched_this_cpu() */
extern int sched_host_locks_held;            /* spinlocks held right now */
extern int sched_host_irqs_off;              /* sched_irq_save nesting */
extern unsigned long sched_host_kicks[64];   /* sched_kick_cpu per CPU */
extern unsigned long sched_host_switches;    /* sched_trace_switch calls */
extern unsigned long sched_host_warnings;     /* sched_warn calls */
extern char sched_host_last_warning[160];    /* the last sched_warn line */
/* The last SCHED_HOST_WARNING_LINES lines, line i (from 0) at [i % ...]. */
#define SCHED_HOST_WARNING_LINES 16
extern char sched_host_warning_lines[SCHED_HOST_WARNING_LINES][256];
/* Optional callbacks (NULL: ignore). */
extern void (*sched_host_on_switch)(int cpu, struct sched_task *prev, struct sched_task *next);
extern void (*sched_host_on_wakeup)(int cpu, struct sched_task *p, int success);
extern void (*sched_host_on_kick)(int cpu);
/* Called after every unlock in the unit tests' build: a test's way to run
 * what another CPU could do in the moment a lock is free (the callback
 * clears it when done). */
extern void (*sched_host_on_unlock)(sched_lock_t *l);

#endif
