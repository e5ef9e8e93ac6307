/*
 * sim_env.c - the scheduler core's environment inside schedsim
 * (implements kernel/sched/sched_env.h).
 *
 * One host thread plays every CPU, so "this CPU" is a global that sim.c sets
 * before each call into the core.  Locks are the unit tests' checked ones
 * (kernel/sched/host/sched_host_locks.c: a lock taken twice aborts).  An IPI is
 * not delivered at once: it sets a bit in sim_ipi_pending and sim.c services
 * it at the same simulated instant, after the caller's step (as a real IPI
 * arrives after the sender drops its locks).
 */
#include "sim.h"

#include <stdarg.h>
#include <stdlib.h>


uint64_t sim_now_us;
uint64_t sim_ipi_pending;
uint64_t sim_ops;
void (*sim_on_switch)(int, struct sched_task *, struct sched_task *);
void (*sim_on_wakeup)(int, struct sched_task *, int);

void sim_set_cpu(int cpu)
{
	sched_host_cpu = cpu;
}

/* Checked locks, irq flag, jiffies, this_cpu: kernel/sched/host/sched_host_locks.c. */

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
