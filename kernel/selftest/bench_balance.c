/*
 * bench_balance.c - part of `bench=1`: the balancer's cost per tick in
 * the kernel at 2, 4, 8, 16, 32 and 64 CPUs, the same setting as
 * `schedsim cpus=N hogs=N/2 bench=2` (docs/smp.md): half the CPUs run one
 * hog each, the other half are idle.  An idle CPU's tick runs
 * rebalance_tick's scan of every run queue (v7/2.6.0: each tick); a busy
 * CPU's tick balances once in 200.  Nothing is pulled: no queue holds two
 * tasks.
 *
 * Run queues and tasks are bare (struct sched_task, never switched to),
 * all ticked from the boot CPU with interrupts off before the other CPUs
 * start.  The bench moves `jiffies` itself, one per simulated tick, as
 * schedsim moves its clock: rebalance_tick reads it to pick the ticks that
 * balance.  Each tick is timed on its own with rdtsc, as schedsim's
 * bench=2 does (rdtsc's own cost included).
 */
#include "sched/sched.h"
#include "arch/cpu.h"
#include "arch/timer.h"
#include "console/printk.h"
#include "lib/string.h"
#include "selftest/bench.h"

#define BAL_BATCHES 11
#define BAL_PER_BATCH 400
#define BAL_MAX_CPUS 64

static struct sched_task bal_idle[BAL_MAX_CPUS], bal_hog[BAL_MAX_CPUS / 2];

/* n CPUs, a hog running on each of CPUs 0..n/2-1, the rest idle. */
static void set_up(int n)
{
	unsigned long flags;
	int c;

	sched_init(n, sched_policy_by_name("nick"));
	for (c = 0; c < n; c++) {
		memset(&bal_idle[c], 0, sizeof(bal_idle[c]));
		sched_task_init(&bal_idle[c], 0, "idle", 0);
		sched_init_idle(c, &bal_idle[c]);
	}
	for (c = 0; c < n / 2; c++) {
		memset(&bal_hog[c], 0, sizeof(bal_hog[c]));
		sched_task_init(&bal_hog[c], 1000 + c, "hog", 0);
		sched_start_task(&bal_hog[c], c);
		sched_pick_next(c, &flags);
		sched_finish_switch(c, flags);
	}
}

/* Cycles of one tick on `cpu`; a busy CPU then picks again, untimed
 * (its slice may have run out). */
static uint32_t one_tick(int cpu, int busy)
{
	unsigned long flags;
	uint64_t t0;
	uint32_t d;

	jiffies++;
	t0 = rdtsc();
	sched_tick(cpu);
	d = (uint32_t)(rdtsc() - t0);
	if (busy) {
		sched_pick_next(cpu, &flags);
		sched_finish_switch(cpu, flags);
	}
	return d;
}

/* Median over batches of the mean cycles of a tick on `cpu`. */
static uint32_t tick_cycles(int cpu, int busy)
{
	uint32_t batch[BAL_BATCHES];
	int i, b;

	for (b = 0; b < BAL_BATCHES; b++) {
		uint64_t sum = 0;
		for (i = 0; i < BAL_PER_BATCH; i++)
			sum += one_tick(cpu, busy);
		batch[b] = (uint32_t)(sum / BAL_PER_BATCH);
	}
	bench_sort(batch, BAL_BATCHES);
	return batch[BAL_BATCHES / 2];
}

void bench_balancer(void)
{
	static const int counts[6] = { 2, 4, 8, 16, 32, 64 };
	uint32_t idle[6], busy[6];
	int i;

	cli();
	for (i = 0; i < 6; i++) {
		set_up(counts[i]);
		idle[i] = tick_cycles(counts[i] - 1, 0);
		busy[i] = tick_cycles(0, 1);
	}
	sti();
	printk("nickel bench: balancer, mean cycles of one tick, cpus=N with N/2 hogs "
	       "(median of %d batches of %d)\n", BAL_BATCHES, BAL_PER_BATCH);
	printk("| CPUs | 2 | 4 | 8 | 16 | 32 | 64 |\n|---|---|---|---|---|---|---|\n");
	printk("| idle tick, cycles | %u | %u | %u | %u | %u | %u |\n",
	       idle[0], idle[1], idle[2], idle[3], idle[4], idle[5]);
	printk("| busy tick, cycles | %u | %u | %u | %u | %u | %u |\n",
	       busy[0], busy[1], busy[2], busy[3], busy[4], busy[5]);
}
