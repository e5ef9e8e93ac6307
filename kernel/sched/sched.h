/*
 * sched.h - nickel's portable scheduler core: the public interface.
 *
 * One core, five policies (nick = "Nick's scheduler policy v7", o1 = stock
 * Linux 2.6.0-test4, rr = classroom round robin, mine = the students' own,
 * kernel/sched/mine.c, cfs = Linux's Completely Fair Scheduler, eevdf =
 * Linux 6.6's EEVDF) on per-CPU run queues and one SMP balancer; real time
 * is the core's, and each policy keeps its tasks in queues of its own (the
 * O(1) arrays, a vruntime tree) or in the core's.  The kernel embeds struct
 * sched_task in its task struct and calls the functions below; the host
 * unit tests and the simulator call exactly the same code (see sched_env.h).
 *
 * Guide for students: docs/scheduler.md.  Every rule cites the hunk of
 * "Nick's scheduler policy v7" (posted to the Linux kernel mailing list,
 * August 2003) it comes from.
 *
 * Integer widths: the patch ran on 32-bit i386 where unsigned long is 32
 * bits.  Every such field is uint32_t here, so host and kernel wrap alike.
 */
#ifndef NICKEL_SCHED_H
#define NICKEL_SCHED_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include "lib/list.h"
#include "sched_env.h"
#include "nr_cpus.h"          /* NR_CPUS_MAX */

/* Public constants carry a SCHED_ prefix; sched_impl.h has the Linux names. */
#define SCHED_HZ            1000
#define SCHED_MAX_RT_PRIO   100
#define SCHED_MAX_PRIO      140     /* also the idle task's prio */
#define SCHED_NICE_TO_PRIO(n) (SCHED_MAX_RT_PRIO + 20 + (n))
#define SCHED_EINVAL        22      /* functions return -SCHED_EINVAL */
#define SCHED_POLICY_WORDS  8       /* sched_task.policy_data: 64 bytes */

typedef uint64_t sched_cpumask_t;   /* bit c = CPU c may run the task */
#define SCHED_CPU_BIT(c)    ((sched_cpumask_t)1 << (c))

/* Task states (who writes: the task itself before it calls schedule, the
 * waker under the task's rq lock, the kernel for ZOMBIE/DEAD). */
enum sched_state {
	SCHED_TASK_RUNNING = 0,     /* runnable or running: queued */
	SCHED_TASK_SLEEPING = 1,
	SCHED_TASK_ZOMBIE = 2,
	SCHED_TASK_DEAD = 3,
	/* Made by sched_task_init, not yet started (sched_start_task,
	 * sched_fork): no wake-up may queue it.  Linux 2.6 keeps a new task
	 * TASK_UNINTERRUPTIBLE until wake_up_forked_process for the same
	 * reason: a kill by pid (the fuzzer's) used to wake a half-made child,
	 * which sched_fork then queued a second time. */
	SCHED_TASK_NEW = 4,
};

/*
 * Two ideas, two names.  A task's scheduling class (sched_task.sched_class)
 * is POSIX's: SCHED_NORMAL, or real time SCHED_FIFO / SCHED_RR, which always
 * run before normal tasks.  The policy (struct sched_policy: nick, o1, rr, mine)
 * is global and decides how SCHED_NORMAL tasks share the CPUs.
 * Class numbers are Linux's.
 */
enum { SCHED_NORMAL = 0, SCHED_FIFO = 1, SCHED_RR = 2 };

/* Who wakes a task (v7: activate_task treats them differently). */
enum sched_waker {
	SCHED_WAKER_USER,      /* ring-3 task in a system call: !in_interrupt() && current->mm */
	SCHED_WAKER_KTHREAD,   /* kernel thread, process context */
	SCHED_WAKER_IRQ,       /* interrupt handler (timer expiry, device) */
};

/* v7: activate_task's test, "!in_interrupt() && current->mm".  The mm is
 * what counts, not the kind of task: a process that exits drops its mm
 * (Linux exit_mm) before it wakes its parent (exit_notify), so the parent
 * in wait gets a kernel wake-up: full credit, no slice taken. */
static inline enum sched_waker sched_waker_of(bool in_irq, bool has_mm)
{
	if (in_irq)
		return SCHED_WAKER_IRQ;
	return has_mm ? SCHED_WAKER_USER : SCHED_WAKER_KTHREAD;
}

