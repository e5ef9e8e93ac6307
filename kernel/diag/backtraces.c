/*
 * backtraces.c - the `b` key: where every CPU runs and where every task
 * sleeps, for a run that seems hung (the test runner types `s` and `b`
 * before it gives up on a scenario):
 *     nickel: backtraces: cpu N (by NMI)          then its backtrace
 *     nickel: backtraces: pid P (NAME) asleep in SYM, timer due in T ms
 *     backtrace: ...
 *     nickel: backtraces: end
 * Sleepers are walked with tasks_lock held: none can be freed meanwhile.
 */
#include "diag/check.h"
#include "proc/task.h"
#include "wait.h"
#include "spinlock.h"
#include "arch/timer.h"
#include "console/printk.h"
#include "panic.h"
#include "diag/ksyms.h"
#include "arch/percpu.h"
#include "arch/lapic.h"
#include "arch/thread_info.h"

/* A switched-out task's stack starts with switch_to's frame (switch.asm):
 * edi, esi, ebx, ebp, then the return address into its caller. */
void backtrace_of_sleeper(struct task *t)
{
	const uint32_t *frame = (const uint32_t *)t->saved_esp;
	uint32_t lo = (uint32_t)t->ti;

	if (t->saved_esp < lo || t->saved_esp + 20 > lo + KSTACK_SIZE)
		return;
	backtrace_within(frame[3], frame[4], lo, lo + KSTACK_SIZE);
}

static void report_sleeper(struct task *t)
{
	uint32_t off;
	const char *where = ksym_lookup((uint32_t)t->wchan, &off);
	int32_t due_in;

	printk("nickel: backtraces: pid %d (%s) asleep in %s", t->se.pid, t->se.comm,
	       where ? where : "?");
	if (timer_pending(t, &due_in))
		printk(", timer due in %d ms", due_in);
	printk("\n");
	backtrace_of_sleeper(t);
}

void backtraces_all(void)
{
	struct list_node *n;
	unsigned long f;
	int cpu;

	for (cpu = 0; cpu < ncpus; cpu++) {
		if (cpu == this_cpu_id() || !lapic_enabled)
			continue;                /* this CPU runs the keys thread */
		printk("nickel: backtraces: cpu %d (by NMI)\n", cpu);
		watchdog_backtrace_of(cpu);
	}
	f = spin_lock_irqsave(&tasks_lock);
	list_for_each(n, &all_tasks) {
		struct task *t = list_entry(n, struct task, all);
		if (sched_task_asleep(&t->se))
			report_sleeper(t);
	}
	spin_unlock_irqrestore(&tasks_lock, f);
	printk("nickel: backtraces: end\n");
}
