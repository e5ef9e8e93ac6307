/*
 * sched_impl.h - the core's internal helpers, shared by the files of
 * kernel/sched (never included by the rest of the kernel).
 *
 * Linux's names for the constants, so that nick.c and o1.c read like the
 * patch.  Locking: every helper here expects the rq lock of the run queue
 * it touches to be held with local interrupts off.
 */
#ifndef NICKEL_SCHED_IMPL_H
#define NICKEL_SCHED_IMPL_H

#include "sched.h"
#include "policy.h"
#include "prio_array.h"

#define HZ              SCHED_HZ
#define MAX_USER_RT_PRIO 100
#define MAX_RT_PRIO     SCHED_MAX_RT_PRIO
#define MAX_PRIO        SCHED_MAX_PRIO
#define MAX_USER_PRIO   40
#define NICE_TO_PRIO(n) SCHED_NICE_TO_PRIO(n)
#define PRIO_TO_NICE(p) ((p) - MAX_RT_PRIO - 20)
#define TASK_NICE(p)    PRIO_TO_NICE((p)->static_prio)
#define USER_PRIO(p)    ((p) - MAX_RT_PRIO)
#define rt_task(p)      ((p)->prio < MAX_RT_PRIO)

/* v7: MIN_TIMESLICE is 1 ms in jiffies, at least one jiffy (a macro of hz
 * so that the unit tests can evaluate it at other tick rates). */
#define NICK_MIN_TIMESLICE(hz) ((1 * (hz) / 1000) ? 1 * (hz) / 1000 : 1)

/* The policy's per-CPU area: room for 2.6.0's pair of arrays and a few
 * words more (policy.h: POLICY_RQ). */
#define SCHED_POLICY_RQ_WORDS ((sizeof(struct prio_arrays) + 7) / 8 + 4)

/* rq's policy area as the policy's own struct (as POLICY_DATA for a task). */
#define POLICY_RQ(rq, type) ({                                                 \
	_Static_assert(sizeof(type) <= sizeof((rq)->policy_rq),                \
		       #type " does not fit in runqueue.policy_rq");           \
	(type *)(void *)(rq)->policy_rq;                                       \
})

/* One per CPU.  Everything below is protected by `lock` unless noted. */
struct runqueue {
	sched_lock_t lock;
	int cpu;                          /* constant */
	unsigned int nr_running;          /* queued tasks: the core's queue + the policy's */
	uint32_t nr_switches;
	struct sched_task *curr;          /* running task (idle when none) */
	struct sched_task *idle;          /* constant after sched_init_idle */
	/* The core's queue (queue.c): real-time prios, and every task of a
	 * policy with no queue of its own (no enqueue hook). */
	struct prio_array queue;
	/* Every task queued here, the core's and the policy's, in the order
	 * they were queued: the slow paths' walk (checks, the watchdog, the
	 * policy switch), never the pick (Linux: rq->cfs_tasks). */
	struct list_node tasks;
	/* The policy's per-CPU area (POLICY_RQ): zeroed, then its init_rq,
	 * at sched_init and at a policy switch, before its first enqueue. */
	uint64_t policy_rq[SCHED_POLICY_RQ_WORDS];
	uint32_t watchdog_next;           /* watchdog.c: jiffies of the next look */
	uint32_t watchdog_look;           /* watchdog.c: jiffies of the last look */
	uint32_t watchdog_look_ticks;     /* watchdog.c: this CPU's ticks then */
	unsigned int prev_cpu_load[NR_CPUS_MAX]; /* balance: nr_running seen last time */
	struct sched_task *migrating;     /* pick -> finish: prev leaving a forbidden CPU */
	struct sched_task *dead_prev;     /* pick -> finish: prev exited (zombie or dead) */
	struct sched_task *handoff;       /* ipc_sched.c: the next pick's task, or NULL */
	uint32_t idle_ms, ipis, migrations_in;
	uint32_t ticks;                   /* timer ticks this CPU took */
};

extern struct runqueue sched_rq[NR_CPUS_MAX];

#define UNUSED __attribute__((unused))   /* a hook that ignores a parameter */
#define sched_min(a, b) ((a) < (b) ? (a) : (b))

static inline struct runqueue *cpu_rq(int cpu) { return &sched_rq[cpu]; }

/* A real-time task's prio: rt_priority 99 is prio 0 (Linux's rule). */
static inline int rt_prio_of(int rt_priority)
{
	return MAX_USER_RT_PRIO - 1 - rt_priority;
}
static inline struct runqueue *task_rq(struct sched_task *p) { return &sched_rq[p->cpu]; }
static inline bool task_running(struct runqueue *rq, struct sched_task *p)
{
	return rq->curr == p;
}
static inline bool cpu_allowed(struct sched_task *p, int cpu)
{
	return (p->cpus_allowed & SCHED_CPU_BIT(cpu)) != 0;
}

