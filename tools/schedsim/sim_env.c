/*
 * sim_env.c - what schedsim adds to the core's host environment
 * (kernel/sched/host/: checked locks, jiffies, this CPU, trace hooks).
 *
 * One host thread plays every CPU, so "this CPU" is the host environment's
 * global, which sim.c sets before each call into the core.  An IPI is not
 * delivered at once: the kick hook sets a bit in sim_ipi_pending and sim.c
 * services it at the same simulated instant, after the caller's step (as a
 * real IPI arrives after the sender drops its locks).
 */
#include "sim.h"

uint64_t sim_now_us;
uint64_t sim_ipi_pending;
uint64_t sim_ops;

void sim_set_cpu(int cpu)
{
	sched_host_cpu = cpu;
}

/* The reschedule IPI becomes an event for sim.c. */
static void sim_kick(int cpu)
{
	if (cpu >= 0 && cpu < NR_CPUS_MAX)
		sim_ipi_pending |= SCHED_CPU_BIT(cpu);
}

void sim_env_init(void)
{
	sched_host_on_kick = sim_kick;
	sim_ipi_pending = 0;
}
