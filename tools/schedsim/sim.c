/*
 * sim.c - the simulated machine: N CPUs, a timer wheel, and the tasks'
 * behaviour, driving the unchanged scheduler core.
 *
 * Time: jiffies (HZ=1000) for the core; microseconds inside a tick for the
 * tasks, so a 100 us think or a 2.5 ms audio job ends mid-tick and the next
 * task gets the rest of the tick, as on real hardware.  Every tick:
 *   1. due timers fire (SCHED_WAKER_IRQ, on the sleeper's CPU);
 *   2. every CPU takes its timer tick (sched_tick: accounting, slices and
 *      rebalance_tick), then schedules if need_resched;
 *   3. the CPUs run until the next tick: the earliest burst end among all
 *      CPUs is handled first (ties: lower CPU id), so cross-CPU wake-ups and
 *      IPIs happen in global time order.
 * Cost: each step touches the CPUs (<= 64) and the tasks involved, never all
 * tasks: timers sit in a wheel, requests in per-server queues.
 */
#include "sim.h"

#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

struct sim_config cfg;
struct sim_task *sim_live_head;
static struct sim_task *live_tail;
unsigned int sim_live_count;
uint64_t sim_rand_state;

static struct sched_task idle_tasks[NR_CPUS_MAX];
static uint64_t cpu_pos[NR_CPUS_MAX];     /* us up to which the CPU has run */
static struct sim_task *free_tasks;

/* Task phases (sim_task.phase). */
enum { PH_INIT, PH_IDLE, PH_RUN, PH_THINK, PH_WAIT, PH_POST };
static int next_pid = 1;

/* ---- randomness: splitmix64, seeded, so runs repeat exactly ------------- */

