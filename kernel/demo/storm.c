/*
 * storm.c - demo=storm: kernel threads born and dying as fast as the
 * machine allows, on every CPU, to shake out races in task creation, the
 * scheduler's start/exit paths, cross-CPU wake-ups and the reaper.
 *
 *   "storm"    the coordinator: notes the task count and free pages,
 *              starts one spawner per CPU, waits for the end, waits for
 *              every exited thread to be reaped, prints one summary line:
 *     nickel: storm: created=N exited=N reaped=N tasks_before=T tasks_after=T
 *             free_pages_before=F free_pages_after=F cpus_used=C
 *   "spawner"  pinned to one CPU: keeps up to GUSTS_PER_SPAWNER "gust"
 *              threads alive, creating a new one whenever one ends;
 *   "gust"     allowed on every CPU: spins a little, sometimes sleeps 1 ms
 *              (the timer on CPU 0 wakes it on its own CPU: an IPI), and
 *              exits.  It may be pulled to another CPU meanwhile.
 * The storm lasts until 6 s before run=S (or 10 s); then up to 5 s for the
 * last gusts to end and be reaped (under TCG on a loaded host a vCPU can
 * stall for a second of guest time), so the summary comes before the
 * power-off.  "reaped" is derived from the pages: each gust
 * holds a 4-page kernel stack until the reaper frees it, so once the free
 * pages are back at the baseline every exited gust was reaped.
 *
 * Then CALLS smp_call_function rounds (the TLB-shootdown primitive), each
 * of which must run on every other CPU: "calls=100 call_hits=300" on 4.
 *
 * Counters are updated with atomic instructions: gusts on every CPU touch
 * them, no lock is needed for a counter.
 */
#include "demo/demo.h"
#include "proc/task.h"
#include "sched/sched.h"
#include "boot/cmdline.h"
#include "arch/percpu.h"
#include "mm/pmm.h"
#include "mm/heap.h"
#include "arch/paging.h"
#include "arch/timer.h"
#include "wait.h"
#include "console/printk.h"
#include "arch/smp.h"

#define GUSTS_PER_SPAWNER 4
#define SETTLE_MS 5000                 /* how long the stragglers may take at the end */

static volatile int created, exited, create_failed, live;
static volatile int spawners_left;
static volatile uint32_t cpus_seen;    /* bit c: a gust ran on CPU c */
static volatile int stop;

static void gust(void *arg)
{
	unsigned n = (unsigned)(uintptr_t)arg;
	volatile unsigned x = 0, i;

	__sync_fetch_and_or(&cpus_seen, 1u << this_cpu_id());
	for (i = 0; i < (n % 8) * 2000; i++)
		x += i;
	if (n % 3 == 0)
		sleep_ms(1);
	__sync_fetch_and_or(&cpus_seen, 1u << this_cpu_id());
	__sync_fetch_and_add(&exited, 1);
	__sync_fetch_and_sub(&live, 1);
}

static void spawner(void *arg)
{
	unsigned n = (unsigned)(uintptr_t)arg;

	while (!stop) {
		struct task *t;

		if (live >= GUSTS_PER_SPAWNER * ncpus) {
			sleep_ms(1);
			continue;
		}
		t = kthread_create("gust", gust, (void *)(uintptr_t)n++, 0);
		if (!t) {
			__sync_fetch_and_add(&create_failed, 1);
			sleep_ms(1);
			continue;
		}
		__sync_fetch_and_add(&live, 1);
		__sync_fetch_and_add(&created, 1);
		kthread_start(t);              /* on this CPU: the spawner's */
	}
	__sync_fetch_and_sub(&spawners_left, 1);
}

static int start_spawners(void)
{
	int c, started = 0;

	spawners_left = ncpus;
	for (c = 0; c < ncpus; c++) {
		struct task *t = kthread_create("spawner", spawner,
						(void *)(uintptr_t)(c * 1000003u), 0);
		if (!t) {
			__sync_fetch_and_sub(&spawners_left, 1);
			continue;
		}
		sched_set_affinity(&t->se, SCHED_CPU_BIT(c));
		kthread_start(t);
		started++;
	}
	return started;
}

/* The cross-call: every other CPU runs this once per smp_call_function. */
static volatile int call_hits;

static void count_call(void *arg)
{
	(void)arg;
	__sync_fetch_and_add(&call_hits, 1);
}

/* CALLS cross-calls after the storm: each must reach every other CPU. */
#define CALLS 100

static void cross_calls(void)
{
	int i;

	for (i = 0; i < CALLS; i++)
		smp_call_function(count_call, 0);
}

static int popcount(uint32_t m)
{
	int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/*
 * Pages not in use: free in the page allocator, or held by the kernel heap
 * for reuse (the heap keeps the 64 KiB chunks it grows by, so a storm may
 * leave a chunk there: that is no leak).
 */
static unsigned unused_pages(void)
{
	struct heap_stats hs;

	heap_get_stats(&hs);
	return pmm_free_pages() + (unsigned)(hs.arena_bytes / PAGE_SIZE);
}

static void storm(void *arg)
{
	unsigned tasks_before = tasks_count(), pages_before = unused_pages();
	/* A third of the run storms; the rest leaves time to settle and report,
	 * even when the host is slow. */
	uint32_t storm_ms = boot_args.run_s > 3 ? (uint32_t)boot_args.run_s * 1000 / 3 : 10000;
	uint32_t waited = 0;

	(void)arg;
	printk("nickel: demo storm: %d spawners for %u ms\n", start_spawners(), storm_ms);
	if ((int32_t)(jiffies - storm_ms) < 0)
		sleep_ms(storm_ms - jiffies);
	stop = 1;
	while ((spawners_left || live || tasks_count() != tasks_before ||
		unused_pages() != pages_before) && waited < SETTLE_MS) {
		sleep_ms(10);
		waited += 10;
	}
	printk("nickel: storm: created=%d exited=%d reaped=%d tasks_before=%u "
	       "tasks_after=%u free_pages_before=%u free_pages_after=%u cpus_used=%d "
	       "create_failed=%d\n", created, exited,
	       unused_pages() == pages_before ? exited : -1, tasks_before,
	       tasks_count(), pages_before, unused_pages(), popcount(cpus_seen),
	       create_failed);
	/* Last, so that the summary above is out even if a cross-call hangs
	 * (seen once on a heavily loaded host; see docs/smp.md). */
	cross_calls();
	printk("nickel: storm: calls=%d call_hits=%d (%d other cpus)\n", CALLS,
	       call_hits, ncpus - 1);
}

void demo_storm_start(void)
{
	struct task *t = kthread_create("storm", storm, 0, 0);

	if (t)
		kthread_start(t);
}