struct prio_array;
struct sched_donation;

struct sched_task {
	/* Identity: written once by sched_task_init. */
	int pid;
	char comm[16];
	bool is_idle;

	/* Written under the task's rq lock (state also by the task itself
	 * when it goes to sleep, just before it calls schedule). */
	volatile int state;            /* enum sched_state */
	volatile int need_resched;     /* set under rq lock, read by the kernel */
	int cpu;                       /* its run queue; changes only with that rq locked */
	sched_cpumask_t cpus_allowed;
	int sched_class;               /* SCHED_NORMAL / FIFO / RR (the policy is global) */
	int rt_priority;               /* 1..99 for FIFO/RR, 0 otherwise */
	int static_prio;               /* 120 + nice */
	int prio;                      /* dynamic prio 0..139 (idle 140) */
	/* ipc_sched.c: the best prio of the IPC donations it holds; prio is
	 * never worse while `donated` (zero at sched_task_init: none). */
	bool donated;
	int donated_prio;
	/* donation.c, under its lock: the records this task holds as a
	 * server, and the record of the call it waits in as a caller. */
	struct sched_donation *donations;
	struct sched_donation *waiting;
	bool on_rq;                    /* queued on its CPU: the core's queue or the policy's */
	struct list_node rq_node;      /* in its rq's list of queued tasks (queue.c) */
	struct list_node run_list;     /* node in array->queue[prio] */
	struct prio_array *array;      /* the array it is on (prio_array.h), NULL: none */
	struct sched_task *parent;     /* for sched_exit's refund; kernel sets it */
	unsigned int policy_gen;       /* == sched_policy_gen when fields belong to the policy */

	/* SCHED_RR's quantum, counted by the core (tick.c): jiffies of it
	 * used.  Also the round-robin slice of a policy with no tick hook. */
	unsigned int core_slice_used;

	/* The per-task area of the policy in force (policy.h: POLICY_DATA):
	 * zeroed before its init_task, copied to a child at fork, never
	 * read by the core.  Each policy reads it through one accessor of
	 * its own (nick.h NICK, o1.h O1, rr.c RR, mine.h MINE, cfs.c CFS). */
	uint64_t policy_data[SCHED_POLICY_WORDS];

	/* Accounting for the stat dump (under the rq lock), milliseconds. */
	uint32_t run_ms, sleep_ms, wait_ms;
	uint32_t switches, wakeups, migrations;
	uint32_t preempted;            /* switches away while still runnable */
	uint32_t acct_stamp;           /* jiffies when the current sleep/wait began */
};

extern int sched_ncpus;

struct sched_policy;
extern const struct sched_policy sched_policy_nick, sched_policy_o1, sched_policy_rr;
/* Weak: a lab's student tree may leave these out (tools/handout's rooms);
 * NULL then.  starve.c: rr that never picks the newest task queued on a
 * CPU, for the watchdog's tests (never the default, never in the key r
 * rotation). */
extern const struct sched_policy sched_policy_mine __attribute__((weak)),
	sched_policy_cfs __attribute__((weak)), sched_policy_eevdf __attribute__((weak)),
	sched_policy_starve __attribute__((weak));
/* The policy in force: written with every rq lock held, read with any one. */
extern const struct sched_policy *sched_active_policy;
extern unsigned int sched_policy_gen;
extern unsigned int cache_decay_ticks;   /* default 2 (kernel: from CPUID / cache_decay=) */
extern unsigned int rr_slice_ms;         /* default 100 (kernel argument rr_slice=) */
/* watchdog.c: a task queued and unrun this long (ms) under any policy but
 * nick and o1 ejects the policy (kernel argument watchdog=, default 5000;
 * 0 = off, the core's own default, so host tests measure a policy as is).
 * Defined in core.c, so that a tree without watchdog.c links. */
extern unsigned int sched_watchdog_ms;
extern unsigned int sched_watchdog_ejections;

/* Set-up */
void sched_init(int ncpus, const struct sched_policy *pol);
void sched_init_idle(int cpu, struct sched_task *idle);
void sched_task_init(struct sched_task *p, int pid, const char *name, int nice);
void sched_start_task(struct sched_task *p, int cpu);

