/*
 * task.c - kernel threads: the task table, create, first run, references,
 * exit.  The reaper (reaper.c) frees exited threads; kernel/schedule.c gives
 * the CPU from one task to the next.
 *
 * Locking:
 *   tasks_lock   all_tasks list, nr_tasks, next_pid, each task's
 *                parent, children/sibling links, refs and exit_status.
 *   rq locks     everything in task->se (kernel/sched/).
 * A task that sleeps sets se.state with interrupts off and calls schedule()
 * before turning them on again, so a timer interrupt can never preempt it
 * half-asleep (Linux uses PREEMPT_ACTIVE for the same purpose).
 */
#include "proc/task.h"
#include "spinlock.h"
#include "mm/pmm.h"
#include "mm/kstack.h"
#include "diag/check.h"
#include "mm/heap.h"
#include "arch/paging.h"
#include "arch/percpu.h"
#include "arch/cpu.h"
#include "arch/trap.h"
#include "lib/string.h"
#include "console/printk.h"
#include "panic.h"
#include "wait.h"
#include "mm/mm.h"
#include "proc/proc.h"

struct list_node all_tasks = LIST_INIT(all_tasks);
spinlock_t tasks_lock = SPINLOCK_INIT("tasks");
static unsigned nr_tasks;
static int next_pid = 1;
static struct task idle_tasks[NR_CPUS_MAX];

/* CPU `cpu`'s idle task runs on the stack that is current now. */
struct task *idle_task_init(int cpu)
{
	struct task *t = &idle_tasks[cpu];
	struct thread_info *ti = current_thread_info();

	memset(t, 0, sizeof(*t));
	t->kind = TASK_IDLE;
	t->ti = ti;
	ti->task = t;
	ti->cpu = cpu;
	ti->preempt_count = 0;
	sched_task_init(&t->se, 0, "idle", 0);
	t->se.cpu = cpu;
	list_init(&t->children);
	list_init(&t->sibling);
	wait_queue_init(&t->child_exit);
	cpus[cpu].idle = t;
	sched_init_idle(cpu, &t->se);
	return t;
}

/*
 * A new task's first switch_to pops four registers and returns into
 * task_first_run, which releases the run-queue lock that the switching CPU
 * held (see kernel/sched/pick.c) and calls the thread's function.
 */
static void task_first_run(void)
{
	struct task *t = current;

	sched_finish_switch(this_cpu_id(), EFLAGS_IF);
	t->fn(t->arg);
	task_exit(0);
}

/*
 * The stack a task's first switch_to pops: four registers, then `first`.
 * Room for a trap frame stays free at the very top (proc.c keeps a
 * process's ring-3 registers there).
 */
void task_switch_frame(struct task *t, void (*first)(void))
{
	uint32_t *sp = (uint32_t *)((char *)t->ti + KSTACK_SIZE - sizeof(struct trap_frame));

	*--sp = 0;                          /* fake return address of `first` */
	*--sp = (uint32_t)first;            /* switch_to's ret */
	*--sp = 0;                          /* ebp: ends backtraces */
	*--sp = 0;                          /* ebx */
	*--sp = 0;                          /* esi */
	*--sp = 0;                          /* edi */
	t->saved_esp = (uint32_t)sp;
}

/* A task struct and its kernel stack, registered in all_tasks. */
struct task *task_alloc(const char *name, enum task_kind kind, int nice)
{
	struct task *t = kzalloc(sizeof(*t));
	struct thread_info *stack = kstack_alloc();   /* with its guard page */
	unsigned long f;

	if (!t || !stack) {
		kfree(t);
		if (stack)
			kstack_free(stack);
		return 0;
	}
	t->kind = kind;
	t->refs = 1;                        /* the task table's, until reaped */
	t->ti = stack;
	t->ti->task = t;
	t->ti->cpu = 0;
	t->ti->preempt_count = 0;
	list_init(&t->children);
	list_init(&t->wait_node);
	list_init(&t->timer_node);
	wait_queue_init(&t->child_exit);
	f = spin_lock_irqsave(&tasks_lock);
	sched_task_init(&t->se, next_pid++, name, nice);
	task_set_parent(t, current);
	list_add_tail(&t->sibling, &current->children);
	list_add_tail(&t->all, &all_tasks);
	nr_tasks++;
	spin_unlock_irqrestore(&tasks_lock, f);
	return t;
}

struct task *kthread_create(const char *name, void (*fn)(void *), void *arg, int nice)
{
	struct task *t = task_alloc(name, TASK_KTHREAD, nice);

	if (!t)
		return 0;
	t->fn = fn;
	t->arg = arg;
	task_switch_frame(t, task_first_run);
	return t;
}

void kthread_start(struct task *t)
{
	sched_start_task(&t->se, this_cpu_id());
}

/* Free a task that is off every CPU and unreferenced. */
static void task_free_stack(struct task *t)
{
	kstack_free(t->ti);
	kfree(t->lat);
	kfree(t);
}

/*
 * References.  Whoever uses a task after dropping tasks_lock (a task found
 * by pid, a parent to wake) takes one first, under tasks_lock: otherwise
 * the task can exit, be reaped and be freed meanwhile on another CPU, and
 * the memory reused by the next fork (the soak's corrupted run queue).
 * Reaping drops the task table's reference; the last task_put frees.
 * A reaped task that is still referenced is off every list: only its
 * fields are read or set (a nice value nobody will see).
 */
void task_get(struct task *t)
{
	t->refs++;                          /* tasks_lock held */
}

void task_put_locked(struct task *t)
{
	if (--t->refs == 0)
		task_free_stack(t);
}

void task_put(struct task *t)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	task_put_locked(t);
	spin_unlock_irqrestore(&tasks_lock, f);
}

/* t leaves the task table and its parent's children (tasks_lock held). */
static void table_unlink(struct task *t)
{
	list_del(&t->all);
	list_del(&t->sibling);
	nr_tasks--;
}

/* A reaped process leaves the table (tasks_lock held). */
void task_release(struct task *t)
{
	table_unlink(t);
	task_put_locked(t);
}

/* A kernel thread's processes outlive it; nobody will wait for them, so
 * the reaper frees them when they exit (proc_exit).  tasks_lock held. */
static void detach_children(struct task *t)
{
	while (!list_empty(&t->children)) {
		struct task *c = list_entry(t->children.next, struct task, sibling);
		list_del(&c->sibling);
		task_set_parent(c, 0);
	}
}

/*
 * Exit: leave the run queue for good.  A kernel thread's body is freed by
 * task_reap_zombies() (from another task: we are still on this stack).
 */
void task_exit(int status)
{
	struct task *t = current;
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	t->exit_status = status;
	task_get(t);                     /* task_switched_out drops it */
	detach_children(t);
	task_give_to_reaper(t);
	spin_unlock_irqrestore(&tasks_lock, f);
	cli();
	sched_exit(&t->se);
	t->se.state = SCHED_TASK_DEAD;
	schedule();
	panic("dead task %d ran again", t->se.pid);
}

/* t has exited and nobody will wait for it: it leaves the table and the
 * reaper frees it once it is off its CPU (tasks_lock held, irqs off). */
void task_give_to_reaper(struct task *t)
{
	table_unlink(t);
	reaper_take(t);
}

/* Undo task_alloc for a task that never ran (a pid lookup may hold it). */
void task_unlink_unstarted(struct task *t)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	table_unlink(t);
	task_put_locked(t);
	spin_unlock_irqrestore(&tasks_lock, f);
}

unsigned tasks_count(void)
{
	return nr_tasks;
}

