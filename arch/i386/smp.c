/*
 * smp.c - the interrupts CPUs send each other, and each CPU's tick.
 *
 * Vectors (trap.h), each handler ends with a LAPIC EOI:
 *   T_LAPIC_TIMER  the CPU's own periodic timer: its scheduler ticks.  The
 *                  PIT on CPU 0 only keeps time (jiffies, sleep timers;
 *                  run.c's cpu0_tick), so jiffies has exactly one writer.
 *                  Each CPU runs one cpu_tick per jiffy: the interrupt
 *                  runs as many as jiffies advanced since that CPU's last
 *                  tick.  (Without a working PIT, CPU 0's timer also
 *                  advances jiffies first: jiffies_from_lapic, pit.c.)
 *                  A busy vCPU under TCG or KVM has timer periods
 *                  merged or dropped; counted against jiffies, its run and
 *                  idle time still add up to the elapsed time.
 *   T_IPI_RESCHED  "look at need_resched": the scheduler core set it under
 *                  the target's rq lock (and counted the IPI in rq->ipis);
 *                  preempt_on_return does the switch on the way out.
 *   T_IPI_CALL     run call.fn(call.arg), then count down call.pending.
 *   T_IPI_STOP     panic on another CPU: stop here for good (and say so in
 *                  stopped[], which the panicking CPU reports).
 *   T_IPI_TICK     once, at the end of the boot: start this AP's timer
 *                  (smp_start_ap_ticks).
 *   NMI            a CPU that ignores T_IPI_STOP (interrupts off) gets an
 *                  NMI with stop_wanted set; otherwise an NMI is the
 *                  watchdog asking for a backtrace (watchdog.c).
 * cpus[c].ipis counts the IPIs CPU c received, of every kind.
 */
#include "arch/kernel_hooks.h"
#include "arch/smp.h"
#include "arch/lapic.h"
#include "arch/percpu.h"
#include "arch/trap.h"
#include "arch/cpu.h"
#include "panic.h"
#include "arch/thread_info.h"
#include "arch/timer.h"
#include "console/printk.h"

/*
 * One cross-call at a time.  call_busy is taken with interrupts on, so a
 * CPU waiting for it still answers the call IPIs of the CPU that has it.
 */
static volatile int call_busy;
static struct {
	void (*fn)(void *);
	void *arg;
	volatile int pending;            /* CPUs that have not run fn yet */
} call;

#define MAX_CATCH_UP HZ                 /* ticks one interrupt may run */
static uint32_t ticked[NR_CPUS_MAX];        /* jiffies of CPU c's last tick; CPU c only */

int smp_lapic_ticks(void)
{
	return lapic_enabled;
}

static void timer_irq(struct trap_frame *f)
{
	int cpu = this_cpu_id(), n = 0;

	(void)f;
	lapic_eoi();                     /* IF stays clear until iret: no nesting */
	if (cpu == 0 && jiffies_from_lapic)
		jiffies_tick();              /* no PIT: this timer keeps time */
	while ((int32_t)(jiffies - ticked[cpu]) > 0 && n++ < MAX_CATCH_UP) {
		ticked[cpu]++;
		kernel_hooks.cpu_tick(cpu);
	}
	if (n > MAX_CATCH_UP)
		ticked[cpu] = jiffies;       /* after a longer stall: drop the rest */
	if (n == 0)
		kernel_hooks.cpu_tick_missed(cpu);        /* the watchdog counts these (CPU 0 stuck?) */
}

/* This CPU's timer, from now on (boot CPU: smp_boot_aps; APs: below). */
void smp_start_tick(void)
{
	ticked[this_cpu_id()] = jiffies;
	lapic_timer_start();
}

/*
 * The APs' timers start together once the boot CPU has set the system up
 * and is about to run init (kernel_run): until then no task runs on an AP,
 * and an idle AP's tick only counts idle time.  Under QEMU TCG every tick
 * of a halted vCPU wakes a host thread: 63 APs ticking 1000 times a second
 * took the boot CPU's host cores and doubled its set-up after the APs
 * (docs/boot.md, "Boot time").  An AP's run and idle time count from its
 * first tick.  ap_ticks_on: set once by the boot CPU, read by APs;
 * aps_ticking: how many APs started their timer (each adds itself).
 */
#define AP_TICK_WAIT_US 1000000
static volatile int ap_ticks_on, aps_ticking;

/* Only on an online CPU that is who its thread_info says: an AP that came
 * too late and was dropped (smpboot.c, give_up) may still be waiting, with
 * interrupts on, on a stack that names its table row. */
static void tick_start_irq(struct trap_frame *f)
{
	int cpu = this_cpu_id();

	(void)f;
	lapic_eoi();
	if (!cpus[cpu].online || cpus[cpu].apic_id != (int)lapic_id())
		return;
	cpus[cpu].ipis++;
	smp_start_tick();
	__sync_fetch_and_add(&aps_ticking, 1);
}

/* An AP coming online: its timer, if the others' have started already. */
void smp_ap_tick_if_started(void)
{
	if (ap_ticks_on) {
		smp_start_tick();
		__sync_fetch_and_add(&aps_ticking, 1);
	}
}

static int aps_online(void)
{
	int c, n = 0;

	for (c = 1; c < ncpus; c++)
		n += cpus[c].online;
	return n;
}

