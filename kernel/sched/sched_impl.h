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

#define SCHED_POLICY_RQ_WORDS 6

/* rq's policy area as the policy's own struct (as POLICY_DATA for a task). */
#define POLICY_RQ(rq, type) ({                                                 \
	_Static_assert(sizeof(type) <= sizeof((rq)->policy_rq),                \
		       #type " does not fit in runqueue.policy_rq");           \
	(type *)(void *)(rq)->policy_rq;                                       \
})

/* A priority array: 140 FIFO lists and a bitmap of the non-empty ones. */
#define SCHED_BITMAP_WORDS ((SCHED_MAX_PRIO + 31) / 32)
struct prio_array {
	unsigned int nr_active;                 /* tasks on the lists */
	uint32_t bitmap[SCHED_BITMAP_WORDS];    /* bit i set iff queue[i] non-empty */
	struct list_node queue[SCHED_MAX_PRIO];
};

/* One per CPU.  Everything below is protected by `lock` unless noted. */
struct runqueue {
	sched_lock_t lock;
	int cpu;                          /* constant */
	unsigned int nr_running;          /* queued tasks (active + expired) */
	uint32_t nr_switches;
	struct sched_task *curr;          /* running task (idle when none) */
	struct sched_task *idle;          /* constant after sched_init_idle */
	struct prio_array *active, *expired;
	struct prio_array arrays[2];
	uint32_t array_sequence;          /* nick, mine: bumped at every array swap */
	uint32_t expired_timestamp;       /* o1: jiffies the first task expired, 0 = none */
	/* The policy's per-CPU area (POLICY_RQ): zeroed at sched_init and
	 * at a policy switch, before the new policy's first enqueue. */
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

/* The best non-empty prio of a (MAX_PRIO: none): 2.6.0's
 * sched_find_first_bit, the words tested in turn; inline, for the pick. */
static inline int prio_array_first(const struct prio_array *a)
{
	int w;

	for (w = 0; w < SCHED_BITMAP_WORDS; w++)
		if (a->bitmap[w])
			return w * 32 + __builtin_ctz(a->bitmap[w]);
	return MAX_PRIO;
}

void sched_clamp_bad_prio(struct sched_task *p);                     /* one line, clamp */

/* Bit prio of the bitmap: list prio is non-empty. */
static inline void prio_bit_set(struct prio_array *a, int prio)
{
	a->bitmap[prio / 32] |= (uint32_t)1 << (prio % 32);
}

static inline void prio_bit_clear(struct prio_array *a, int prio)
{
	a->bitmap[prio / 32] &= ~((uint32_t)1 << (prio % 32));
}

/* enqueue_task and dequeue_task (2.6.0's, tail of queue[prio] and out
 * again) are a list operation and a bit operation; inline, since every
 * wake-up, sleep and switch takes one (prio_array.c says what an array
 * is).  The boundary check of policy.h: one compare on the hot path; a
 * prio outside 0..139 would index past queue[] and the bitmap. */
static inline void enqueue_task(struct sched_task *p, struct prio_array *a)
{
	if (__builtin_expect((unsigned int)p->prio >= MAX_PRIO, 0))
		sched_clamp_bad_prio(p);
	list_add_tail(&p->run_list, &a->queue[p->prio]);
	prio_bit_set(a, p->prio);
	a->nr_active++;
	p->array = a;
}

static inline void dequeue_task(struct sched_task *p)
{
	struct prio_array *a = p->array;

	a->nr_active--;
	list_del(&p->run_list);
	if (list_empty(&a->queue[p->prio]))
		prio_bit_clear(a, p->prio);
	p->array = NULL;
}

/* prio_array.c: the O(1) machinery */
void prio_array_init(struct prio_array *a);
int prio_array_find_next(const struct prio_array *a, int start); /* MAX_PRIO if none */
void enqueue_task_before(struct sched_task *p, struct sched_task *next); /* same list, before next */
void requeue_task(struct sched_task *p);                           /* to the tail of its list */
void move_task(struct sched_task *p, struct prio_array *to);       /* dequeue + enqueue(to) */
void sched_yield_locked(struct runqueue *rq, struct sched_task *p);      /* yield rule, rq locked */
void sched_for_each_queued(struct runqueue *rq,                     /* slow paths: every task */
			   bool (*fn)(struct sched_task *p, void *arg), void *arg);

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
/* The policy's queue hooks see SCHED_NORMAL tasks only (policy.h). */
static inline void sched_hook_enqueue(struct runqueue *rq, struct sched_task *p)
{
	if (p->sched_class == SCHED_NORMAL && sched_active_policy->enqueue)
		sched_active_policy->enqueue(rq, p);
}

static inline void sched_hook_dequeue(struct runqueue *rq, struct sched_task *p)
{
	if (p->sched_class == SCHED_NORMAL && sched_active_policy->dequeue)
		sched_active_policy->dequeue(rq, p);
}

/* Linux __activate_task: tail of active[prio], one more runnable task. */
static inline void activate_queued(struct runqueue *rq, struct sched_task *p)
{
	enqueue_task(p, rq->active);
	rq->nr_running++;
	sched_hook_enqueue(rq, p);
}

/* Linux deactivate_task (the policy's dequeue adds v7's array_sequence). */
static inline void deactivate_task(struct runqueue *rq, struct sched_task *p)
{
	dequeue_task(p);
	rq->nr_running--;
	sched_hook_dequeue(rq, p);
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
 * on the hot path).  It looks at the queue every half timeout. */
#define SCHED_WATCHDOG_TICKS 256
void sched_watchdog_tick(int cpu);
static inline bool sched_watchdog_on(void)
{
	return sched_watchdog_ms && sched_active_policy != &sched_policy_nick &&
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