/* ipc_sched.c */
struct sched_task *sched_take_handoff(struct runqueue *rq);

/* pick.c */
void sched_yield_locked(struct runqueue *rq, struct sched_task *p);      /* yield rule, rq locked */

/* invariants.c: one array of rq sound, its tasks added to *count */
int sched_check_array(struct runqueue *rq, struct prio_array *a, unsigned int *count,
		      char *why, size_t n);

/* core.c */
struct runqueue *task_rq_lock(struct sched_task *p, unsigned long *flags);
void task_rq_unlock(struct runqueue *rq, unsigned long flags);
void double_rq_lock(struct runqueue *a, struct runqueue *b);       /* CPU-id order */
void double_rq_unlock(struct runqueue *a, struct runqueue *b);
void resched_task(struct runqueue *rq, struct sched_task *p);       /* need_resched (+IPI) */
void sched_policy_tick(struct runqueue *rq, struct sched_task *p);  /* scheduler_tick body */
bool sched_wakeup_preempts(struct runqueue *rq, struct sched_task *p, struct sched_task *waker,
			   enum sched_waker kind, bool sync);  /* the wakeup hook or the core's */
bool sched_preempts(struct runqueue *rq, struct sched_task *p);     /* the preempts hook or prio */
uint32_t sched_ran(struct sched_task *p);                           /* the ran hook or acct_stamp */
unsigned int sched_quantum(struct sched_task *p);                   /* SCHED_RR's quantum */
void sched_describe(struct runqueue *rq, struct sched_task *p, struct sched_policy_view *v);
void sched_donate_counter(unsigned int *caller, unsigned int *server,
			  uint32_t saved[SCHED_DONATION_WORDS], enum sched_donate_step step);
/* queue.c: where a queued task waits (policy.h).  The core's queue holds
 * real-time prios, and every task of a policy with no queue of its own;
 * the policy's queues (its enqueue hook) hold the rest. */
static inline bool core_queues(const struct sched_task *p)
{
	return p->prio < MAX_RT_PRIO || !sched_active_policy->enqueue;
}

/* p joins rq's queues: the core's, or the policy's through its hook.  A
 * bad prio is clamped first, so that it cannot choose the wrong queue. */
static inline void enqueue_rq(struct runqueue *rq, struct sched_task *p)
{
	if (__builtin_expect((unsigned int)p->prio >= MAX_PRIO, 0))
		sched_clamp_bad_prio(p);
	p->on_rq = true;
	list_add_tail(&p->rq_node, &rq->tasks);
	if (core_queues(p))
		enqueue_task(p, &rq->queue);
	else
		sched_active_policy->enqueue(rq, p);
}

static inline void dequeue_rq(struct runqueue *rq, struct sched_task *p)
{
	p->on_rq = false;
	list_del(&p->rq_node);
	if (p->array == &rq->queue)
		dequeue_task(p);
	else
		sched_active_policy->dequeue(rq, p);
}

/* Linux __activate_task: queued, one more runnable task. */
static inline void activate_queued(struct runqueue *rq, struct sched_task *p)
{
	enqueue_rq(rq, p);
	rq->nr_running++;
}

/* Linux deactivate_task. */
static inline void deactivate_task(struct runqueue *rq, struct sched_task *p)
{
	dequeue_rq(rq, p);
	rq->nr_running--;
}

/* The tasks the policy's queues hold on rq. */
static inline unsigned int policy_nr_queued(const struct runqueue *rq)
{
	return rq->nr_running - rq->queue.nr_active;
}
void sched_requeue_prio(struct runqueue *rq, struct sched_task *p, int prio);
void sched_for_each_queued(struct runqueue *rq,                     /* slow paths: every task */
			   bool (*fn)(struct sched_task *p, void *arg), void *arg);
struct sched_task *sched_policy_any(struct runqueue *rq);           /* one of the policy's, or NULL */
int sched_policy_best(struct runqueue *rq);                          /* direct.c's question */

/* prio_arrays.c: 2.6.0's pair as a policy's own queues.  A policy that
 * keeps its tasks there puts struct prio_arrays first in its run-queue
 * area and takes these as its hooks, or calls them from its own. */
