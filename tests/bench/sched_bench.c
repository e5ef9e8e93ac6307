/*
 * sched_bench.c - cost of the scheduler's hot path on the host: one timer
 * tick (sched_tick) plus one schedule() (sched_pick_next + finish), in TSC
 * cycles, with 4, 100, 1000 and 10000 runnable tasks per policy.
 * The hogs get nices -20..19 in turn, so many priority lists are in use.
 * Each cell is the median over 41 batches of 2000 tick+schedule pairs.
 * O(1) means the 10000-task cost stays within ~1.2x of the 4-task cost.
 */
#include "sched_host.h"
#include "sched/policy.h"          /* a policy's name */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BATCHES 41
#define PER_BATCH 2000

static inline uint64_t cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __builtin_ia32_rdtsc();
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
#endif
}

static void one_step(void)
{
	unsigned long flags;

	sched_host_jiffies++;
	flags = sched_irq_save();
	sched_tick(0);
	sched_irq_restore(flags);
	sched_pick_next(0, &flags);
	sched_finish_switch(0, flags);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double measure(const struct sched_policy *pol, int ntasks, unsigned int rr_slice)
{
	double batch[BATCHES];
	int i, b;

	host_boot(1, pol);
	/* The watchdog stays off (the host's default): its walk of the queue
	 * (every half timeout, never under nick and o1) is no part of the hot
	 * path measured here, and rr with 10000 hogs of 100 ms each would
	 * rightly be ejected by it.  Its one test per tick is measured. */
	rr_slice_ms = rr_slice;
	for (i = 0; i < ntasks; i++)
		host_spawn("hog", i % 40 - 20, 0);
	host_schedule(0);
	for (i = 0; i < 5000; i++)
		one_step();
	for (b = 0; b < BATCHES; b++) {
		uint64_t t0 = cycles();

		for (i = 0; i < PER_BATCH; i++)
			one_step();
		batch[b] = (double)(cycles() - t0) / PER_BATCH;
	}
	qsort(batch, BATCHES, sizeof(batch[0]), cmp);
	return batch[BATCHES / 2];
}

int main(void)
{
	static const int sizes[4] = { 4, 100, 1000, 10000 };
	static const struct sched_policy *const pols[] = {
		&sched_policy_nick, &sched_policy_o1, &sched_policy_rr, &sched_policy_mine,
		&sched_policy_cfs, &sched_policy_eevdf,
	};
	const int npols = sizeof(pols) / sizeof(pols[0]);
	int p, s, bad = 0;

	printf("| policy | 4 tasks | 100 tasks | 1000 tasks | 10000 tasks | 10000/4 |\n");
	printf("|---|---|---|---|---|---|\n");
	for (p = 0; p < npols; p++) {
		double c[4];

		for (s = 0; s < 4; s++)
			c[s] = measure(pols[p], sizes[s], 100);
		printf("| %s | %.0f | %.0f | %.0f | %.0f | %.2fx |\n", pols[p]->name,
		       c[0], c[1], c[2], c[3], c[3] / c[0]);
		if (c[3] > 1.2 * c[0])
			bad = 1;
	}
	/* worst case for the caches: a context switch on every tick (rr with
	 * a 1 ms slice), each switch touching a task not seen for N ticks */
	{
		double c[4];

		for (s = 0; s < 4; s++) {
			c[s] = measure(&sched_policy_rr, sizes[s], 1);
		}
		printf("| rr, switch every tick | %.0f | %.0f | %.0f | %.0f | %.2fx |\n",
		       c[0], c[1], c[2], c[3], c[3] / c[0]);
	}
	printf("\ncycles per tick + schedule() (median of %d batches of %d)%s\n",
	       BATCHES, PER_BATCH, bad ? "; NOTE: a 10000-task cost above 1.2x" : "");
	return 0;
}
