/*
 * task.h - kernel tasks: kernel threads and ring-3 processes.
 *
 * Every task has a KSTACK_SIZE kernel stack, aligned to its size, with its
 * struct thread_info at the bottom: masking esp finds the current task and
 * its CPU (as Linux 2.6 i386 does).  The scheduler's part of a task is the
 * embedded struct sched_task (kernel/sched/sched.h).
 */
#ifndef NICKEL_TASK_H
#define NICKEL_TASK_H
#include <stdint.h>
#include "lib/list.h"
#include "sched/sched.h"
#include "schedule.h"

#include "arch/thread_info.h"
#include "wait.h"

struct mm;
struct file;
struct lat_report;
#define NR_FDS 32

enum task_kind { TASK_IDLE, TASK_KTHREAD, TASK_USER };

/* What a task used, as getrusage reports it (sys_usage.c). */
struct task_usage {
	uint32_t run_ms;
	uint32_t voluntary, involuntary;   /* switches away: blocked, runnable */
};

struct task {
	struct sched_task se;        /* the scheduler's fields; first member */
	enum task_kind kind;
	struct thread_info *ti;      /* = bottom of the kernel stack */
	uint32_t saved_esp;          /* while switched out (switch.asm) */
	void (*fn)(void *);          /* kernel thread body */
	void *arg;
	int exit_status;
	struct task *parent;                  /* tasks_lock; NULL = nobody waits */
	volatile int ppid;                    /* parent's pid or 0: written with parent,
					       * read without the lock (getppid) */
	int refs;                             /* tasks_lock; see task_get() */
	struct list_node children, sibling;   /* tasks_lock */
	struct list_node all;                 /* tasks_lock: every live task */
	struct list_node wait_node;           /* on a wait queue (its lock) */
	uint32_t wake_at;                     /* timed sleep deadline, jiffies */
	struct list_node timer_node;          /* timer list (timer_lock) */
	const void *wchan;                    /* the sleep's caller (a return address) */
	bool lock_handed;                     /* its sleep's lock came with the CPU
					       * (ipc/fastpath.c); set by that waker
					       * under the lock, cleared by the task */
	uint32_t nanosleep_due;               /* jiffies; while in_nanosleep (diag/check_sleepers.c) */
	uint64_t nanosleep_end_us;            /* the same deadline by the TSC */
	uint8_t in_nanosleep, overdue_said;   /* the task itself; read by diag/check_sleepers.c */
	/* Ring-3 processes only (kind == TASK_USER); see kernel/proc/proc.c. */
	struct mm *mm;                        /* address space; NULL = kernel */
	struct file *fd[NR_FDS];              /* only the task itself touches */
	int wait_status;                      /* for the parent (tasks_lock) */
	struct task_usage children_usage;     /* reaped children's; only the task itself */
	volatile int pending_signal;          /* 0 or the fatal signal to deliver */
	struct wait_queue child_exit;         /* it sleeps here in wait() */
	struct lat_report *lat;               /* its latest report (lat.h) */
	uint8_t fpu[108] __attribute__((aligned(16)));  /* fnsave area */
	int fpu_used;
};

/* A sleeper's lock once it runs again: taken, or already its own when the
 * waker handed it over with the CPU (the IPC fast path, ipc/fastpath.c,
 * as schedule() hands the run-queue lock to the next task): then it is
 * not dropped and taken again in between.  Irqs off. */
static inline void lock_unless_handed(struct task *t, spinlock_t *lock)
{
	if (t->lock_handed)
		t->lock_handed = false;
	else
		spin_lock(lock);
}

static inline struct task *task_of(struct sched_task *se)
{
	return container_of(se, struct task, se);
}

/* tasks_lock held: c's new parent (NULL: nobody), and its pid for getppid. */
static inline void task_set_parent(struct task *c, struct task *parent)
{
	c->parent = parent;
	c->ppid = parent ? parent->se.pid : 0;
}

extern struct list_node all_tasks;
struct spinlock;
extern struct spinlock tasks_lock;

struct task *kthread_create(const char *name, void (*fn)(void *), void *arg, int nice);
void kthread_start(struct task *t);             /* first wake-up */
void task_exit(int status) __attribute__((noreturn));
int task_reap_zombies(void);                    /* free exited threads */
void task_get(struct task *t);                  /* tasks_lock held */
void task_put(struct task *t);                  /* tasks_lock not held */
unsigned tasks_count(void);
struct task *idle_task_init(int cpu);          /* this stack becomes cpu's idle */

/* reaper.c: the thread that frees exited tasks */
void reaper_thread_start(void);                /* kinit: frees exited kernel threads */
void reaper_take(struct task *t);              /* tasks_lock held, t out of the table */
void task_switched_out(struct task *t);        /* an exited t left its CPU (reaper.c) */
void task_put_locked(struct task *t);          /* tasks_lock held */

/* For proc.c: a process is a task that task.c allocates, starts and frees. */
struct task *task_alloc(const char *name, enum task_kind kind, int nice);
void task_switch_frame(struct task *t, void (*first)(void));  /* first switch_to returns into first */
void task_release(struct task *t);             /* a reaped process leaves the table */
void task_give_to_reaper(struct task *t);      /* a zombie nobody will wait for */
void task_unlink_unstarted(struct task *t);    /* undo task_alloc: it never ran */
void usage_add_reaped(struct task *parent, struct task *zombie);  /* sys_usage.c */
#endif
