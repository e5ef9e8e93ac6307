/*
 * check.c - check=1: the kernel checks its own bookkeeping while it runs.
 *
 * Three costs, three rates (all from cpu_tick, interrupts off):
 *   every tick      O(1): this CPU's run queue around its current task, and
 *                   the page directory it runs on (live, kernel half intact)
 *   every 100 ms    O(tasks): the full run-queue walk (kernel/sched/invariants.c),
 *                   per CPU, staggered; and on CPU 0 the task table against
 *                   every run queue
 *   every 500 ms    O(tasks), CPU 0: sleepers past their deadline (check_sleepers.c)
 *   every second    O(frames), CPU 0: page accounting (pmm.c) and the heap
 * A failure prints `nickel: invariant failed on cpu N: why`, at most once a
 * second per CPU (a broken invariant usually stays broken).
 */
#include "diag/check.h"
#include "proc/task.h"
#include "sched/sched.h"
#include "spinlock.h"
#include "mm/pmm.h"
#include "mm/heap.h"
#include "arch/paging.h"
#include "arch/percpu.h"
#include "arch/timer.h"
#include "console/printk.h"
#include "lib/string.h"
#include "arch/cpu.h"
#include "arch/lapic.h"

static uint32_t last_report[NR_CPUS_MAX];   /* jiffies + 1 of the last report; that CPU only */

static void report(int cpu, const char *why)
{
	if (last_report[cpu] && jiffies - (last_report[cpu] - 1) < HZ)
		return;
	last_report[cpu] = jiffies + 1;
	printk("nickel: invariant failed on cpu %d: %s\n", cpu, why);
}

/*
 * The page directory this CPU runs on is a live one with the kernel half
 * intact.  A CPU left on a freed directory runs on until the frame is
 * reused; once its kernel half is overwritten the CPU cannot even read the
 * IDT and triple-faults, which no double-fault handler can report.
 */
#define PDE_ACCESSED_DIRTY 0x60

static int check_address_space(char *why, unsigned n)
{
	uint32_t cr3 = read_cr3() & ~0xFFFu;
	const uint32_t *pd = phys_to_virt(cr3);
	enum pmm_owner o;
	unsigned i;

	if (cr3 == virt_to_phys(boot_page_dir))
		return 0;
	o = pmm_owner_of(cr3);
	if (o != PMM_PGTABLE) {
		snprintf(why, n, "cr3 0x%x is not a page directory: its frame is owned by %s "
			 "(refs %u)", cr3, pmm_owner_name(o), pmm_refcount(cr3));
		return -1;
	}
	for (i = USER_TOP >> 22; i < 1024; i++)           /* the CPU sets A and D */
		if ((pd[i] ^ boot_page_dir[i]) & ~(uint32_t)PDE_ACCESSED_DIRTY) {
			snprintf(why, n, "cr3 0x%x: kernel pde %u is 0x%x, not 0x%x",
				 cr3, i, pd[i], boot_page_dir[i]);
			return -1;
		}
	return 0;
}

/* Is the CPU the one the running task's thread_info names?  this_cpu_id()
 * reads the stack's thread_info, which schedule() sets; a task running on
 * two CPUs, or resumed from a stale saved context, breaks it. */
static int check_cpu_identity(int cpu, char *why, size_t n)
{
	int apic;

	if (!lapic_enabled)
		return 0;
	apic = (int)lapic_id();
	if (apic == cpus[cpu].apic_id)
		return 0;
	snprintf(why, n, "task %d (%s) runs on the CPU with apic id %d, but its "
		 "thread_info names cpu %d (apic id %d)", current->se.pid,
		 current->se.comm, apic, cpu, cpus[cpu].apic_id);
	return 1;
}

static void cheap_tick_check(int cpu)
{
	char why[128];

	if (check_cpu_identity(cpu, why, sizeof(why))) {
		report(cpu, why);
		return;
	}
	if (sched_check_curr(cpu, why, sizeof(why)) != 0 ||
	    check_address_space(why, sizeof(why)) != 0)
		report(cpu, why);
}

/* sched_check_tasks walks the task table through this cursor. */
static struct sched_task *next_in_table(void *cursor)
{
	struct list_node **node = cursor;
	struct task *t;

	if (*node == &all_tasks)
		return NULL;
	t = list_entry(*node, struct task, all);
	*node = (*node)->next;
	return &t->se;
}

/* Task table vs run queues: tasks_lock, then every rq (the order
 * task_reap_zombies uses). */
int selfcheck_tasks(char *why, unsigned n)
{
	struct list_node *node;
	unsigned long f;
	int ret;

	if (spin_is_held_here(&tasks_lock))
		return 0;                   /* interrupted its holder: next time */
	f = spin_lock_irqsave(&tasks_lock);
	node = all_tasks.next;
	ret = sched_check_tasks(next_in_table, &node, why, n);
	spin_unlock_irqrestore(&tasks_lock, f);
	return ret;
}

/* Page accounting, then the heap's arena against the heap's pages (read
 * twice around: a heap that grew meanwhile is not a mismatch). */
int selfcheck_pages(char *why, unsigned n)
{
	struct heap_stats before, after;
	unsigned heap_pages;

	heap_get_stats(&before);
	if (pmm_check_accounting(why, n))
		return -1;
	heap_pages = pmm_owner_pages(PMM_HEAP);
	heap_get_stats(&after);
	if (before.arena_bytes == after.arena_bytes &&
	    (size_t)heap_pages * PAGE_SIZE != after.arena_bytes) {
		snprintf(why, n, "heap arena %u KiB but it holds %u pages",
			 (unsigned)(after.arena_bytes / 1024), heap_pages);
		return -1;
	}
	return 0;
}

/* The first page check that passes says so, with its sum (tests read
 * it); one printk, so the line stays whole. */
static void pages_ok_once(void)
{
	static int said;
	char line[160];
	int len;
	enum pmm_owner o;

	if (said++)
		return;
	len = snprintf(line, sizeof(line), "free=%u", pmm_free_pages());
	for (o = PMM_NOBODY + 1; o < PMM_OWNERS; o++)
		len += snprintf(line + len, sizeof(line) - len, " %s=%u",
				pmm_owner_name(o), pmm_owner_pages(o));
	printk("nickel: selfcheck: pages ok: %s total=%u\n", line, pmm_total_pages());
}

/* The page check's turn: jiffy 500 of each second, or the first tick
 * after it when the host lost ticks and jiffies jumped over it. */
static bool page_check_due(void)
{
	static uint32_t due = 500;

	if ((int32_t)(jiffies - due) < 0)
		return false;
	due = jiffies - jiffies % 1000 + (jiffies % 1000 >= 500 ? 1500 : 500);
	return true;
}

void selfcheck_tick(int cpu)
{
	uint32_t slot = jiffies % 1000;
	char why[160];

	cheap_tick_check(cpu);
	/* The full walk: every 100 ms, CPU c at offset 25 * c. */
	if ((jiffies + (uint32_t)cpu * 25) % 100 == 0 &&
	    sched_check_invariants(cpu, why, sizeof(why)) != 0)
		report(cpu, why);
	if (cpu != 0)
		return;
	if (slot % 100 == 50 && selfcheck_tasks(why, sizeof(why)) != 0)
		report(cpu, why);
	sleepcheck_tick();                  /* every 500 ms, its own clock */
	if (page_check_due()) {
		if (selfcheck_pages(why, sizeof(why)) != 0)
			report(cpu, why);
		else
			pages_ok_once();
	}
}
