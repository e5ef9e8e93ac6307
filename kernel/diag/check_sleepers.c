/*
 * check_sleepers.c - check=1: a sleeper that should have woken by now.
 *
 * Every 500 ms CPU 0 walks the task table for
 *   - a task on the timer list more than OVERDUE_MS past its wake_at
 *     (jiffies advance, since this runs from a tick: timers_tick missed it);
 *   - a task in nanosleep more than OVERDUE_MS past its request's deadline,
 *     by the ticks and by the TSC alike, and still asleep, whatever its
 *     timer says (a timer set for the wrong time: the lost wake-up of
 *     docs/time.md).
 * Each sleep is reported once, then the task's backtrace:
 *     nickel: overdue timer: pid N (name) due X ms ago, state S, asleep in SYM
 * Timers are checked in jiffies, nanosleeps by both clocks, so neither
 * lost ticks nor a clock that runs ahead of the other raise a false alarm.
 */
#include "diag/check.h"
#include "proc/task.h"
#include "wait.h"
#include "spinlock.h"
#include "arch/timer.h"
#include "console/printk.h"
#include "panic.h"
#include "diag/ksyms.h"

#define OVERDUE_MS 100
#define CHECK_EVERY_MS 500

static uint32_t next_check = CHECK_EVERY_MS / 2;   /* jiffies; CPU 0 only */

/* ms past its deadline, or 0 when t is on time (or awake). */
static uint32_t overdue_ms(struct task *t)
{
	int32_t due_in;

	if (!sched_task_asleep(&t->se))
		return 0;
	if (t->in_nanosleep && (int32_t)(jiffies - t->nanosleep_due) > OVERDUE_MS &&
	    time_us() > t->nanosleep_end_us + OVERDUE_MS * 1000)
		return jiffies - t->nanosleep_due;
	if (timer_pending(t, &due_in) && due_in < -OVERDUE_MS)
		return (uint32_t)-due_in;
	return 0;
}

static void report(struct task *t, uint32_t late_ms)
{
	uint32_t off;
	const char *where = ksym_lookup((uint32_t)t->wchan, &off);

	printk("nickel: overdue timer: pid %d (%s) due %u ms ago, state S, asleep in %s\n",
	       t->se.pid, t->se.comm, late_ms, where ? where : "?");
	backtrace_of_sleeper(t);
}

/* From every tick of CPU 0.  A check that is due runs at the first tick
 * that can take tasks_lock, so neither a tick dropped after a stall nor an
 * interrupted holder of the lock skips one: a sleeper is reported within
 * OVERDUE_MS + CHECK_EVERY_MS of its deadline (by the ticks). */
void sleepcheck_tick(void)
{
	struct list_node *n;
	unsigned long f;

	if ((int32_t)(jiffies - next_check) < 0)
		return;
	if (spin_is_held_here(&tasks_lock))
		return;                     /* interrupted its holder: next tick */
	next_check = jiffies + CHECK_EVERY_MS;
	f = spin_lock_irqsave(&tasks_lock);
	list_for_each(n, &all_tasks) {
		struct task *t = list_entry(n, struct task, all);
		uint32_t late = overdue_ms(t);
		if (!late) {
			t->overdue_said = 0;    /* awake again: a new sleep may be reported */
			continue;
		}
		if (!t->overdue_said) {
			t->overdue_said = 1;
			report(t, late);
		}
	}
	spin_unlock_irqrestore(&tasks_lock, f);
}