/*
 * One IPI to all but this CPU (63 IPIs one by one, each waited for, took up
 * to 57 ms under TCG on a loaded host), then a halted wait until every
 * online AP ticks (this CPU's own tick wakes it each ms), so that init never
 * runs beside a CPU without a tick: under -icount QEMU may not run a
 * halted vCPU again for a long time once another vCPU is busy.
 */
void smp_start_ap_ticks(void)
{
	unsigned long f;
	uint64_t end;
	int want = aps_online();

	if (!lapic_enabled || want == 0 || ap_ticks_on)
		return;
	ap_ticks_on = 1;
	__sync_synchronize();
	lapic_send_ipi(0, T_IPI_TICK | ICR_ALL_BUT_SELF);
	end = time_us() + AP_TICK_WAIT_US;
	preempt_disable();               /* init and kinit wait: they are runnable */
	f = irq_save();
	while (aps_ticking < want && time_us() < end)
		__asm__ volatile("sti; hlt; cli" ::: "memory");
	irq_restore(f);
	preempt_enable();
	if (aps_ticking < want)
		printk("nickel: smp: %d of %d APs started their tick within %u ms\n",
		       aps_ticking, want, AP_TICK_WAIT_US / 1000);
}

static void resched_irq(struct trap_frame *f)
{
	(void)f;
	cpus[this_cpu_id()].ipis++;
	lapic_eoi();
}

static void call_irq(struct trap_frame *f)
{
	void (*fn)(void *) = call.fn;
	void *arg = call.arg;

	(void)f;
	cpus[this_cpu_id()].ipis++;
	fn(arg);
	__sync_fetch_and_sub(&call.pending, 1);   /* after this the sender may reuse call */
	lapic_eoi();
}

static volatile int stopped[NR_CPUS_MAX];   /* CPU c has stopped; written by c */
static volatile int stop_wanted;        /* set by panic, before the stop IPI */

static void stop_this_cpu(void)
{
	cli();
	stopped[this_cpu_id()] = 1;
	for (;;)
		hlt();
}

static void stop_irq(struct trap_frame *f)
{
	(void)f;
	cpus[this_cpu_id()].ipis++;
	lapic_eoi();
	stop_this_cpu();
}

static void nmi_irq(struct trap_frame *f)
{
	if (stop_wanted)
		stop_this_cpu();
	if (!kernel_hooks.nmi_wanted || !kernel_hooks.nmi_wanted(f))
		panic_trap(f);
}

/* Before any LAPIC interrupt can arrive (smp_boot_aps). */
void smp_ap_vectors_ready(void)
{
	trap_set_handler(T_LAPIC_TIMER, timer_irq);
	trap_set_handler(T_IPI_RESCHED, resched_irq);
	trap_set_handler(T_IPI_CALL, call_irq);
	trap_set_handler(T_IPI_STOP, stop_irq);
	trap_set_handler(T_IPI_TICK, tick_start_irq);
	trap_set_handler(T_NMI, nmi_irq);
}

void smp_send_resched(int cpu)
{
	if (lapic_enabled && cpu >= 0 && cpu < ncpus && cpus[cpu].online)
		lapic_send_ipi((uint32_t)cpus[cpu].apic_id, T_IPI_RESCHED);
}

void smp_call_function(void (*fn)(void *), void *arg)
{
	int me, c;

	if (ncpus < 2)
		return;
	if (!irqs_enabled())
		panic("smp_call_function with interrupts off");
	preempt_disable();               /* stay on this CPU while we own `call` */
	while (__sync_lock_test_and_set(&call_busy, 1))
		cpu_relax();
	me = this_cpu_id();
	call.fn = fn;
	call.arg = arg;
	call.pending = ncpus - 1;
	__sync_synchronize();
	for (c = 0; c < ncpus; c++)
		if (c != me)
			lapic_send_ipi((uint32_t)cpus[c].apic_id, T_IPI_CALL);
	while (call.pending > 0)
		cpu_relax();
	__sync_lock_release(&call_busy);
	preempt_enable();
}

static int all_others_stopped(void)
{
	int c;

	for (c = 0; c < ncpus; c++)
		if (c != this_cpu_id() && cpus[c].online && !stopped[c])
			return 0;
	return 1;
}

static void wait_for_stops(int ms)
{
	while (ms-- > 0 && !all_others_stopped())
		udelay(1000);
}

/*
 * panic(): the caller already owns the console; the others just stop.
 * A CPU that holds the console lock stops once its line is out (it holds
 * the lock with interrupts off), so waiting here keeps lines whole.
 */
void smp_stop_others(void)
{
	int c;

	if (!lapic_enabled || ncpus < 2)
		return;
	stop_wanted = 1;
	__sync_synchronize();
	lapic_send_ipi(0, T_IPI_STOP | ICR_ALL_BUT_SELF);
	wait_for_stops(100);
	for (c = 0; c < ncpus; c++)          /* interrupts off there: NMI */
		if (c != this_cpu_id() && cpus[c].online && !stopped[c])
			lapic_send_ipi((uint32_t)cpus[c].apic_id, ICR_NMI);
	wait_for_stops(100);
}

/* After a panic: one line per other CPU, printed by the panicking one. */
void smp_report_stopped(void)
{
	int c;

	for (c = 0; c < ncpus; c++)
		if (c != this_cpu_id() && cpus[c].online)
			printk("nickel: cpu %d %s\n", c, stopped[c] ? "stopped" : "did not stop");
}
