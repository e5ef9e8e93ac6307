/*
 * trace.c - per-CPU ring buffers of sched_switch and sched_wakeup events,
 * printed in ftrace's text form (contract.md, "Trace").  Recording happens
 * inside the scheduler with the CPU's rq lock held and irqs off, so each
 * ring is written by its own CPU only and needs no lock; dumping merges
 * the rings by time once recording is off.
 */
#include "diag/trace.h"
#include "sched/sched.h"
#include "mm/heap.h"
#include "lib/string.h"
#include "console/printk.h"
#include "arch/percpu.h"
#include "arch/timer.h"

#define TRACE_EVENTS 8192               /* per CPU (~0.5 MiB); the oldest are overwritten */

enum { EV_WAKEUP, EV_SWITCH, EV_IPC };

struct trace_event {
	uint64_t us;
	uint8_t is_switch, success;         /* is_switch: EV_*; EV_IPC: b_cpu = ep */
	const char *ipc_what;               /* EV_IPC: call, recv, reply, close */
	char a_state;                       /* prev state (switch) */
	int16_t a_prio, b_prio;
	int a_pid, b_pid, b_cpu;
	char a_comm[16], b_comm[16];        /* a = prev or waker, b = next or woken */
};

struct trace_ring {
	struct trace_event *ev;
	unsigned head, count;
	unsigned long written;              /* since tracing began, overwritten ones too */
};

int trace_on;
static struct trace_ring rings[NR_CPUS_MAX];

static void copy_task(struct sched_task *t, int *pid, int16_t *prio, char *comm)
{
	*pid = t->pid;
	*prio = (int16_t)t->prio;
	memcpy(comm, t->comm, 16);
}

static struct trace_event *next_slot(int cpu)
{
	struct trace_ring *r = &rings[cpu];
	struct trace_event *e;

	if (!trace_on || !r->ev)
		return 0;
	e = &r->ev[r->head];
	r->head = (r->head + 1) % TRACE_EVENTS;
	if (r->count < TRACE_EVENTS)
		r->count++;
	r->written++;
	e->us = time_us();
	return e;
}

void trace_switch(int cpu, struct sched_task *prev, struct sched_task *next)
{
	struct trace_event *e = next_slot(cpu);

	if (!e)
		return;
	e->is_switch = EV_SWITCH;
	e->a_state = (char)prev->state;
	copy_task(prev, &e->a_pid, &e->a_prio, e->a_comm);
	copy_task(next, &e->b_pid, &e->b_prio, e->b_comm);
}

void trace_wakeup(int cpu, struct sched_task *p, int success)
{
	struct trace_event *e = next_slot(cpu);
	struct sched_task *cur = sched_curr(cpu);

	if (!e)
		return;
	e->is_switch = EV_WAKEUP;
	e->success = (uint8_t)success;
	copy_task(cur, &e->a_pid, &e->a_prio, e->a_comm);
	copy_task(p, &e->b_pid, &e->b_prio, e->b_comm);
	e->b_cpu = p->cpu;
}

void trace_ipc(int cpu, const char *what, int ep, struct sched_task *t,
	       struct sched_task *peer)
{
	struct trace_event *e = next_slot(cpu);

	if (!e)
		return;
	e->is_switch = EV_IPC;
	e->ipc_what = what;
	copy_task(t, &e->a_pid, &e->a_prio, e->a_comm);
	if (peer)
		copy_task(peer, &e->b_pid, &e->b_prio, e->b_comm);
	else
		copy_task(t, &e->b_pid, &e->b_prio, e->b_comm);
	e->b_cpu = ep;
}

static void start(void)
{
	int c;

	for (c = 0; c < ncpus; c++) {
		if (!rings[c].ev)
			rings[c].ev = kmalloc(TRACE_EVENTS * sizeof(struct trace_event));
		rings[c].head = rings[c].count = 0;
		rings[c].written = 0;
	}
	trace_on = 1;
	printk("nickel: tracing on (%d events per cpu)\n", TRACE_EVENTS);
}

/* Print one event through the core's ftrace formatters. */
static void print_event(int cpu, const struct trace_event *e)
{
	struct sched_task a, b;
	char line[256];

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.pid = e->a_pid; a.prio = e->a_prio; a.state = e->a_state;
	memcpy(a.comm, e->a_comm, 16);
	b.pid = e->b_pid; b.prio = e->b_prio; b.cpu = e->b_cpu;
	memcpy(b.comm, e->b_comm, 16);
	if (e->is_switch == EV_SWITCH)
		sched_format_switch(line, sizeof(line), cpu, e->us, &a, &b);
	else if (e->is_switch == EV_IPC)
		sched_format_ipc(line, sizeof(line), cpu, e->us, &a, e->ipc_what,
				 e->b_cpu, &b);
	else
		sched_format_wakeup(line, sizeof(line), cpu, e->us, &a, &b, e->success);
	printk("%s\n", line);
}

/* The header ftrace prints at the top of /sys/kernel/tracing/trace (the
 * nop tracer, irq-info off): the events kept and written over all CPUs,
 * the CPU count (#P) and the column ruler.  Text readers (Perfetto's
 * systrace importer, tools/lib/traces/nickel_log.py) skip '#' lines. */
static void print_header(const unsigned *left)
{
	unsigned long kept = 0, written = 0;
	int c;

	for (c = 0; c < ncpus; c++) {
		kept += left[c];
		written += rings[c].written;
	}
	printk("# tracer: nop\n#\n");
	printk("# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n#\n",
	       kept, written, ncpus);
	printk("#           TASK-PID     CPU#  TIMESTAMP  FUNCTION\n");
	printk("#              | |         |      |         |\n");
}

/* Stop tracing and print the rings merged by time: repeatedly the oldest
 * unprinted event.  Tracing stays off: starting it again would put
 * "tracing on" after the final trace and after every `t`. */
void trace_dump(void)
{
	unsigned pos[NR_CPUS_MAX], left[NR_CPUS_MAX];
	int c;

	trace_on = 0;
	for (c = 0; c < ncpus; c++) {
		struct trace_ring *r = &rings[c];
		left[c] = r->ev ? r->count : 0;
		pos[c] = (r->head + TRACE_EVENTS - left[c]) % TRACE_EVENTS;
	}
	print_header(left);
	for (;;) {
		int best = -1;
		for (c = 0; c < ncpus; c++)
			if (left[c] && (best < 0 ||
			    rings[c].ev[pos[c]].us < rings[best].ev[pos[best]].us))
				best = c;
		if (best < 0)
			break;
		print_event(best, &rings[best].ev[pos[best]]);
		pos[best] = (pos[best] + 1) % TRACE_EVENTS;
		left[best]--;
	}
	printk("# end of trace\n");
}

void trace_toggle(void)
{
	if (!trace_on) {
		start();
		return;
	}
	trace_dump();
	printk("nickel: tracing off\n");
}
