/*
 * sched_host_locks.c - the checked locks, interrupt flag, clock and "this
 * CPU" of every host build of the scheduler core (unit tests, bench,
 * schedsim).  One host thread plays every CPU, so a lock already held would
 * be a deadlock on real SMP, and taking an rq lock with "interrupts on"
 * would deadlock against the tick: both abort at once.
 */
#include "sched_env_host.h"

#include <stdio.h>
#include <stdlib.h>

uint32_t sched_host_jiffies;
int sched_host_cpu;
int sched_host_locks_held;
int sched_host_irqs_off;
void (*sched_host_on_unlock)(sched_lock_t *l);

static void die(const char *what)
{
	fprintf(stderr, "sched host env (cpu %d, jiffies %u): %s\n",
		sched_host_cpu, sched_host_jiffies, what);
	abort();
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
#ifdef SCHED_HOST_UNIT_TESTS          /* not in make bench-sched's build */
	if (sched_host_on_unlock)
		sched_host_on_unlock(l);
#endif
}

int sched_lock_held_here(sched_lock_t *l)
{
	return l->held && l->owner == sched_host_cpu;
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
int sched_this_cpu(void) { return sched_host_cpu; }
