/*
 * refs.c - `selftest=1` also checks the task reference rule
 * (task.c): a task someone holds a reference to survives being reaped,
 * and its memory goes with the last task_put.  kinit takes a reference to
 * a kernel thread that exits at once, waits until the reaper has taken it
 * off the task table, checks the struct is intact, then drops it and
 * checks that the heap got the struct back.
 */
#include "selftest/selftest.h"
#include "proc/task.h"
#include "proc/proc.h"
#include "mm/heap.h"
#include "spinlock.h"
#include "arch/timer.h"
#include "console/printk.h"

static void exit_at_once(void *arg)
{
	(void)arg;
}

/* Is pid still in the task table? */
static int listed(int pid)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);
	int found = proc_find(pid) != 0;

	spin_unlock_irqrestore(&tasks_lock, f);
	return found;
}

/*
 * Has the reaper taken the task table's reference?  Leaving the table is
 * not enough: task_exit unlists a thread at once and the reaper drops the
 * table's reference later (the first version of this test checked the
 * table and failed on a CI machine where the reaper ran late).
 */
static int reaped(struct task *t)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);
	int done = t->refs == 1;

	spin_unlock_irqrestore(&tasks_lock, f);
	return done;
}

static const char *check_refs(struct task *t, int pid)
{
	struct heap_stats before, after;
	int waited;

	for (waited = 0; !reaped(t) && waited < 1000; waited++)
		sleep_ms(1);
	if (!reaped(t))
		return "the thread was not reaped within 1 s";
	if (listed(pid))
		return "a reaped thread is still in the task table";
	if (t->se.pid != pid)
		return "reaping freed a task that was still referenced";
	heap_get_stats(&before);
	task_put(t);
	heap_get_stats(&after);
	if (before.used_bytes - after.used_bytes < sizeof(*t))
		return "the last task_put did not free the task";
	return 0;
}

void selftest_refs(void)
{
	struct task *t = kthread_create("refee", exit_at_once, 0, 0);
	unsigned long f;
	const char *why;

	if (!t) {
		printk("nickel: refs self-test: no memory\n");
		return;
	}
	f = spin_lock_irqsave(&tasks_lock);
	task_get(t);
	spin_unlock_irqrestore(&tasks_lock, f);
	kthread_start(t);
	why = check_refs(t, t->se.pid);
	if (why)
		printk("nickel: refs self-test FAILED: %s\n", why);
	else
		printk("nickel: refs self-test passed: a referenced task outlived its reaping\n");
}
