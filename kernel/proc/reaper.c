/*
 * reaper.c - "reaper", the kernel thread that frees exited tasks.
 *
 * An exited kernel thread (and a process whose parent is one) cannot free
 * its own stack: it is still running on it.  task_give_to_reaper (task.c)
 * hands it over; the reaper frees it once its CPU has switched away.
 *
 * Locking: dead_tasks is under tasks_lock, like the task table.
 */
#include "proc/task.h"
#include "spinlock.h"
#include "wait.h"
#include "arch/timer.h"

static struct list_node dead_tasks = LIST_INIT(dead_tasks);   /* tasks_lock */
static struct wait_queue reaper_wait = WAIT_QUEUE_INIT(reaper_wait);

/* t has left the task table (tasks_lock held, irqs off). */
void reaper_take(struct task *t)
{
	list_add_tail(&t->sibling, &dead_tasks);
	wake_up(&reaper_wait);
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

static bool have_dead_tasks(void *arg)
{
	(void)arg;
	return !list_empty(&dead_tasks);
}

/* Sleeps while there is nothing to free. */
static void reaper(void *arg)
{
	(void)arg;
	for (;;) {
		wait_event(&reaper_wait, have_dead_tasks, 0);
		if (task_reap_zombies() == 0)
			sleep_ms(1);                /* the dead one is still switching out */
	}
}

void reaper_thread_start(void)
{
	struct task *t = kthread_create("reaper", reaper, 0, 0);

	if (t)
		kthread_start(t);
}