/* Life cycle */
void sched_fork(struct sched_task *parent, struct sched_task *child);
void sched_exit(struct sched_task *p);
bool sched_wake_up(struct sched_task *p, struct sched_task *waker,
		   enum sched_waker kind, bool sync);

/* The timer tick and schedule() */
void sched_tick(int cpu);
struct sched_task *sched_pick_next(int cpu, unsigned long *flags);
struct sched_task *sched_pick_next_yield(int cpu, unsigned long *flags);
void sched_finish_switch(int cpu, unsigned long flags);

/* System calls */
int sched_set_nice(struct sched_task *p, int nice);
int sched_setscheduler(struct sched_task *p, int sched_class, int rt_prio);
void sched_yield(struct sched_task *p);
unsigned int sched_rr_interval(struct sched_task *p);
int sched_set_affinity(struct sched_task *p, sched_cpumask_t mask);

/* Policies */
int sched_switch_policy(const struct sched_policy *pol);
const struct sched_policy *sched_policy_by_name(const char *name);
const char *sched_policy_name(void);

/* One task's scheduler fields at one moment, read under its rq lock
 * (stats.c): what the stat dump prints and the live panel shows. */
struct sched_task_view {
	int pid;
	char comm[16];
	int cpu;
	char state;                    /* R, S, Z or X */
	const char *policy;            /* nick / o1 / rr / mine / cfs, or SCHED_FIFO / SCHED_RR */
	int nice, static_prio, prio;
	unsigned int timeslice, used_slice, sleep_avg;   /* the policy's describe hook */
	uint32_t run_ms, sleep_ms, wait_ms;   /* sleep and wait include the one in progress */
	uint32_t switches, wakeups, migrations;
	uint32_t preempted;            /* of switches: still runnable (Linux's nivcsw) */
};
void sched_task_view(struct sched_task *p, struct sched_task_view *v);

/* Stat dump and trace lines (contract.md); return the snprintf length. */
int sched_format_cpu(char *buf, size_t n, int cpu);
int sched_format_task(char *buf, size_t n, struct sched_task *p);
int sched_format_switch(char *buf, size_t n, int cpu, uint64_t now_us,
			const struct sched_task *prev, const struct sched_task *next);
int sched_format_wakeup(char *buf, size_t n, int cpu, uint64_t now_us,
			const struct sched_task *cur, const struct sched_task *p,
			int success);
int sched_format_ipc(char *buf, size_t n, int cpu, uint64_t now_us,
		     const struct sched_task *cur, const char *what, int ep,
		     const struct sched_task *peer);

/*
 * Queries for the rest of the kernel (query.c).  The run queues are private
 * to kernel/sched; these are the questions the kernel may ask of them.
 * The lock-free ones read one word and may be stale by the time the caller
 * looks: good for diagnostics and for "is there work?" hints, never for a
 * decision that needs the answer to stay true.
 */
struct sched_task *sched_curr(int cpu);          /* lock-free: the task running there */
unsigned int sched_nr_running(int cpu);          /* lock-free: tasks queued there */
unsigned int sched_nr_waiting(int cpu);          /* lock-free: queued besides the running one */
bool sched_task_off_cpu(struct sched_task *p);   /* locked: neither queued nor running */
bool sched_task_asleep(const struct sched_task *p); /* lock-free: sleeping, not yet queued again */
struct sched_cpu_counts {
	uint32_t nr_switches, idle_ms, ipis, migrations_in;
	uint32_t ticks;     /* its timer ticks: fewer than jiffies when a host loses some */
};
void sched_cpu_counts(int cpu, struct sched_cpu_counts *out); /* lock-free */

/*
 * Self-checks (invariants.c).  Each returns 0 when all is well, else -1 and a
 * reason in why[n]; sched_check_curr returns 1 when it cannot look now.
 *   sched_check_curr        O(1): counts and the running task's place (every tick)
 *   sched_check_invariants  O(tasks): a full walk of one run queue
 *   sched_check_tasks       O(tasks): the caller's task table against every
 *                           run queue; next(cursor) yields its tasks one by one
 *                           (NULL at the end), called with every rq lock held
 */
int sched_check_curr(int cpu, char *why, size_t n);
int sched_check_invariants(int cpu, char *why, size_t n);
int sched_check_tasks(struct sched_task *(*next)(void *cursor), void *cursor,
		      char *why, size_t n);

#endif
