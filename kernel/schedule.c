/*
 * schedule.c - schedule() and the paths into it: how a CPU goes from one
 * task to the next.
 *
 *   cpu_tick           a CPU's timer interrupt: the scheduler tick
 *   preempt_on_return  the end of every interrupt and system call
 *   schedule           give the CPU to the task kernel/sched picks
 *   cpu_idle_loop      what a CPU does when nothing is runnable
 *
 * kernel/sched decides who runs; arch/i386/context.c does the switch
 * itself (stack, address space, x87 state, registers).
 * A task that sleeps sets se.state with interrupts off and calls schedule()
 * before turning them on again, so a timer interrupt can never preempt it
 * half-asleep (Linux uses PREEMPT_ACTIVE for the same purpose).
 */
#include "proc/task.h"
#include "sched/sched.h"
#include "arch/context.h"
#include "boot/cmdline.h"
#include "diag/check.h"
#include "arch/percpu.h"
#include "arch/cpu.h"
#include "arch/trap.h"
#include "arch/timer.h"
#include "arch/smp.h"
#include "proc/proc.h"
#include "console/console_input.h"

/* The scheduler tick of one CPU, from its timer interrupt (irqs off);
 * check=1 adds the self-checks and the watchdog (diag/check.h). */
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
void cpu0_tick(void)
{
	if (!smp_lapic_ticks())
		cpu_tick(0);
	timers_tick();
	console_input_poll();          /* USB keyboards: polled, not interrupt-driven */
}

/* Switch to the task `pick` chose (it returns with the rq lock held);
 * the core's finish, on the next task's stack, unlocks. */
static inline __attribute__((always_inline)) void
switch_to_pick(struct sched_task *(*pick)(int cpu, unsigned long *flags))
{
	struct task *prev = current, *next;
	unsigned long flags;
	int cpu = this_cpu_id();

	watchdog_touch(cpu);
	next = task_of(pick(cpu, &flags));
	if (next != prev)
		arch_switch_to(prev, next, cpu);
	sched_finish_switch(this_cpu_id(), flags);
}

/* Give the CPU to the next task (kernel/sched picks it). */
void schedule(void)
{
	switch_to_pick(sched_pick_next);
}

/* sched_yield: the policy's yield and the pick in one rq lock round
 * (sched_pick_next_yield), then the switch; interrupts off on entry. */
void schedule_yield(void)
{
	switch_to_pick(sched_pick_next_yield);
}

/*
 * The end of every interrupt and system call (idt.c): preempt the running
 * task if the scheduler asked for it, unless preemption is disabled or the
 * interrupt came while interrupts were off (then we are inside a critical
 * section that will call schedule() itself).
 */
void preempt_on_return(struct trap_frame *f)
{
	struct task *t = current;

	if (t && t->pending_signal && trap_from_user(f))
		proc_deliver_signals(f);
	if (!t || !t->se.need_resched || current_thread_info()->preempt_count)
		return;
	if (!(f->eflags & EFLAGS_IF))
		return;
	schedule();
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
		if (current->se.need_resched || sched_nr_running(this_cpu_id()))
			schedule();
		__asm__ volatile("sti; hlt");   /* sti's shadow covers the hlt */
	}
}
