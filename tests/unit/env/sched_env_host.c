/* sched_env_host.c - the host environment of the scheduler core (see sched_env.h). */
#include "sched_env.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

uint32_t sched_host_jiffies;
int sched_host_cpu;
int sched_host_locks_held;
int sched_host_irqs_off;
unsigned long sched_host_kicks[64];
unsigned long sched_host_switches;
void (*sched_host_on_switch)(int, struct sched_task *, struct sched_task *);
void (*sched_host_on_wakeup)(int, struct sched_task *, int);

static void die(const char *what)
{
	fprintf(stderr, "sched_env_host: %s\n", what);
	abort();
}

void sched_lock_init(sched_lock_t *l)
{
	l->held = 0;
	l->owner = -1;
}

/* One host thread plays every CPU: a lock already held would deadlock. */
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
uint64_t sched_now_us(void) { return (uint64_t)sched_host_jiffies * 1000; }
int sched_this_cpu(void) { return sched_host_cpu; }

void sched_kick_cpu(int cpu)
{
	if (cpu >= 0 && cpu < 64)
		sched_host_kicks[cpu]++;
}

void sched_trace_switch(int cpu, struct sched_task *prev, struct sched_task *next)
{
	sched_host_switches++;
	if (sched_host_on_switch)
		sched_host_on_switch(cpu, prev, next);
}

void sched_trace_wakeup(int cpu, struct sched_task *p, int success)
{
	if (sched_host_on_wakeup)
		sched_host_on_wakeup(cpu, p, success);
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
