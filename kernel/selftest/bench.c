/*
 * bench.c - `bench=1`: the cost in cycles of one scheduler tick plus one
 * schedule() pick with 4, 100, 1000 and 10000 runnable tasks, measured in
 * the kernel before anything else runs (the same measurement as the host's
 * tests/bench/sched_bench.c).  Prints a markdown table and powers off.
 * The tasks are bare struct sched_task: queued, ticked and picked, never
 * context-switched to.  Then the balancer's cost per tick at 2..64 CPUs
 * (bench_balance.c).
 */
#include "sched/sched.h"
#include "mm/heap.h"
#include "arch/cpu.h"
#include "console/printk.h"
#include "power.h"
#include "lib/string.h"
#include "selftest/bench.h"

#define BATCHES 21
#define PER_BATCH 1000

/* Interrupts stay off for the whole measurement: no timer noise. */
static void one_step(void)
{
	unsigned long flags;

	sched_tick(0);
	sched_pick_next(0, &flags);
	sched_finish_switch(0, flags);
}

void bench_sort(uint32_t *v, int n)
{
	int i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			uint32_t t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
		}
}

/* Median cycles per step with n runnable tasks under policy pol. */
static uint32_t measure(const struct sched_policy *pol, int n)
{
	static struct sched_task idle;
	struct sched_task *tasks = kzalloc((size_t)n * sizeof(*tasks));
	uint32_t batch[BATCHES];
	int i, b;

	if (!tasks)
		return 0;
	sched_init(1, pol);
	memset(&idle, 0, sizeof(idle));
	sched_task_init(&idle, 0, "idle", 0);
	sched_init_idle(0, &idle);
	for (i = 0; i < n; i++) {
		sched_task_init(&tasks[i], 1000 + i, "hog", i % 40 - 20);
		sched_start_task(&tasks[i], 0);
	}
	cli();
	for (i = 0; i < 2000; i++)
		one_step();
	for (b = 0; b < BATCHES; b++) {
		uint64_t t0 = rdtsc();
		for (i = 0; i < PER_BATCH; i++)
			one_step();
		batch[b] = (uint32_t)((rdtsc() - t0) / PER_BATCH);
	}
	sti();
	bench_sort(batch, BATCHES);
	kfree(tasks);
	return batch[BATCHES / 2];
}

void bench_scheduler(void)
{
	static const int sizes[4] = { 4, 100, 1000, 10000 };
	static const char *const names[4] = { "nick", "o1", "rr", "mine" };
	int p, s;

	printk("nickel bench: cycles per tick + schedule() in the kernel "
	       "(median of %d batches of %d)\n", BATCHES, PER_BATCH);
	printk("| policy | 4 tasks | 100 tasks | 1000 tasks | 10000 tasks | 10000/4 |\n");
	printk("|---|---|---|---|---|---|\n");
	for (p = 0; p < 4; p++) {
		uint32_t c[4];
		for (s = 0; s < 4; s++)
			c[s] = measure(sched_policy_by_name(names[p]), sizes[s]);
		printk("| %s | %u | %u | %u | %u | %u.%02ux |\n", names[p], c[0], c[1],
		       c[2], c[3], c[3] / c[0], (c[3] % c[0]) * 100 / c[0]);
	}
	bench_balancer();
	power_off(EXIT_HEALTHY);
}
