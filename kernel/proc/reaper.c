/*
 * reaper.c - "reaper", the kernel thread that frees exited tasks.
 *
 * An exited kernel thread (and a process whose parent is one) cannot free
 * its own stack: it is still running on it.  task_give_to_reaper (task.c)
 * hands it over; the reaper frees it once its CPU has switched away.
 * That CPU says so (task_switched_out, from the scheduler's finish of the
 * switch), so neither the reaper nor a parent in proc_wait polls.
 *
 * Locking: dead_tasks is under tasks_lock, like the task table.
 */
#include "proc/task.h"
#include "spinlock.h"
#include "wait.h"

static struct list_node dead_tasks = LIST_INIT(dead_tasks);   /* tasks_lock */
static struct wait_queue reaper_wait = WAIT_QUEUE_INIT(reaper_wait);
/* Set before every wake of the reaper, cleared by it before it looks:
 * lock-free, since its wait's condition runs under reaper_wait's lock,
 * which reaper_take takes inside tasks_lock. */
static volatile int reaper_kicked;

static void kick_reaper(void)
{
	reaper_kicked = 1;
	wake_up(&reaper_wait);
}

/* t has left the task table (tasks_lock held, irqs off). */
void reaper_take(struct task *t)
{
	list_add_tail(&t->sibling, &dead_tasks);
	kick_reaper();
}

/* Free the dead tasks that are off every CPU. */
int task_reap_zombies(void)
{
	struct list_node *n, *tmp;
	int freed = 0;
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	list_for_each_safe(n, tmp, &dead_tasks) {
		struct task *t = list_entry(n, struct task, sibling);

		if (!sched_task_off_cpu(&t->se))
			continue;
		list_del(&t->sibling);
		task_put_locked(t);
		freed++;
	}
	spin_unlock_irqrestore(&tasks_lock, f);
	return freed;
}

/*
 * t (a zombie or an exited kernel thread) is off its CPU now: called by
 * the CPU that switched away from it (sched_finish_switch, interrupts
 * off).  Drops the reference t took for its last switch (Linux:
 * finish_task_switch's put_task_struct) and wakes who frees t: its parent
 * in proc_wait while t is still in the table, else the reaper.
 */
void task_switched_out(struct task *t)
{
	struct task *parent = 0;
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	if (!list_empty(&t->all) && t->parent) {   /* an unreaped zombie */
		parent = t->parent;
		task_get(parent);
	}
	task_put_locked(t);
	spin_unlock_irqrestore(&tasks_lock, f);
	if (parent) {
		wake_up(&parent->child_exit);
		task_put(parent);
	} else {
		kick_reaper();
	}
}

static bool kicked(void *arg)
{
	(void)arg;
	return reaper_kicked;
}

/* Sleeps until a task is handed over or switched out, then frees what is
 * off its CPU (a kick after the clear comes round again). */
static void reaper(void *arg)
{
	(void)arg;
	for (;;) {
		wait_event(&reaper_wait, kicked, 0);
		reaper_kicked = 0;
		__asm__ volatile("" ::: "memory");
		task_reap_zombies();
	}
}

void reaper_thread_start(void)
{
	struct task *t = kthread_create("reaper", reaper, 0, 0);

	if (t)
		kthread_start(t);
}
