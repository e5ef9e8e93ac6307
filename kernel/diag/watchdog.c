/*
 * watchdog.c - the soft-lockup watchdog (check=1).
 *
 * A CPU is stuck when it has not called schedule() (nor gone round its
 * idle loop) for WATCHDOG_MS of guest time while a task other than the
 * running one waits on its run queue.  Then, once per episode:
 *     nickel: soft lockup on cpu N: stuck for Mms in NAME (pid P)
 * and a backtrace of what that CPU is doing.
 *
 * Who looks: every CPU's tick checks itself (enough when its interrupts
 * are on, e.g. a loop with preemption off) and its neighbour cpu+1 (a CPU
 * spinning with interrupts off has no tick of its own).  The backtrace of
 * a neighbour comes from an NMI, which gets through with interrupts off.
 * Time is jiffies (guest time, kept by CPU 0): a host that stalls QEMU
 * stalls jiffies too, so a loaded host gives no false alarm.  CPU 0 stuck
 * with interrupts off stops jiffies, and with them every sleep timer and
 * this check: so CPU 1 also counts its own (local APIC) ticks while
 * jiffies stand still, and after TIMEKEEPER_MS of them (2 s: a loaded
 * host loses some of CPU 1's ticks too, never 2 s of CPU 0's) reports
 *     nickel: jiffies stopped: cpu 0 took no timer interrupt for Mms of cpu 1
 * with CPU 0's backtrace by NMI.
 *
 * Per-CPU state, lock-free: last_schedule is written by its CPU only;
 * warned is set 0 -> 1 by whichever checker reports (compare-and-swap, so
 * a CPU and its neighbour never both report), and cleared by the CPU when
 * it schedules again (the episode is over).
 */
#include "diag/check.h"
#include "proc/task.h"
#include "sched/sched.h"
#include "arch/percpu.h"
#include "arch/timer.h"
#include "arch/trap.h"
#include "arch/lapic.h"
#include "arch/cpu.h"
#include "panic.h"
#include "console/printk.h"

struct watchdog_cpu watchdog_cpus[NR_CPUS_MAX];
#define wd watchdog_cpus

/* The stuck CPU prints its own backtrace from the NMI; wait for it
 * (bounded: it might be stuck where even an NMI cannot print).  Also the
 * `b` key's (backtraces.c). */
void watchdog_backtrace_of(int cpu)
{
	int waited;

	wd[cpu].backtrace_wanted = 1;
	__sync_synchronize();
	lapic_send_ipi((uint32_t)cpus[cpu].apic_id, ICR_NMI);
	for (waited = 0; wd[cpu].backtrace_wanted && waited < 200; waited++)
		udelay(1000);
	if (wd[cpu].backtrace_wanted) {
		wd[cpu].backtrace_wanted = 0;
		__sync_fetch_and_add(&wd[cpu].late_nmis, 1);
		printk("nickel: cpu %d did not answer the backtrace NMI within 200 ms "
		       "(under QEMU: the host is not running that virtual CPU)\n", cpu);
	}
}

static void report(int me, int cpu, uint32_t stuck_ms)
{
	struct sched_task *curr = sched_curr(cpu);
	struct trap_frame *f;

	printk("nickel: soft lockup on cpu %d: stuck for %ums in %s (pid %d)\n", cpu,
	       stuck_ms, curr ? curr->comm : "?", curr ? curr->pid : -1);
	if (cpu != me) {
		watchdog_backtrace_of(cpu);
		return;
	}
	f = trap_irq_frame(me);
	if (f)
		backtrace_from(f->ebp, f->eip);
	else
		backtrace_from(read_ebp(), (uint32_t)__builtin_return_address(0));
}

static void check_cpu(int me, int cpu)
{
	uint32_t last = wd[cpu].last_schedule, stuck = jiffies - last;

	if (!cpus[cpu].online || wd[cpu].warned || stuck < WATCHDOG_MS ||
	    !sched_nr_waiting(cpu))
		return;
	if (!__sync_bool_compare_and_swap(&wd[cpu].warned, 0, 1))
		return;                          /* the other checker reports it */
	if (wd[cpu].last_schedule != last) {
		wd[cpu].warned = 0;              /* it just scheduled */
		return;
	}
	report(me, cpu, stuck);
}

#define TIMEKEEPER_MS 2000

/* CPU 1's view of the timekeeper; only CPU 1 touches it. */
static struct {
	uint32_t ticks_since;             /* local ticks, jiffies standing still */
	int warned;
} timekeeper;

/* CPU 1's local timer fired but jiffies had not moved (smp.c). */
void watchdog_missed_tick(int cpu)
{
	if (cpu != 1 || ++timekeeper.ticks_since < TIMEKEEPER_MS || timekeeper.warned)
		return;
	timekeeper.warned = 1;
	printk("nickel: jiffies stopped: cpu 0 took no timer interrupt for %ums of cpu 1\n",
	       timekeeper.ticks_since);
	watchdog_backtrace_of(0);
}

void watchdog_tick(int cpu)
{
	if (cpu == 1)
		timekeeper.ticks_since = timekeeper.warned = 0;   /* time moves */
	check_cpu(cpu, cpu);
	if (ncpus > 1)
		check_cpu(cpu, (cpu + 1) % ncpus);
}

/* The NMI handler's question (smp.c): was this NMI a backtrace request? */
int watchdog_nmi(struct trap_frame *f)
{
	int cpu = this_cpu_id();

	if (!wd[cpu].backtrace_wanted) {
		/* One the checker gave up waiting for: still ours, not a panic
		 * (a host that paused this virtual CPU delivers it late). */
		if (wd[cpu].late_nmis <= 0)
			return 0;
		__sync_fetch_and_sub(&wd[cpu].late_nmis, 1);
		printk("nickel: cpu %d backtrace (NMI, late):\n", cpu);
		backtrace_from(f->ebp, f->eip);
		return 1;
	}
	printk("nickel: cpu %d backtrace (NMI):\n", cpu);
	backtrace_from(f->ebp, f->eip);
	__sync_synchronize();
	wd[cpu].backtrace_wanted = 0;
	return 1;
}