uint32_t sim_rand(void)
{
	uint64_t z = (sim_rand_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* Uniform in [lo, hi]. */
static uint32_t rand_between(uint32_t lo, uint32_t hi)
{
	return hi <= lo ? lo : lo + sim_rand() % (hi - lo + 1);
}

/* ---- timer wheel: a slot per jiffy, 8 s around; later timers go round -- */

#define WHEEL 8192
static struct sim_task *wheel_head[WHEEL], *wheel_tail[WHEEL];

static void timer_add(struct sim_task *t, uint32_t expires)
{
	unsigned int s = expires % WHEEL;

	t->texpires = expires;
	t->tarmed = true;
	t->tnext = NULL;
	if (wheel_tail[s])
		wheel_tail[s]->tnext = t;
	else
		wheel_head[s] = t;
	wheel_tail[s] = t;
}

static void timer_fire(struct sim_task *t);
static void phase_defer(struct sim_task *t, uint32_t now);

/* Fire the slot of `now` in FIFO order; re-file timers of a later round. */
static void timers_run(uint32_t now)
{
	unsigned int s = now % WHEEL;
	struct sim_task *t = wheel_head[s], *next;

	wheel_head[s] = wheel_tail[s] = NULL;
	for (; t; t = next) {
		next = t->tnext;
		if (t->texpires != now) {
			timer_add(t, t->texpires);
			continue;
		}
		t->tarmed = false;
		if (cfg.phase)
			phase_defer(t, now);
		else
			timer_fire(t);
	}
}

/*
 * phase=1: a timer's wake-up reaches its CPU at a random microsecond of the
 * tick (one draw per CPU and tick), not on the tick.  It models a guest
 * whose tick interrupts are not a fixed point of its own progress (QEMU TCG
 * on a loaded host loses and bunches ticks), so that a short job released
 * by a timer is charged by the tick-sampled run_ms about its length, as
 * the recorded kernel runs charge them, instead of never.
 */
struct deferred_wake {
	struct sim_task *t;
	uint64_t at_us;
};
static struct deferred_wake *deferred;
static unsigned int ndeferred, deferred_cap;
static uint32_t phase_us[NR_CPUS_MAX], phase_jiffy[NR_CPUS_MAX];

static void phase_defer(struct sim_task *t, uint32_t now)
{
	int c = t->se.cpu;

	if (phase_jiffy[c] != now) {
		phase_jiffy[c] = now;
		phase_us[c] = sim_rand() % 1000;
	}
	if (ndeferred == deferred_cap) {
		deferred_cap = deferred_cap ? 2 * deferred_cap : 64;
		deferred = realloc(deferred, deferred_cap * sizeof(*deferred));
	}
	deferred[ndeferred++] = (struct deferred_wake){ t, (uint64_t)now * 1000 + phase_us[c] };
}

/* The earliest deferred wake-up (ties: the first deferred); -1: none. */
static int earliest_deferred(void)
{
	unsigned int i;
	int best = -1;

	for (i = 0; i < ndeferred; i++)
		if (best < 0 || deferred[i].at_us < deferred[best].at_us)
			best = (int)i;
	return best;
}

static struct sim_task *take_deferred(int i)
{
	struct sim_task *t = deferred[i].t;

	memmove(&deferred[i], &deferred[i + 1], (ndeferred - (unsigned)i - 1) * sizeof(*deferred));
	ndeferred--;
	return t;
}

/* Sleep until `us` (rounded up to a tick: kernel timers are jiffy-based). */
static void timer_at_us(struct sim_task *t, uint64_t us)
{
	uint32_t j = (uint32_t)((us + 999) / 1000);

	if (j <= sched_host_jiffies)
		j = sched_host_jiffies + 1;
	timer_add(t, j);
}

/* The programs' clock (CLOCK_MONOTONIC in user/lab) at simulated time us.
 * user_clock_pct=100 on a healthy machine; a kernel that loses ticks (QEMU
 * TCG on a loaded host) has a clock that runs faster than its jiffies. */
uint64_t sim_prog_us(uint64_t us)
{
	return us * cfg.user_clock_pct / 100;
}

/* Program time back to simulated time (rounded up). */
static uint64_t sim_us_of_prog(uint64_t p)
{
	return (p * 100 + cfg.user_clock_pct - 1) / cfg.user_clock_pct;
}

/*
 * lab_sleep_until(due) of user/lab (due on the program clock), at sim_now_us.
 * On nickel it is a nanosleep of d = due - now, which sys_nanosleep turns
 * into ceil(d / 1 ms) + 1 ticks from the current jiffy (kernel/proc/sys_time.c:
 * "plus one tick: the current tick is partly gone").  exact_sleep=1: the
 * ideal timer instead, the first tick at or after due.  Returns false when
 * due has passed: the program does not sleep at all.
 */
static bool lab_sleep_until(struct sim_task *t, uint64_t due)
{
	uint64_t now = sim_prog_us(sim_now_us);

	if (due <= now)
		return false;
	if (cfg.exact_sleep)
		timer_at_us(t, sim_us_of_prog(due));
	else
		timer_add(t, sched_host_jiffies + (uint32_t)((due - now + 999) / 1000) + 1);
	return true;
}

/* ---- the CPUs ------------------------------------------------------------ */

static struct sim_task *curr_task(int cpu)
{
	struct sched_task *p = sched_curr(cpu);

	return p->is_idle ? NULL : sim_of(p);
}

/* CPU `cpu` runs its current task up to time t. */
static void advance(int cpu, uint64_t t)
{
	struct sim_task *cur = curr_task(cpu);

	if (cur && cur->left_us < SIM_INF_US)
		cur->left_us -= (int64_t)(t - cpu_pos[cpu]);
	if (cur)
		cur->cpu_us += t - cpu_pos[cpu];
	cpu_pos[cpu] = t;
}

/* ---- counting the core calls (bench) ----------------------------------- */

uint64_t sim_op_count[SIM_NOPS], sim_op_cycles[SIM_NOPS], sim_op_timed[SIM_NOPS];
bool sim_op_timing;
const char *const sim_op_names[SIM_NOPS] = { "tick_idle", "tick_busy", "schedule",
					     "wake", "fork_exit" };

#define SIM_OP_PREEMPTED_CYC 300000   /* ~100 us */

static inline uint64_t op_begin(void)
{
	return sim_op_timing ? __rdtsc() : 0;
}

static inline void op_end(enum sim_op kind, uint64_t t0)
{
	sim_ops++;
	sim_op_count[kind]++;
	if (sim_op_timing) {
		uint64_t dt = __rdtsc() - t0;

		/* the TSC runs on while the host deschedules us: a call that
		 * "took" 100 us was preempted, not slow - leave it out */
		if (dt < SIM_OP_PREEMPTED_CYC) {
			sim_op_cycles[kind] += dt;
			sim_op_timed[kind]++;
		}
	}
}

/* schedule() on cpu at its current time. */
static void do_schedule(int cpu)
{
	unsigned long flags;

	sim_set_cpu(cpu);
	sim_now_us = cpu_pos[cpu];
	uint64_t t0 = op_begin();
	sched_pick_next(cpu, &flags);
	sched_finish_switch(cpu, flags);
	op_end(SIM_OP_SCHEDULE, t0);
}

/* Deliver the pending IPIs at time t: the kicked CPU catches up to t and
 * reschedules (the IPI handler's return path).  That may kick others. */
static void service_ipis(uint64_t t)
{
	while (sim_ipi_pending) {
		int c = __builtin_ctzll(sim_ipi_pending);

		sim_ipi_pending &= sim_ipi_pending - 1;
		if (c >= sched_ncpus)
			continue;
		advance(c, t);
		if (sched_curr(c)->need_resched)
			do_schedule(c);
	}
}

/* The task running on cpu blocks (or exits): schedule away from it. */
static void block_current(int cpu, int state)
{
	sched_curr(cpu)->state = state;
	do_schedule(cpu);
}

/* Wake t on behalf of waker (NULL: an interrupt on t's CPU). */
static void wake(struct sim_task *t, struct sim_task *waker,
		 enum sched_waker kind, bool sync)
{
	sim_set_cpu(waker ? waker->se.cpu : t->se.cpu);
	uint64_t t0 = op_begin();
	sched_wake_up(&t->se, waker ? &waker->se : NULL, kind, sync);
	op_end(SIM_OP_WAKE, t0);
}

/* t's latency sample ends when it next runs; it started at `since`. */
static void measure_from(struct sim_task *t, uint64_t since)
{
	if (t->lat) {
		t->wake_pending = true;
		t->wake_us = since;
	}
}

/* ---- task life ----------------------------------------------------------- */

static void live_add(struct sim_task *t)
{
	t->live = true;
	t->lnext = NULL;
	t->lprev = live_tail;
	if (live_tail)
		live_tail->lnext = t;
	else
		sim_live_head = t;
	live_tail = t;
	sim_live_count++;
}

static void live_remove(struct sim_task *t)
{
	if (t->lprev)
		t->lprev->lnext = t->lnext;
	else
		sim_live_head = t->lnext;
	if (t->lnext)
		t->lnext->lprev = t->lprev;
	else
		live_tail = t->lprev;
	t->live = false;
	sim_live_count--;
}

static struct sim_task *task_alloc(struct sim_group *g, enum sim_kind kind,
				   const char *name, int nice)
{
	struct sim_task *t = free_tasks;

	if (t)
		free_tasks = t->free_next;
	else
		t = malloc(sizeof(*t));
	memset(t, 0, sizeof(*t));
	t->g = g;
	t->kind = kind;
	sched_task_init(&t->se, next_pid++, name, nice);
	if (g->affinity)
		t->se.cpus_allowed = g->affinity;
	if (g->lat && kind != K_CC && kind != K_MAKE)
		t->lat = calloc(1, sizeof(*t->lat));
	return t;
}

static void task_free(struct sim_task *t)
{
	if (t->lat)
		rep_lat_free(t->lat);
	free(t->lat);
	free(t->reqq);
	t->free_next = free_tasks;
	free_tasks = t;
}

/* A cc child's CPU burst: burst_us split into `chunks`, +- jitter_pct. */
static int64_t cc_chunk_us(struct sim_group *g)
{
	uint32_t each = g->burst_us / g->chunks, d = (uint32_t)((uint64_t)each * g->jitter_pct / 100);

	if (each == 0)
		each = 1;
	return rand_between(each - d ? each - d : 1, each + d);
}

/* make (running on its CPU) forks children until it has `jobs`. */
static void make_fork_children(struct sim_task *mk)
{
	while (mk->children < mk->g->jobs) {
		struct sim_task *c = task_alloc(mk->g, K_CC, mk->g->name, 0);

		c->make = mk;
		c->left_us = cc_chunk_us(mk->g);
		sim_set_cpu(mk->se.cpu);
		uint64_t t0 = op_begin();
		sched_fork(&mk->se, &c->se);
		op_end(SIM_OP_FORK_EXIT, t0);
		live_add(c);
		mk->children++;
	}
}

/* make reaps its zombies: sched_exit gives back the child's credit. */
static void make_reap(struct sim_task *mk)
{
	while (mk->zombies) {
		struct sim_task *z = mk->zombies;

		mk->zombies = z->znext;
		sim_set_cpu(mk->se.cpu);
		uint64_t t0 = op_begin();
		sched_exit(&z->se);
		op_end(SIM_OP_FORK_EXIT, t0);
		z->se.state = SCHED_TASK_DEAD;
		z->g->reaped_run_ms += z->se.run_ms;
		z->g->reaped_cpu_us += z->cpu_us;
		z->g->reaped++;
		live_remove(z);
		task_free(z);
		mk->children--;
	}
}

static void record_deadline(struct sim_task *t, bool met)
{
	if (!t->lat)
		return;
	t->lat->deadlines++;
	t->lat->met += met;
}

/* A periodic job's CPU work begins (released by its timer, or at once when
 * its due time has already passed). */
static void periodic_job(struct sim_task *t)
{
	t->phase = PH_RUN;
	t->left_us = t->g->run_us;
}

/* A periodic job finished at `now` (program clock; user/lab's
 * lab_periodic_main): deadline due + period; whole periods lost count as
 * missed; the next due time. */
static void periodic_next(struct sim_task *t, uint64_t now)
{
	uint64_t period = t->g->period_us;

	record_deadline(t, now <= t->release_us + period);
	t->release_us += period;
	while (t->release_us + period <= now) {
		record_deadline(t, false);
		t->release_us += period;
	}
}

/* A client used its reply at `now` (program clock; lab_xclient_main): met
 * when before the next request is due; late: start again from now. */
static void xclient_next(struct sim_task *t, uint64_t now)
{
	t->release_us += t->g->period_us;
	record_deadline(t, now <= t->release_us);
	if (now > t->release_us)
		t->release_us = now;
}

/* Client request: queue it at the server, wake the server as a pipe write
 * would (user waker, sync). */
static void send_request(struct sim_task *cl)
{
	struct sim_task *sv = cl->server;
	bool was_idle = sv->reqq_len == 0;

	cl->sent_us = sim_prog_us(sim_now_us);
	sv->reqq[(sv->reqq_head + sv->reqq_len++) % sv->reqq_cap] = cl;
	if (was_idle) {              /* the server reads it when it runs */
		sv->left_us = sv->g->work_us;
		measure_from(sv, cl->sent_us);
		wake(sv, cl, SCHED_WAKER_USER, true);
	}
}

static bool is_running(struct sim_task *t)
{
	return sched_curr(t->se.cpu) == &t->se;
}

/* The reply reaches client cl: it uses it (think_us) when it next runs.  A
 * client still on a CPU (wait_us not yet over) has it at once. */
static void deliver_reply(struct sim_task *cl, struct sim_task *sv)
{
	cl->phase = PH_POST;
	cl->left_us = cl->g->think_us;
	if (is_running(cl)) {
		if (cl->lat)
			rep_lat_sample(cl, sim_prog_us(sim_now_us) - cl->sent_us);
		return;
	}
	measure_from(cl, cl->sent_us);       /* request -> reply, as a user feels it */
	wake(cl, sv, SCHED_WAKER_USER, true);
}

/* Server finished one request: reply (a pipe write: user waker, sync).
 * Returns true when no request is left and the server should sleep. */
static bool server_reply(struct sim_task *sv)
{
	struct sim_task *cl;

	if (!sv->reqq_len)
		return true;                      /* first step after start */
	cl = sv->reqq[sv->reqq_head];
	sv->reqq_head = (sv->reqq_head + 1) % sv->reqq_cap;
	sv->reqq_len--;
	deliver_reply(cl, sv);
	if (sv->reqq_len) {                  /* the next request is read now */
		if (sv->lat)
			rep_lat_sample(sv, sim_prog_us(sim_now_us) -
				       sv->reqq[sv->reqq_head]->sent_us);
		sv->left_us = sv->g->work_us;
		return false;
	}
	return true;
}

/* First release of a periodic task or client: a random phase of whole
 * ticks, so that periodic tasks do not all start on the same tick. */
static void first_release(struct sim_task *t, uint64_t now)
{
	uint32_t ticks = t->g->period_us / 1000;

	t->release_us = sim_prog_us((now / 1000 + 1 +
				     rand_between(0, ticks ? ticks - 1 : 0)) * 1000);
}

static void periodic_end(int cpu, struct sim_task *t, uint64_t now)
{
	if (t->phase == PH_INIT)
		first_release(t, now);
	else
		periodic_next(t, sim_prog_us(now));
	t->phase = PH_IDLE;
	if (lab_sleep_until(t, t->release_us)) {
		block_current(cpu, SCHED_TASK_SLEEPING);
		return;
	}
	if (t->lat)                          /* late: the next job right now */
		rep_lat_sample(t, sim_prog_us(now) - t->release_us);
	periodic_job(t);
}

/* The client's next period: sleep until it is due, or think at once. */
static void xclient_sleep(int cpu, struct sim_task *t)
{
	t->phase = PH_IDLE;
	if (lab_sleep_until(t, t->release_us)) {
		block_current(cpu, SCHED_TASK_SLEEPING);
		return;
	}
	t->phase = PH_THINK;
	t->left_us = t->g->think_us;
}

static void xclient_end(int cpu, struct sim_task *t, uint64_t now)
{
	switch (t->phase) {
	case PH_INIT:
		first_release(t, now);
		xclient_sleep(cpu, t);
		break;
	case PH_THINK:                       /* thought: ask the server */
		send_request(t);
		t->phase = PH_WAIT;
		t->left_us = t->g->wait_us;  /* write returns, read is entered */
		if (t->g->wait_us)
			break;
		/* fall through */
	case PH_WAIT:                        /* no reply yet: block on it */
		block_current(cpu, SCHED_TASK_SLEEPING);
		break;
	default:                             /* got the reply and used it */
		xclient_next(t, sim_prog_us(now));
		xclient_sleep(cpu, t);
		break;
	}
}

/* cc: next chunk (after I/O if io_ms), or exit and tell make. */
static void cc_end(int cpu, struct sim_task *t, uint64_t now)
{
	struct sim_task *mk = t->make;

	if (++t->chunk < t->g->chunks) {
		t->left_us = cc_chunk_us(t->g);
		if (t->g->io_us) {
			timer_at_us(t, now + t->g->io_us);
			block_current(cpu, SCHED_TASK_SLEEPING);
		}
		return;
	}
	t->znext = mk->zombies;
	mk->zombies = t;
	if (mk->se.state == SCHED_TASK_SLEEPING) {
		mk->left_us = 200;                /* wait() returns, reap, fork */
		wake(mk, t, SCHED_WAKER_USER, false);
	}
	block_current(cpu, SCHED_TASK_ZOMBIE);
}

/* The running task t on cpu used up its burst at `now`: its next step.
 * When it blocks or exits, the CPU schedules at once. */
static void burst_end(int cpu, struct sim_task *t, uint64_t now)
{
	switch (t->kind) {
	case K_HOG:
		t->left_us = SIM_INF_US;
		break;
	case K_PERIODIC:
		periodic_end(cpu, t, now);
		break;
	case K_XCLIENT:
		xclient_end(cpu, t, now);
		break;
	case K_XSERVER:
		if (server_reply(t))
			block_current(cpu, SCHED_TASK_SLEEPING);
		break;
	case K_MAKE:
		make_reap(t);
		make_fork_children(t);
		block_current(cpu, SCHED_TASK_SLEEPING);
		break;
	case K_CC:
		cc_end(cpu, t, now);
		break;
	case K_SLEEPER:                 /* the kernel's sleep_ms: jiffies + ms */
		timer_add(t, sched_host_jiffies + t->g->sleep_ms);
		block_current(cpu, SCHED_TASK_SLEEPING);
		break;
	}
}

/* A timer expired: the sleeper starts its next job (interrupt context). */
static void timer_fire(struct sim_task *t)
{
	if (t->kind == K_PERIODIC) {
		periodic_job(t);
		measure_from(t, t->release_us);  /* due -> running */
	} else if (t->kind == K_SLEEPER) {
		t->left_us = t->g->run_us;
	} else if (t->kind == K_XCLIENT) {
		t->phase = PH_THINK;
		t->left_us = t->g->think_us;
	}                                         /* cc after I/O: burst set */
	wake(t, NULL, SCHED_WAKER_IRQ, false);
}

/* ---- the main loop -------------------------------------------------------- */

/* Steps 1 and 2 of a tick (see the top of the file). */
static void tick_start(uint32_t j)
{
	int c;

	sched_host_jiffies = j;
	sim_now_us = (uint64_t)j * 1000;
	for (c = 0; c < sched_ncpus; c++)
		cpu_pos[c] = sim_now_us;
	timers_run(j);
	for (c = 0; c < sched_ncpus; c++) {
		unsigned long flags;

		sim_set_cpu(c);
		sim_now_us = cpu_pos[c];
		enum sim_op kind = sched_curr(c)->is_idle ?
			SIM_OP_TICK_IDLE : SIM_OP_TICK_BUSY;
		uint64_t t0 = op_begin();
		flags = sched_irq_save();
		sched_tick(c);
		sched_irq_restore(flags);
		op_end(kind, t0);
		if (sched_curr(c)->need_resched)
			do_schedule(c);
	}
	service_ipis((uint64_t)j * 1000);
}

/* The CPU whose running task's burst ends first, before `end`; -1: none. */
static int earliest_cpu(uint64_t end, uint64_t *when)
{
	int c, best = -1;

	for (c = 0; c < sched_ncpus; c++) {
		struct sim_task *t = curr_task(c);
		uint64_t e;

		if (!t || t->left_us >= SIM_INF_US)
			continue;
		e = cpu_pos[c] + (uint64_t)(t->left_us > 0 ? t->left_us : 0);
		if (e <= end && (best < 0 || e < *when)) {
			best = c;
			*when = e;
		}
	}
	return best;
}

/* Step 3: run every CPU to the end of the tick, burst ends in time order. */
static void tick_run(uint32_t j)
{
	uint64_t end = (uint64_t)(j + 1) * 1000, when = 0;
	int c;

	for (;;) {
		int d = earliest_deferred();
		struct sim_task *t;

		c = earliest_cpu(end, &when);
		if (d >= 0 && (c < 0 || deferred[d].at_us < when)) {
			when = deferred[d].at_us;
			t = take_deferred(d);
			c = t->se.cpu;       /* the timer interrupt's CPU */
			advance(c, when);
			sim_now_us = when;
			timer_fire(t);
			if (sched_curr(c)->need_resched)
				do_schedule(c);
			service_ipis(when);
			continue;
		}
		if (c < 0)
			break;
		t = curr_task(c);
		advance(c, when);
		sim_now_us = when;
		burst_end(c, t, when);
		/* a wake-up on this CPU may have asked for a reschedule */
		if (sched_curr(c)->need_resched)
			do_schedule(c);
		service_ipis(when);
	}
	for (c = 0; c < sched_ncpus; c++)
		advance(c, end);
}

/* check=1: every run queue consistent, no lock held, no complaint of the
 * core about the policy (sched_warn), after every tick. */
static void check_all(void)
{
	char why[200];
	int c;

	if (sched_host_locks_held || sched_host_irqs_off) {
		fprintf(stderr, "schedsim: check: locks held %d, irqs off %d at jiffy %u\n",
			sched_host_locks_held, sched_host_irqs_off, sched_host_jiffies);
		abort();
	}
	if (sched_host_warnings) {     /* the core caught a policy breaking policy.h */
		fprintf(stderr, "schedsim: check: at jiffy %u: %s\n", sched_host_jiffies,
			sched_host_last_warning);
		abort();
	}
	for (c = 0; c < sched_ncpus; c++)
		if (sched_check_invariants(c, why, sizeof(why))) {
			fprintf(stderr, "schedsim: check: cpu %d at jiffy %u: %s\n", c,
				sched_host_jiffies, why);
			abort();
		}
}

void sim_run(void)
{
	uint32_t j, total = cfg.seconds * 1000;

	for (j = 1; j <= total; j++) {
		tick_start(j);
		if (j == total)
			break;          /* the final dump is at jiffies == total */
		tick_run(j);
		if (cfg.check)
			check_all();
		if (cfg.stats_ms && j % cfg.stats_ms == 0 && !cfg.quiet)
			rep_stat_dump(stdout);
	}
}

/* ---- set-up ------------------------------------------------------------- */

static int start_cpu(struct sim_group *g)
{
	static int rr;

	if (g->cpu >= 0)
		return g->cpu % sched_ncpus;
	return rr++ % sched_ncpus;
}

/* A task of the workload enters the scheduler (kernel: kthread_start).  It
 * starts runnable with a 1 us first step, like a thread that sets itself up
 * and then waits for its first event. */
static struct sim_task *start_task(struct sim_group *g, int i)
{
	int nice = g->nnice ? g->nice[i % g->nnice] : 0;
	struct sim_task *t = task_alloc(g, g->kind, g->name, nice);
	int cpu = start_cpu(g);

	t->phase = PH_INIT;
	t->left_us = g->kind == K_HOG ? SIM_INF_US : g->kind == K_MAKE ? 200 : 1;
	sim_set_cpu(cpu);
	uint64_t t0 = op_begin();
	sched_start_task(&t->se, cpu);
	op_end(SIM_OP_FORK_EXIT, t0);
	live_add(t);
	return t;
}

/* A task of a parent= group: forked by its parent's task, which runs on
 * the parent's CPU for the fork (v7: sched_fork splits its slice). */
static struct sim_task *fork_task(struct sim_group *g, int i)
{
	int nice = g->nnice ? g->nice[i % g->nnice] : 0;
	struct sim_task *parent = g->parent_group->first;
	struct sim_task *t = task_alloc(g, g->kind, g->name, nice);
	int cpu = parent->se.cpu;

	if (sched_curr(cpu) != &parent->se)
		do_schedule(cpu);
	if (sched_curr(cpu) != &parent->se) {
		fprintf(stderr, "schedsim: %s cannot fork: another task runs on its CPU "
			"(declare it first)\n", parent->se.comm);
		exit(2);
	}
	t->phase = PH_INIT;
	t->left_us = g->kind == K_HOG ? SIM_INF_US : g->kind == K_MAKE ? 200 : 1;
	sim_set_cpu(cpu);
	uint64_t t0 = op_begin();
	sched_fork(&parent->se, &t->se);
	op_end(SIM_OP_FORK_EXIT, t0);
	live_add(t);
	return t;
}

void sim_setup(struct sim_group *groups)
{
	const struct sched_policy *pol = sched_policy_by_name(cfg.policy);
	struct sim_group *g;
	struct sim_task *t;
	int c, i;

	sched_host_jiffies = 0;
	sim_now_us = 0;
	sched_init(cfg.cpus, pol);
	cache_decay_ticks = cfg.cache_decay;
	rr_slice_ms = cfg.rr_slice;
	for (c = 0; c < sched_ncpus; c++) {
		sched_task_init(&idle_tasks[c], 0, "swapper", 0);
		sched_init_idle(c, &idle_tasks[c]);
	}
	sched_host_on_switch = rep_trace_switch;
	sched_host_on_wakeup = rep_trace_wakeup;
	for (g = groups; g; g = g->next)
		for (i = 0; i < g->count; i++) {
			t = g->parent_group ? fork_task(g, i) : start_task(g, i);
			if (i == 0)
				g->first = t;
		}
	/* a server's request queue has room for every one of its clients */
	for (g = groups; g; g = g->next)
		if (g->kind == K_XCLIENT)
			g->server_group->first->reqq_cap += g->count;
	for (t = sim_live_head; t; t = t->lnext) {
		if (t->kind == K_XSERVER)
			t->reqq = calloc(t->reqq_cap + 1, sizeof(*t->reqq));
		if (t->kind == K_XCLIENT)
			t->server = t->g->server_group->first;
	}
	sim_env_init();
}
