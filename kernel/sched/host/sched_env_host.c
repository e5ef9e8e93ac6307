/* sched_env_host.c - the host environment of the scheduler core (see sched_env_host.h). */
#include "sched_env_host.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

unsigned long sched_host_kicks[64];
unsigned long sched_host_switches;
void (*sched_host_on_switch)(int, struct sched_task *, struct sched_task *);
void (*sched_host_on_wakeup)(int, struct sched_task *, int);
void (*sched_host_on_kick)(int);
unsigned long sched_host_warnings;
char sched_host_last_warning[160];
char sched_host_warning_lines[SCHED_HOST_WARNING_LINES][256];

/* Locks, irq flag, jiffies and this_cpu: sched_host_locks.c. */

void sched_kick_cpu(int cpu)
{
	if (cpu >= 0 && cpu < 64)
		sched_host_kicks[cpu]++;
	if (sched_host_on_kick)
		sched_host_on_kick(cpu);
}

void sched_task_switched_out(struct sched_task *p)
{
	(void)p;                       /* host tasks are freed by their test */
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

/* On stderr, and kept for the unit tests. */
void sched_warn(const char *line)
{
	snprintf(sched_host_warning_lines[sched_host_warnings % SCHED_HOST_WARNING_LINES],
		 sizeof(sched_host_warning_lines[0]), "%s", line);
	sched_host_warnings++;
	snprintf(sched_host_last_warning, sizeof(sched_host_last_warning), "%s", line);
	fprintf(stderr, "sched: %s\n", line);
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
