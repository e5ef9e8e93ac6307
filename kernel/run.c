/*
 * run.c - from boot to a running system: the scheduler, the other CPUs,
 * init=, and "kinit", the first kernel thread, which starts the services
 * and the demo and powers off after run=S seconds.
 */
#include "proc/task.h"
#include "sched/sched.h"
#include "boot/cmdline.h"
#include "mm/heap.h"
#include "arch/percpu.h"
#include "arch/timer.h"
#include "arch/trap.h"
#include "arch/cpu.h"
#include "wait.h"
#include "on_request.h"
#include "diag/statdump.h"
#include "diag/trace.h"
#include "console/console_input.h"
#include "shutdown.h"
#include "console/printk.h"
#include "lib/string.h"
#include "panic.h"
#include "arch/smp.h"
#include "proc/proc.h"
#include "proc/syscall.h"
#include "proc/abi.h"
#include "diag/check.h"
#include "diag/keys.h"
#include "arch/cpuinfo.h"
#include "run.h"
#include "arch/kernel_hooks.h"



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
	if (boot_args.selftest)
		on_request.self_tests();
	on_request.crash_late(boot_args.crash);
	on_request.demo_start(boot_args.demo[0] || !boot_args.init[0] ? boot_args.demo : "none");
	if (!boot_args.run_s)
		task_exit(0);
	if ((int32_t)(jiffies - (uint32_t)boot_args.run_s * HZ) < 0)
		sleep_ms((uint32_t)boot_args.run_s * HZ - jiffies);
	shutdown_with_record(0);
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

/* An AP's boot stack becomes its idle task (kernel_hooks.cpu_adopt_stack). */
static void adopt_idle_stack(int cpu)
{
	idle_task_init(cpu);
}

void kernel_run(void)
{
	struct task *init;

	if (boot_args.bench)
		on_request.bench();               /* before any task exists */
	sched_init(ncpus, sched_policy_by_name(boot_args.policy));
	rr_slice_ms = (unsigned)boot_args.rr_slice;
	sched_watchdog_ms = (unsigned)boot_args.watchdog_ms;
	cache_decay_ticks = boot_args.cache_decay >= 0 ?
		(unsigned)boot_args.cache_decay : cache_decay_from_cpuid();
	kernel_hooks = (struct arch_kernel_hooks){
		.cpu_tick = cpu_tick,
		.cpu_tick_missed = cpu_tick_missed,
		.trap_return = preempt_on_return,
		.cpu_adopt_stack = adopt_idle_stack,
		.cpu_idle = cpu_idle_loop,
		.nmi_wanted = watchdog_nmi,
	};
	idle_task_init(0);
	spinlock_debug = boot_args.check;
	heap_poison = boot_args.check;
	smp_boot_aps();                /* the other CPUs, each to its idle loop */
	sched_ncpus = ncpus;           /* those that answered (sched_init had the firmware's count) */
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
	smp_start_ap_ticks();          /* after the set-up, which their ticks slow */
	cpu_idle_loop();
}
