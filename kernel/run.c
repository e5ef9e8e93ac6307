/*
 * run.c - from boot to a running system: the scheduler, CPU 0's idle loop,
 * and "kinit", the first kernel thread, which starts the services and the
 * demo, reaps exited threads, and powers off after run=S seconds.
 */
#include "task.h"
#include "sched.h"
#include "cmdline.h"
#include "heap.h"
#include "arch/percpu.h"
#include "arch/timer.h"
#include "arch/trap.h"
#include "arch/cpu.h"
#include "wait.h"
#include "demo.h"
#include "statdump.h"
#include "trace.h"
#include "console_input.h"
#include "shutdown.h"
#include "printk.h"
#include "string.h"
#include "panic.h"
#include "arch/smp.h"
#include "proc.h"
#include "syscall.h"
#include "abi.h"
#include "bench.h"
#include "selfcheck.h"
#include "keys.h"
#include "selftest.h"
#include "crash.h"
#include "arch/cpuinfo.h"
#include "run.h"


/* The scheduler tick of one CPU, from its timer interrupt (irqs off);
 * check=1 adds the self-checks and the watchdog (selfcheck.h). */
void cpu_tick(int cpu)
{
	if (boot_args.check) {
		selfcheck_tick(cpu);
		watchdog_tick(cpu);
	}
	sched_tick(cpu);
}

/* A CPU's local timer fired while jiffies stood still (smp.c). */
void cpu_tick_missed(int cpu)
{
	if (boot_args.check)
		watchdog_missed_tick(cpu);
}

/* CPU 0 also keeps time: jiffies (pit.c) and the sleep timers.  With a
 * LAPIC every CPU's scheduler tick comes from its own timer (smp.c).
 * Without one, the order is Linux's: scheduler_tick in the hard interrupt,
 * then the expired timers (a softirq).  The other way round, the tick would
 * see the sleeper just woken at a better prio: under nick the running
 * task's slice (task_timeslice) would collapse and it would expire. */
static void cpu0_tick(void)
{
	if (!smp_lapic_ticks())
		cpu_tick(0);
	timers_tick();
}

void demo_start(const char *name)
{
	if (!strcmp(name, "none"))
		return;
	if (!strcmp(name, "nice"))
		demo_nice_start();
	else if (!strcmp(name, "storm"))
		demo_storm_start();
	else if (!strcmp(name, "desktop") || !strcmp(name, "compile"))
		demo_lab_start(name);
	else if (!strcmp(name, "fuzz"))
		demo_fuzz_start();
	else if (!strcmp(name, "abuse"))
		demo_abuse_start();
	else if (!strcmp(name, "hogs") || !name[0])
		demo_hogs_start();
	else
		printk("nickel: demo %s is not built yet; running none\n", name);
}

/*
 * kinit sleeps once, until the power-off time: under nick every wake-up of
 * a high-priority thread shrinks the running hog's slice (task_timeslice
 * looks at the best queued priority), so periodic housekeeping would
 * distort the demos' CPU shares.  Exited threads are freed by "reaper",
 * which sleeps until task_exit wakes it.
 */
static void kinit(void *arg)
{
	(void)arg;
	keys_thread_start();
	reaper_thread_start();
	if (boot_args.stats_ms)
		stats_thread_start(boot_args.stats_ms);
	if (boot_args.trace)
		trace_toggle();
	if (boot_args.selftest) {
		selftest_wait();
		selftest_refs();
	}
	crash_late_start(boot_args.crash);
	demo_start(boot_args.demo[0] || !boot_args.init[0] ? boot_args.demo : "none");
	if (!boot_args.run_s)
		task_exit(0);
	if ((int32_t)(jiffies - (uint32_t)boot_args.run_s * HZ) < 0)
		sleep_ms((uint32_t)boot_args.run_s * HZ - jiffies);
	shutdown_with_record(0);
}

/* Every CPU's idle task ends here: halt until there is work. */
void cpu_idle_loop(void)
{
	for (;;) {
		cli();
		watchdog_touch(this_cpu_id());   /* idle with nothing to do is not stuck */
		/* Work queued here (nr_running, read without the lock: a stale
		 * value only costs one more tick) runs even if the wake-up's
		 * reschedule IPI was lost. */
		if (current->se.need_resched || sched_rq[this_cpu_id()].nr_running)
			schedule();
		__asm__ volatile("sti; hlt");   /* sti's shadow covers the hlt */
	}
}

/* init=NAME: that module runs as pid 1, with the words after "--". */
static void start_init_process(void)
{
	int pid;

	if (!boot_args.init[0])
		return;
	pid = proc_start_init(boot_args.init, boot_args.argc, boot_args.argv);
	if (pid < 0)
		printk("nickel: init=%s: %s\n", boot_args.init,
		       pid == -ENOENT ? "no such runnable module" : "out of memory");
}

void kernel_run(void)
{
	struct task *init;

	if (boot_args.bench)
		bench_scheduler();               /* before any task exists */
	sched_init(ncpus, sched_policy_by_name(boot_args.policy));
	rr_slice_ms = (unsigned)boot_args.rr_slice;
	cache_decay_ticks = boot_args.cache_decay >= 0 ?
		(unsigned)boot_args.cache_decay : cache_decay_from_cpuid();
	idle_task_init(0);
	spinlock_debug = boot_args.check;
	heap_poison = boot_args.check;
	smp_boot_aps();                /* the other CPUs, each to its idle loop */
	console_input_init();
	pit_set_tick_hook(cpu0_tick);
	pit_set_bursts(boot_args.busyhost);
	if (boot_args.busyhost)
		printk("nickel: busyhost=1: timer ticks come late and in bursts, "
		       "nanosleep's clock readings stall (docs/time.md)\n");
	syscall_init();
	start_init_process();
	init = kthread_create("kinit", kinit, 0, -10);
	if (!init)
		panic("no memory for kinit");
	kthread_start(init);
	cpu_idle_loop();
}
