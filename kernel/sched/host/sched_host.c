/* sched_host.c - see sched_host.h. */
#include "sched_host.h"

#include <stdio.h>
#include <stdlib.h>

struct sched_task host_idle[NR_CPUS_MAX];
struct sched_task *host_pool;
static int ntasks;

void host_boot(int ncpus, const struct sched_policy *pol)
{
	int c;

	if (!host_pool)
		host_pool = calloc(HOST_MAX_TASKS, sizeof(*host_pool));
	ntasks = 0;
	sched_host_jiffies = 1000;
	sched_host_cpu = 0;
	sched_host_switches = 0;
	sched_host_on_switch = NULL;
	sched_host_on_wakeup = NULL;
	for (c = 0; c < 64; c++)
		sched_host_kicks[c] = 0;
	cache_decay_ticks = 2;
	rr_slice_ms = 100;
	sched_init(ncpus, pol);
	for (c = 0; c < ncpus; c++) {
		sched_task_init(&host_idle[c], 0, "swapper", 0);
		sched_init_idle(c, &host_idle[c]);
	}
}

struct sched_task *host_new_task(const char *name, int nice)
{
	struct sched_task *p = &host_pool[ntasks];

	if (ntasks >= HOST_MAX_TASKS)
		abort();
	sched_task_init(p, ntasks + 1, name, nice);
	ntasks++;
	return p;
}

struct sched_task *host_spawn(const char *name, int nice, int cpu)
{
	struct sched_task *p = host_new_task(name, nice);

	sched_start_task(p, cpu);
	return p;
}

void host_scene_busy_pull(struct sched_task **hogs, int n)
{
	int i;

	host_boot(2, &sched_policy_nick);
	host_spawn("busy1", 0, 1);
	for (i = 0; i < n; i++)
		hogs[i] = host_spawn("hog", 0, 0);
	host_schedule(1);
	host_schedule(0);
}

int host_ntasks(void)
{
	return ntasks;
}

void host_schedule(int cpu)
{
	unsigned long flags;
	int saved = sched_host_cpu;

	sched_host_cpu = cpu;
	sched_pick_next(cpu, &flags);
	sched_finish_switch(cpu, flags);
	sched_host_cpu = saved;
}

void host_tick(void)
{
	int c;

	sched_host_jiffies++;
	for (c = 0; c < sched_ncpus; c++) {
		unsigned long flags;

		sched_host_cpu = c;
		flags = sched_irq_save();     /* the timer interrupt */
		sched_tick(c);
		sched_irq_restore(flags);
		if (sched_curr(c)->need_resched)
			host_schedule(c);
	}
	sched_host_cpu = 0;
}

void host_run(unsigned int ms)
{
	while (ms--)
		host_tick();
}

struct sched_task *host_curr(int cpu)
{
	return sched_curr(cpu);
}

void host_sleep(struct sched_task *p)
{
	if (host_curr(p->cpu) != p)
		abort();
	p->state = SCHED_TASK_SLEEPING;
	host_schedule(p->cpu);
}

bool host_wake(struct sched_task *p, struct sched_task *waker,
	       enum sched_waker kind, bool sync)
{
	int saved = sched_host_cpu;
	bool ok;

	if (waker)
		sched_host_cpu = waker->cpu;
	ok = sched_wake_up(p, waker, kind, sync);
	sched_host_cpu = saved;
	return ok;
}

struct sched_task *host_fork(struct sched_task *parent, const char *name)
{
	struct sched_task *c = host_new_task(name, 0);
	int saved = sched_host_cpu;

	sched_host_cpu = parent->cpu;
	sched_fork(parent, c);
	sched_host_cpu = saved;
	return c;
}

int host_check(char *why, size_t n)
{
	int c;

	if (sched_host_locks_held || sched_host_irqs_off) {
		snprintf(why, n, "locks held %d, irqs off %d", sched_host_locks_held,
			 sched_host_irqs_off);
		return -1;
	}
	for (c = 0; c < sched_ncpus; c++)
		if (sched_check_invariants(c, why, n))
			return -1;
	return 0;
}