static inline struct prio_arrays *ARRAYS(struct runqueue *rq)
{
	return POLICY_RQ(rq, struct prio_arrays);
}
void arrays_init_rq(struct runqueue *rq);                            /* init_rq */
void arrays_enqueue(struct runqueue *rq, struct sched_task *p);      /* tail of active */
void arrays_dequeue(struct runqueue *rq, struct sched_task *p);
struct sched_task *arrays_movable(struct runqueue *rq, struct sched_task *after);
void arrays_yield(struct runqueue *rq, struct sched_task *p);        /* to expired */
int arrays_best(struct runqueue *rq);                                /* best prio, curr aside */
int arrays_check(struct runqueue *rq, char *why, size_t n);

/* The two on every switch and tick, inline: 2.6.0 schedule() - the head
 * of the best list of active, the arrays swapped first ("switch the two
 * arrays") when active is empty.  Normal prios only are queued here. */
static inline struct sched_task *arrays_pick(struct runqueue *rq, bool *swapped)
{
	struct prio_arrays *q = ARRAYS(rq);
	struct prio_array *array = q->active;

	*swapped = array->nr_active == 0;
	if (*swapped) {
		q->active = q->expired;
		q->expired = array;
	}
	return prio_array_head_from(q->active, MAX_RT_PRIO);
}

/* 2.6.0 scheduler_tick: "Task might have expired already, but not
 * scheduled off yet" - then only ask for the schedule(). */
static inline bool arrays_expired_already(struct runqueue *rq, struct sched_task *p)
{
	if (p->array == ARRAYS(rq)->active)
		return false;
	p->need_resched = 1;
	return true;
}

void sched_init_policy_fields(struct runqueue *rq, struct sched_task *p); /* class prio + init_task */
void sched_switch_policy_locked(const struct sched_policy *pol);     /* policy_switch.c */
void sched_refresh_policy(struct runqueue *rq, struct sched_task *p); /* lazy re-init */
void sched_warn_bad_pick(struct runqueue *rq, struct sched_task *p);
void sched_warn_bad_move(struct runqueue *rq, struct sched_task *p);
extern unsigned int sched_bad_prios, sched_bad_picks;   /* what the checks above met */

/* stats.c: a view and its stat-dump line with p's rq already locked */
void sched_task_view_locked(struct runqueue *rq, struct sched_task *p,
			    struct sched_task_view *v);
int sched_format_view(char *buf, size_t n, const struct sched_task_view *v);

/* watchdog.c: from sched_tick, no lock held, every SCHED_WATCHDOG_TICKS
 * ticks of a CPU when the policy in force is watched (one test per tick
 * on the hot path).  It looks at the queue every half timeout.  Weak: a
 * lab's student tree may leave watchdog.c out (tools/handout's room
 * "watchdog"); the function is NULL then and nothing is watched. */
#define SCHED_WATCHDOG_TICKS 256
void sched_watchdog_tick(int cpu) __attribute__((weak));
static inline bool sched_watchdog_on(void)
{
	return sched_watchdog_ms && sched_watchdog_tick &&
	       sched_active_policy != &sched_policy_nick &&
	       sched_active_policy != &sched_policy_o1;
}

/* balance.c */
void load_balance(struct runqueue *this_rq, bool idle);
void rebalance_tick(int cpu, bool idle);

/* migrate.c: a task changes CPU */
int sched_first_allowed(struct sched_task *p);                      /* lowest allowed CPU */
void set_task_cpu(struct sched_task *p, int cpu);                   /* + migration counts */
bool migrate_queued_task(struct sched_task *p, int src_cpu);        /* false: retry */
void sched_move_to_allowed(struct sched_task *p);

/* The policies' formulas by their patch names, for the unit tests
 * (their per-task fields: nick.h, o1.h). */
void nick_add_task_time(struct sched_task *p, uint32_t t, int sleep);
int nick_task_priority(struct sched_task *p);
unsigned int nick_task_timeslice(struct sched_task *p, struct runqueue *rq);
bool nick_task_preempts_curr(struct sched_task *p, struct runqueue *rq);
int o1_effective_prio(struct sched_task *p);
unsigned int o1_task_timeslice(struct sched_task *p);
bool o1_task_interactive(struct sched_task *p);
bool o1_expired_starving(struct runqueue *rq);
int64_t cfs_vruntime(struct sched_task *p);         /* nice-0 ms */
bool cfs_check(int cpu);                            /* the tree of cpu is sound */
int64_t eevdf_vruntime_us(struct sched_task *p);    /* us of nice-0 virtual time */
int64_t eevdf_deadline_us(struct sched_task *p);
int64_t eevdf_lag_us(struct sched_task *p);         /* kept from its last dequeue */
int64_t eevdf_avg_us(int cpu);                      /* the queue's V */
bool eevdf_check(int cpu);                          /* tree and sums of cpu are sound */

#endif
