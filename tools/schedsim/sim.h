/*
 * sim.h - schedsim, the host scheduler simulator: shared declarations.
 *
 * The scheduler core (kernel/sched/ *.c) is linked unchanged; sim_env.c is its
 * environment (jiffies, "this CPU", locks, IPIs).  sim.c drives N simulated
 * CPUs tick by tick and plays the tasks' behaviour; workload.c reads the
 * workload file; report.c prints stat dumps, trace, latency and the summary.
 * See tools/schedsim/README.md.
 */
#ifndef SCHEDSIM_SIM_H
#define SCHEDSIM_SIM_H

#include "sched/sched.h"
#include "sched_env_host.h"     /* kernel/sched/host: jiffies, this CPU */

#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#define SIM_MAX_NICE 64          /* nice values listed in one group */
#define SIM_INF_US  (INT64_MAX / 4)

/* What a task does (one kind per workload line). */
enum sim_kind {
	K_HOG,       /* burns CPU forever */
	K_PERIODIC,  /* run run_us every period_us, released by a timer */
	K_XSERVER,   /* answers requests: work_us each, then replies */
	K_XCLIENT,   /* every period: think, request, wait for reply, think */
	K_MAKE,      /* keeps `jobs` children alive: fork, wait, reap */
	K_CC,        /* a make child: bursts of CPU (maybe I/O between), exit */
	K_SLEEPER,   /* a kernel thread: run_us, then sleep_ms(sleep_ms), again */
};

struct sim_task;

/* One workload line. */
struct sim_group {
	char name[16];
	enum sim_kind kind;
	int count;
	int nice[SIM_MAX_NICE], nnice;
	sched_cpumask_t affinity;      /* 0 = all CPUs */
	int cpu;                       /* start CPU (-1: round robin) */
	uint32_t run_us, period_us;    /* periodic, xclient (period) */
	uint32_t work_us;              /* xserver: per request */
	uint32_t think_us;             /* xclient: before request, after reply */
	uint32_t wait_us;              /* xclient: after the request, before blocking */
	uint32_t sleep_ms;             /* sleeper: its relative sleep */
	uint32_t jobs, burst_us, io_us, chunks; /* make / cc */
	uint32_t jitter_pct;           /* cc bursts: +- this many percent */
	char server[16];               /* xclient: its server's group name */
	char parent[16];               /* forked at start by this group's task */
	struct sim_group *parent_group;
	bool lat;                      /* measure wake-up latency */
	struct sim_group *server_group;
	struct sim_task *first;        /* its first task (the xserver itself) */
	uint64_t reaped_run_ms;        /* run_ms of its tasks already gone */
	uint64_t reaped_cpu_us;        /* and their exact CPU time */
	uint32_t reaped;               /* tasks that exited and were reaped */
	struct sim_group *next;
};

/* Wake-up latency: every sample is kept (4 bytes each: a task woken every
 * 10 ms for 60 s keeps 24 KB), so the percentiles are exact and can be
 * held against the kernel's `lat` lines. */
struct sim_lat {
	uint32_t *v;                   /* the samples, us; sorted when reported */
	uint64_t n, cap, sum, max;
	uint64_t deadlines, met;
};

struct sim_task {
	struct sched_task se;          /* what the core sees */
	struct sim_group *g;
	enum sim_kind kind;
	int phase;                     /* kind-specific step */
	int64_t left_us;               /* CPU time left in the current burst */
	uint64_t cpu_us;               /* exact CPU time used (run_ms samples ticks) */
	bool live;

	/* timer wheel: one pending timer per task at most */
	struct sim_task *tnext;
	uint32_t texpires;
	bool tarmed;

	/* latency */
	struct sim_lat *lat;
	bool wake_pending;
	uint64_t wake_us;              /* program clock (see prog_us in sim.c) */
	uint64_t release_us;           /* periodic / xclient: this job's due time */
	uint64_t sent_us;              /* xclient: when its request was written */

	/* request/reply */
	struct sim_task *server;       /* xclient: whom it asks */
	struct sim_task **reqq;        /* xserver: FIFO ring of waiting clients */
	unsigned int reqq_cap, reqq_head, reqq_len;

	/* fork/exit churn */
	struct sim_task *make;         /* cc: its parent */
	struct sim_task *zombies;      /* make: children to reap (list via znext) */
	struct sim_task *znext;
	unsigned int children;         /* make: alive (not yet reaped) */
	unsigned int chunk;            /* cc: bursts done */

	/* creation-order list of live tasks (stat dump order) */
	struct sim_task *lnext, *lprev;
	struct sim_task *free_next;
};

static inline struct sim_task *sim_of(struct sched_task *p)
{
	return container_of(p, struct sim_task, se);
}

/* Knobs (command line). */
struct sim_config {
	const char *policy;
	int cpus;
	uint32_t seconds;
	uint64_t seed;
	uint32_t stats_ms;             /* 0: only at the end */
	bool trace;
	bool summary;
	bool quiet;                    /* no stat dumps (bench) */
	bool check;                    /* sched_check_invariants every tick */
	const char *workload;
	unsigned int cache_decay, rr_slice;
	/* The machine model (README.md, "The machine model"). */
	bool exact_sleep;              /* lab sleeps end at their due tick, no +1 */
	bool phase;                    /* timer wake-ups at a random us of the tick */
	uint32_t user_clock_pct;       /* the programs' clock vs the tick, percent */
};

/* sim_env.c */
extern uint64_t sim_now_us;            /* the simulated time of the current step */
extern uint64_t sim_ipi_pending;       /* CPUs kicked and not yet serviced */
extern uint64_t sim_ops;               /* scheduler core calls (bench) */
/* bench=2: the core calls by kind, and their cost in TSC cycles (timed one
 * by one with rdtsc, so only when asked: it costs a few ns per call). */
enum sim_op { SIM_OP_TICK_IDLE, SIM_OP_TICK_BUSY, SIM_OP_SCHEDULE, SIM_OP_WAKE,
	      SIM_OP_FORK_EXIT, SIM_NOPS };
extern uint64_t sim_op_count[SIM_NOPS], sim_op_cycles[SIM_NOPS], sim_op_timed[SIM_NOPS];
extern bool sim_op_timing;
extern const char *const sim_op_names[SIM_NOPS];
void sim_set_cpu(int cpu);
void sim_env_init(void);                /* the kick hook; no IPI pending */

/* workload.c */
int wl_set_var(const char *name, const char *value, bool from_cmdline);
bool wl_has_var(const char *name);
bool wl_declared(const char *name);
struct sim_group *wl_parse_file(const char *path, char *err, size_t n);
struct sim_group *wl_parse_text(const char *text, const char *what, char *err, size_t n);

/* sim.c */
extern struct sim_config cfg;
extern struct sim_task *sim_live_head;
extern unsigned int sim_live_count;
extern uint64_t sim_rand_state;
void sim_setup(struct sim_group *groups);
void sim_run(void);
uint32_t sim_rand(void);
uint64_t sim_prog_us(uint64_t us);

/* report.c */
void rep_lat_sample(struct sim_task *t, uint64_t us);
void rep_stat_dump(FILE *f);
void rep_summary(FILE *f, struct sim_group *groups);
void rep_trace_switch(int cpu, struct sched_task *prev, struct sched_task *next);
void rep_trace_wakeup(int cpu, struct sched_task *p, int success);
uint64_t rep_lat_percentile(struct sim_lat *l, unsigned int pct);
void rep_lat_free(struct sim_lat *l);

#endif
