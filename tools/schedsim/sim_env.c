/*
 * sim_env.c - the scheduler core's environment inside schedsim
 * (implements tests/unit/env/sched_env.h).
 *
 * One host thread plays every CPU, so "this CPU" is a global that sim.c sets
 * before each call into the core.  Locks are checked like the unit tests'
 * (a lock taken twice would deadlock a real SMP machine: abort).  An IPI is
 * not delivered at once: it sets a bit in sim_ipi_pending and sim.c services
 * it at the same simulated instant, after the caller's step (as a real IPI
 * arrives after the sender drops its locks).
 */
#include "sim.h"

#include <stdarg.h>
#include <stdlib.h>

uint32_t sched_host_jiffies;
int sched_host_cpu;
int sched_host_locks_held;
int sched_host_irqs_off;

uint64_t sim_now_us;
uint64_t sim_ipi_pending;
uint64_t sim_ops;
void (*sim_on_switch)(int, struct sched_task *, struct sched_task *);
void (*sim_on_wakeup)(int, struct sched_task *, int);

static void die(const char *what)
{
	fprintf(stderr, "schedsim env: %s (cpu %d, t=%llu us)\n", what,
		sched_host_cpu, (unsigned long long)sim_now_us);
	abort();
}

void sim_set_cpu(int cpu)
{
	sched_host_cpu = cpu;
}

void sched_lock_init(sched_lock_t *l)
{
	l->held = 0;
	l->owner = -1;
}

void sched_spin_lock(sched_lock_t *l)
{
	if (l->held)
		die("spin_lock: lock already held (deadlock on real SMP)");
	if (!sched_host_irqs_off)
		die("spin_lock: interrupts are on (the tick takes rq locks)");
	l->held = 1;
	l->owner = sched_host_cpu;
	sched_host_locks_held++;
}

void sched_spin_unlock(sched_lock_t *l)
{
	if (!l->held)
		die("spin_unlock: lock not held");
	l->held = 0;
	l->owner = -1;
	sched_host_locks_held--;
}

unsigned long sched_irq_save(void)
{
	return (unsigned long)sched_host_irqs_off++;
}

void sched_irq_restore(unsigned long flags)
{
	if (sched_host_irqs_off <= 0)
		die("irq_restore without irq_save");
	sched_host_irqs_off = (int)flags;
}

uint32_t sched_jiffies(void) { return sched_host_jiffies; }
uint64_t sched_now_us(void) { return sim_now_us; }
int sched_this_cpu(void) { return sched_host_cpu; }

/* The reschedule IPI becomes an event for sim.c. */
void sched_kick_cpu(int cpu)
{
	if (cpu >= 0 && cpu < NR_CPUS_MAX)
		sim_ipi_pending |= SCHED_CPU_BIT(cpu);
}

void sched_trace_switch(int cpu, struct sched_task *prev, struct sched_task *next)
{
	if (sim_on_switch)
		sim_on_switch(cpu, prev, next);
}

void sched_trace_wakeup(int cpu, struct sched_task *p, int success)
{
	if (sim_on_wakeup)
		sim_on_wakeup(cpu, p, success);
}

int sched_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return len;
}
