/*
 * check.h - the kernel checking itself while it runs (check=1).
 *
 * Every failure prints one line that the tests reject:
 *     nickel: invariant failed on cpu N: why
 * See docs/selfcheck.md for what is checked, how often and what it costs.
 */
#ifndef NICKEL_SELFCHECK_H
#define NICKEL_SELFCHECK_H
#include <stdint.h>

struct trap_frame;
struct task;

/* check.c: from cpu_tick, interrupts off, before the scheduler tick.
 * Every tick: O(1) checks of this CPU's run queue.  Every 100 ms per CPU
 * (staggered): the full run-queue walk.  Every 100 ms on CPU 0: the task
 * table against the run queues.  Every second on CPU 0: page accounting. */
void selfcheck_tick(int cpu);
int selfcheck_tasks(char *why, unsigned n);   /* task table vs run queues */
int selfcheck_pages(char *why, unsigned n);   /* pmm owners vs free_pages */

/* check_sleepers.c: CPU 0, twice a second: a sleeper more than 100 ms past its
 * deadline is reported once, `nickel: overdue timer: pid N ...`. */
void sleepcheck_tick(void);

/* watchdog.c: the soft-lockup watchdog (check=1).  Its per-CPU state
 * (locking rules in watchdog.c) is here for the inline touch, which every
 * schedule() and direct switch makes. */
#define WATCHDOG_MS 5000          /* guest time without a schedule() */
struct watchdog_cpu {
	volatile uint32_t last_schedule;   /* jiffies; that CPU only */
	volatile int warned;               /* this episode was reported */
	volatile int backtrace_wanted;     /* set by a checker, cleared by the NMI */
	volatile int late_nmis;            /* asked for, given up on, not yet come */
};
extern struct watchdog_cpu watchdog_cpus[];
extern volatile uint32_t jiffies;          /* arch/timer.h */

/* This CPU scheduled (or idles). */
static inline void watchdog_touch(int cpu)
{
	watchdog_cpus[cpu].last_schedule = jiffies;
	if (watchdog_cpus[cpu].warned)
		watchdog_cpus[cpu].warned = 0;
}
void watchdog_tick(int cpu);      /* from cpu_tick: check cpu and a neighbour */
void watchdog_missed_tick(int cpu);   /* a local tick with jiffies still (smp.c) */
int watchdog_nmi(struct trap_frame *f);   /* 1 if the NMI was a backtrace request */
void watchdog_backtrace_of(int cpu);      /* another CPU's, by NMI (waits 200 ms at most) */

/* backtraces.c: the `b` key, for a run that seems hung. */
void backtraces_all(void);
void backtrace_of_sleeper(struct task *t);
#endif
