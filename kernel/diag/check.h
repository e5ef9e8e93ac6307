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

/* watchdog.c: the soft-lockup watchdog (check=1). */
#define WATCHDOG_MS 5000          /* guest time without a schedule() */
void watchdog_touch(int cpu);     /* this CPU scheduled (or idles) */
void watchdog_tick(int cpu);      /* from cpu_tick: check cpu and a neighbour */
void watchdog_missed_tick(int cpu);   /* a local tick with jiffies still (smp.c) */
int watchdog_nmi(struct trap_frame *f);   /* 1 if the NMI was a backtrace request */
void watchdog_backtrace_of(int cpu);      /* another CPU's, by NMI (waits 200 ms at most) */

/* backtraces.c: the `b` key, for a run that seems hung. */
void backtraces_all(void);
void backtrace_of_sleeper(struct task *t);
#endif
