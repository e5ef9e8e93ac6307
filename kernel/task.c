/*
 * task.c - kernel threads: create, first run, exit, reap; and schedule().
 *
 * Locking:
 *   tasks_lock   all_tasks list, nr_tasks, next_pid, each task's
 *                parent, children/sibling links, refs and exit_status.
 *   rq locks     everything in task->se (kernel/sched/).
 * A task that sleeps sets se.state with interrupts off and calls schedule()
 * before turning them on again, so a timer interrupt can never preempt it
 * half-asleep (Linux uses PREEMPT_ACTIVE for the same purpose).
 */
#include "task.h"
#include "spinlock.h"
#include "pmm.h"
#include "kstack.h"
#include "selfcheck.h"
#include "heap.h"
#include "arch/paging.h"
#include "arch/percpu.h"
#include "arch/cpu.h"
#include "arch/trap.h"
#include "arch/switch.h"
#include "string.h"
#include "printk.h"
#include "panic.h"
#include "wait.h"
#include "mm.h"
#include "proc.h"

struct list_node all_tasks = LIST_INIT(all_tasks);
spinlock_t tasks_lock = SPINLOCK_INIT("tasks");
static unsigned nr_tasks;
static int next_pid = 1;
static struct list_node dead_tasks = LIST_INIT(dead_tasks);  /* tasks_lock */
static struct task idle_tasks[NR_CPUS];
static struct wait_queue reaper_wait = WAIT_QUEUE_INIT(reaper_wait);

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
 * held (see kernel/sched/schedule.c) and calls the thread's function.
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
	t->parent = current;
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

static void task_put_locked(struct task *t)
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

/* A reaped process leaves the table (tasks_lock held). */
void task_release(struct task *t)
{
	list_del(&t->sibling);
	list_del(&t->all);
	nr_tasks--;
	task_put_locked(t);
}

/* A kernel thread's processes outlive it; nobody will wait for them, so
 * the reaper frees them when they exit (proc_exit).  tasks_lock held. */
static void detach_children(struct task *t)
{
	while (!list_empty(&t->children)) {
		struct task *c = list_entry(t->children.next, struct task, sibling);
		list_del(&c->sibling);
		c->parent = 0;
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
	detach_children(t);
	list_del(&t->all);
	list_del(&t->sibling);
	list_add_tail(&t->sibling, &dead_tasks);
	nr_tasks--;
	spin_unlock_irqrestore(&tasks_lock, f);
	wake_up(&reaper_wait);
	cli();
	sched_exit(&t->se);
	t->se.state = SCHED_TASK_DEAD;
	schedule();
	panic("dead task %d ran again", t->se.pid);
}

/* A zombie process whose parent is a kernel thread: the reaper frees it
 * (tasks_lock held, irqs off). */
void task_give_to_reaper(struct task *t)
{
	list_del(&t->all);
	list_del(&t->sibling);
	list_add_tail(&t->sibling, &dead_tasks);
	nr_tasks--;
	wake_up(&reaper_wait);
}

/* Undo task_alloc for a task that never ran (a pid lookup may hold it). */
void task_unlink_unstarted(struct task *t)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	list_del(&t->all);
	list_del(&t->sibling);
	nr_tasks--;
	task_put_locked(t);
	spin_unlock_irqrestore(&tasks_lock, f);
}

/* Free the kernel threads that have exited and are off every CPU. */
int task_reap_zombies(void)
{
	struct list_node *n, *tmp;
	int freed = 0;
	unsigned long f = spin_lock_irqsave(&tasks_lock);

	list_for_each_safe(n, tmp, &dead_tasks) {
		struct task *t = list_entry(n, struct task, sibling);
		struct runqueue *rq = &sched_rq[t->se.cpu];
		int busy;

		/* Its CPU holds the rq lock until the switch away is complete. */
		sched_spin_lock(&rq->lock);
		busy = t->se.array || rq->curr == &t->se;
		sched_spin_unlock(&rq->lock);
		if (busy)
			continue;
		list_del(&t->sibling);
		task_put_locked(t);
		freed++;
	}
	spin_unlock_irqrestore(&tasks_lock, f);
	return freed;
}

unsigned tasks_count(void)
{
	return nr_tasks;
}

void preempt_disable(void)
{
	current_thread_info()->preempt_count += PREEMPT_ONE;
}

void preempt_enable(void)
{
	current_thread_info()->preempt_count -= PREEMPT_ONE;
}

/* A process runs on its own page tables; kernel threads on the kernel's
 * (so that no CPU keeps a freed page directory loaded). */
static void switch_address_space(struct task *next)
{
	uint32_t want = next->mm ? virt_to_phys(next->mm->pgdir)
				 : virt_to_phys(boot_page_dir);

	if (read_cr3() != want)
		write_cr3(want);
}

/* x87 state belongs to processes; the kernel is built without floats. */
static void switch_fpu(struct task *prev, struct task *next)
{
	if (prev->fpu_used)
		__asm__ volatile("fnsave %0" : "=m"(prev->fpu));
	if (next->fpu_used)
		__asm__ volatile("frstor %0" : : "m"(next->fpu));
}

/* Give the CPU to the next task (kernel/sched picks it). */
void schedule(void)
{
	struct task *prev = current, *next;
	unsigned long flags;
	int cpu = this_cpu_id();

	watchdog_touch(cpu);
	next = task_of(sched_pick_next(cpu, &flags));
	if (next != prev) {
		next->ti->cpu = cpu;
		tss_set_kernel_stack(&cpus[cpu], (uint32_t)next->ti + KSTACK_SIZE);
		switch_address_space(next);
		switch_fpu(prev, next);
		switch_to(&prev->saved_esp, next->saved_esp);
	}
	sched_finish_switch(this_cpu_id(), flags);
}

/*
 * The end of every interrupt and system call (idt.c): preempt the running
 * task if the scheduler asked for it, unless preemption is disabled or the
 * interrupt came while interrupts were off (then we are inside a critical
 * section that will call schedule() itself).
 */
void preempt_on_return(struct trap_frame *f)
{
	struct task *t = current;

	if (t && trap_from_user(f))
		proc_deliver_signals(f);
	if (!t || !t->se.need_resched || current_thread_info()->preempt_count)
		return;
	if (!(f->eflags & EFLAGS_IF))
		return;
	schedule();
}

static bool have_dead_tasks(void *arg)
{
	(void)arg;
	return !list_empty(&dead_tasks);
}

/* "reaper": frees exited kernel threads; sleeps while there are none. */
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
