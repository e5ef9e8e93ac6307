/*
 * statdump.c - print the stat dump of contract.md:
 *     === stats jiffies=J uptime_ms=U cpus=N policy=P free_pages=F tasks=T tsc_ms=M
 *     cpu ...      (one per CPU, kernel/sched/stats.c formats it)
 *     task ...     (one per task but the idle tasks; the scheduler's fields,
 *                  then wchan=, the function a sleeper sleeps in, or -)
 *     === end
 * The text is built in a buffer first, with tasks_lock held (tasks cannot
 * come or go meanwhile), and printed after: a slow serial line must not
 * keep interrupts off.
 */
#include "diag/statdump.h"
#include "proc/task.h"
#include "sched/sched.h"
#include "spinlock.h"
#include "arch/percpu.h"
#include "mm/pmm.h"
#include "mm/heap.h"
#include "console/printk.h"
#include "lib/string.h"
#include "arch/timer.h"
#include "wait.h"
#include "diag/lat.h"
#include "diag/check_clocks.h"
#include "diag/ksyms.h"
#include "boot/cmdline.h"

#define LINE 320

/*
 * One dump at a time; taken with interrupts on (dumps come from threads)
 * and with preemption off while held, as every spinlock must be: a holder
 * preempted here could be moved to another CPU by the balancer and unlock
 * from there, or a second dump on the same CPU would spin on it forever.
 */
static spinlock_t dump_lock = SPINLOCK_INIT("statdump");

/*
 * The end of a run's record (shutdown.c, panic.c).  The final dump must be
 * the last one and whole: a dump that a stats thread on another CPU is
 * printing when the end comes is finished first (the final one waits for
 * dump_lock), and none starts after it.  Without this a stats thread that
 * woke with the end (stats=500, run=2: both due at 2000 ms) took
 * dump_lock right after the final dump, and the other CPU powered off
 * while it printed its cpu rows: the log ended inside a stat dump.
 * dumps_closed: set under dump_lock (or by a panic, which takes no lock),
 * read under it.  dumping_cpu: the CPU holding dump_lock, -1 when none;
 * written under it, read by a panic without it.  A dumper sets
 * dumping_cpu before it tests dumps_closed, a panic sets dumps_closed
 * before it reads dumping_cpu (full barriers between): so a panic either
 * waits for a dump or that dump does not start.
 */
static volatile int dumps_closed;
static volatile int dumping_cpu = -1;

static size_t append_line(char *buf, size_t len, size_t size, const char *line)
{
	size_t n = strlen(line);

	if (len + n + 2 > size)
		return len;
	memcpy(buf + len, line, n);
	buf[len + n] = '\n';
	return len + n + 1;
}

/* Where t sleeps: the function that called sleep_ms or wait_event. */
static void append_wchan(char *line, size_t size, const struct task *t)
{
	size_t len = strlen(line);
	uint32_t off;
	const char *where = NULL;

	if (sched_task_asleep(&t->se))
		where = ksym_lookup((uint32_t)t->wchan, &off);
	snprintf(line + len, size - len, " wchan=%s", where ? where : "-");
}

/* Print the dump's text: its header and cpu rows, then the rest (boot
 * argument dumpdelay=MS waits between the two, as a slow serial line or a
 * host that stops this CPU would: the end-of-run test's fault). */
static void print_dump(char *buf)
{
	char *rest = buf;
	int c;

	for (c = 0; c <= ncpus && rest; c++)       /* the header, a row per CPU */
		if ((rest = strchr(rest, '\n')) != 0)
			rest++;
	if (boot_args.dumpdelay && rest) {
		char keep = *rest;

		*rest = 0;
		console_print(buf);
		*rest = keep;
		mdelay((uint32_t)boot_args.dumpdelay);
		buf = rest;
	}
	console_print(buf);
}

/* With dump_lock held and preemption off: build the text under
 * tasks_lock, then print it with interrupts on. */
static void dump_locked(void)
{
	char line[LINE];
	struct list_node *n;
	unsigned long f2;
	size_t size, len = 0;
	char *buf;
	int c;

	f2 = spin_lock_irqsave(&tasks_lock);
	size = (2 * tasks_count() + ncpus + 4) * LINE;
	buf = kmalloc(size);
	if (!buf) {
		spin_unlock_irqrestore(&tasks_lock, f2);
		printk("nickel: stat dump: out of memory\n");
		return;
	}
	snprintf(line, sizeof(line),
		 "=== stats jiffies=%u uptime_ms=%u cpus=%d policy=%s free_pages=%u tasks=%u"
		 " tsc_ms=%u",
		 jiffies, jiffies, ncpus, sched_policy_name(), pmm_free_pages(),
		 tasks_count(), clock_tsc_ms());
	len = append_line(buf, len, size, line);
	for (c = 0; c < ncpus; c++) {
		sched_format_cpu(line, sizeof(line), c);
		len = append_line(buf, len, size, line);
	}
	list_for_each(n, &all_tasks) {
		struct task *t = list_entry(n, struct task, all);
		sched_format_task(line, sizeof(line), &t->se);
		append_wchan(line, sizeof(line), t);
		len = append_line(buf, len, size, line);
	}
	list_for_each(n, &all_tasks) {
		struct task *t = list_entry(n, struct task, all);
		if (!t->lat)
			continue;
		lat_format(line, sizeof(line), t->lat);
		len = append_line(buf, len, size, line);
	}
	len = append_line(buf, len, size, "=== end");
	spin_unlock_irqrestore(&tasks_lock, f2);
	buf[len] = 0;
	print_dump(buf);
	kfree(buf);
}

/* Take dump_lock; then a dump, unless the record is closed (final: the
 * run's last dump, which closes it). */
static void dump(int final)
{
	preempt_disable();
	spin_lock(&dump_lock);
	dumping_cpu = this_cpu_id();
	__sync_synchronize();
	if (final || !dumps_closed) {
		dumps_closed |= final;
		dump_locked();
	}
	dumping_cpu = -1;
	spin_unlock(&dump_lock);
	preempt_enable();
}

/* A dump now (stats=MS, the `s` key); nothing once the record is closing. */
void stat_dump(void)
{
	dump(0);
}

/* The run's last dump: after any dump under way, and the last one. */
void stat_dump_final(void)
{
	dump(1);
}

/* A panic: no dump starts from now on, and one another CPU is printing
 * gets up to `ms` to finish before the CPUs are stopped.  Interrupts are
 * off; a dump on this very CPU (a panic inside it) cannot finish. */
void stat_dump_close_for_panic(unsigned ms)
{
	dumps_closed = 1;
	__sync_synchronize();
	while (ms-- && dumping_cpu >= 0 && dumping_cpu != this_cpu_id())
		mdelay(1);
}

static void stats_thread(void *arg)
{
	unsigned period = (unsigned)(uintptr_t)arg;

	for (;;) {
		sleep_ms(period);
		stat_dump();
	}
}

void stats_thread_start(unsigned period_ms)
{
	struct task *t = kthread_create("stats", stats_thread,
					(void *)(uintptr_t)period_ms, -5);

	if (!t)
		return;
	/* Away from kinit's CPU 0, and from crash=late's last CPU. */
	if (boot_args.dumpdelay && ncpus > 1)
		sched_set_affinity(&t->se, SCHED_CPU_BIT(1));
	kthread_start(t);
}
