/*
 * hogs.c - the `hogs` and `nice` demos as kernel threads: pure CPU burners
 * named "hog".  `hogs=N` starts N at nice 0; `nice=a,b,c` starts one per
 * value (demo=nice).  Keys + and - add and remove one hog live.
 * When the `hog` program is loaded as a module (make run does), each hog
 * is a ring-3 process running it; otherwise a kernel thread.  Either way
 * it is called "hog" in the stat dump.  `pin=C` keeps every hog, thread
 * or process, on CPU C (sched_set_affinity, before it first runs).
 */
#include "demo/demo.h"
#include "proc/task.h"
#include "boot/cmdline.h"
#include "console/printk.h"
#include "spinlock.h"
#include "boot/module.h"
#include "proc/proc.h"
#include "lib/string.h"
#include "proc/abi.h"

#define MAX_HOGS 64

static int hogs[MAX_HOGS];               /* pids; hogs_lock */
static int is_process[MAX_HOGS];
static volatile int stop_flag[MAX_HOGS];
static int nr_hogs;
static spinlock_t hogs_lock = SPINLOCK_INIT("hogs");

static void hog(void *arg)
{
	int slot = (int)(uintptr_t)arg;
	volatile uint32_t x = 0;

	while (!stop_flag[slot])
		x = x * 1664525u + 1013904223u;  /* burn: no sleeping, ever */
}

/* pin=C: the hog may run on CPU C only (the SMP affinity scenarios). */
static void pin_hog(struct task *t)
{
	if (boot_args.pin < 0)
		return;
	if (sched_set_affinity(&t->se, SCHED_CPU_BIT(boot_args.pin)) != 0)
		printk("nickel: pin=%d: no such CPU; hog %d runs anywhere\n",
		       boot_args.pin, t->se.pid);
}

/* A ring-3 hog: user/hog.c, which sets its own nice value. */
static int add_process_hog(int slot, int nice)
{
	char arg[16], *argv[1] = { arg };
	int pid;

	snprintf(arg, sizeof(arg), "nice=%d", nice);
	pid = proc_spawn("hog", 1, argv, pin_hog);
	if (pid < 0) {
		printk("nickel: could not start a hog process\n");
		nr_hogs--;
		return -1;
	}
	hogs[slot] = pid;
	is_process[slot] = 1;
	return pid;
}

int demo_add_hog(int nice)
{
	unsigned long f = spin_lock_irqsave(&hogs_lock);
	int slot = nr_hogs;
	struct task *t;

	if (slot >= MAX_HOGS) {
		spin_unlock_irqrestore(&hogs_lock, f);
		printk("nickel: already %d hogs\n", MAX_HOGS);
		return -1;
	}
	nr_hogs++;
	stop_flag[slot] = 0;
	is_process[slot] = 0;
	spin_unlock_irqrestore(&hogs_lock, f);
	if (module_find("hog"))
		return add_process_hog(slot, nice);
	t = kthread_create("hog", hog, (void *)(uintptr_t)slot, nice);
	if (!t) {
		printk("nickel: no memory for another hog\n");
		nr_hogs--;
		return -1;
	}
	hogs[slot] = t->se.pid;
	pin_hog(t);
	kthread_start(t);
	return t->se.pid;
}

int demo_remove_hog(void)
{
	unsigned long f = spin_lock_irqsave(&hogs_lock);
	int slot = nr_hogs - 1, pid;

	if (slot < 0) {
		spin_unlock_irqrestore(&hogs_lock, f);
		return -1;
	}
	nr_hogs--;
	pid = hogs[slot];
	hogs[slot] = 0;
	stop_flag[slot] = 1;                  /* a kernel hog returns, and so exits */
	spin_unlock_irqrestore(&hogs_lock, f);
	if (is_process[slot])
		proc_kill(pid, SIGKILL);
	return pid;
}

void demo_hogs_start(void)
{
	int i, n = boot_args.hogs >= 0 ? boot_args.hogs : 2;

	for (i = 0; i < n; i++)
		demo_add_hog(0);
	printk("nickel: demo hogs: %d hogs\n", n);
}

void demo_nice_start(void)
{
	static const int defaults[] = { 0, 5, 10, 19 };
	int i, n = boot_args.nr_nice ? boot_args.nr_nice : 4;

	for (i = 0; i < n; i++)
		demo_add_hog(boot_args.nr_nice ? boot_args.nice[i] : defaults[i]);
	printk("nickel: demo nice: %d hogs\n", n);
}
