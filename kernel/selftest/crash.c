/*
 * crash.c - `crash=ud|pf|gp|de`: fault on purpose so that the panic path
 * (exception name, registers, CR2, backtrace with names) is tested.  Each
 * fault lives in its own function so the backtrace can name it.
 * The others start later, from kinit, once every CPU is online:
 *   crash=hang  the last CPU spins ~7 s without scheduling (interrupts off
 *               there, or only preemption off on a 1-CPU machine) while a
 *               task waits on its queue: the soft-lockup watchdog's test
 *   crash=hang0 CPU 0, which keeps jiffies, spins ~7 s with interrupts
 *               off: time stops, CPU 1's watchdog must notice
 *   crash=late  a kernel thread on the last CPU panics: the stop IPI's test
 *   crash=pages a reference to a free page (a use-after-free bug): the
 *               page accounting check must report it (and nothing breaks)
 *   crash=df    a kernel thread on the last CPU points esp at an unmapped
 *               page and pushes: the page fault cannot be delivered, a
 *               double fault: the double-fault task's test
 *   crash=kstack a kernel thread on the last CPU recurses until its stack
 *               runs into the guard page below it (kstack.c): the same
 *               report, "kernel stack overflow"
 *   crash=cr3   a kernel thread runs 1.5 s on a page directory it freed
 *               (the shape of the bug that ends in a triple fault once the
 *               frame is reused): check=1's tick check must report it
 *   crash=sleep a kernel thread in a nanosleep of 10 ms whose timer is set
 *               for 2 s (the shape of a lost wake-up): check=1's
 *               check_sleepers.c must report it as overdue, once
 */
#include "selftest/crash.h"
#include "lib/string.h"
#include "console/printk.h"
#include "proc/task.h"
#include "wait.h"
#include "panic.h"
#include "arch/percpu.h"
#include "arch/timer.h"
#include "arch/cpu.h"
#include "mm/pmm.h"
#include "arch/paging.h"

#define HANG_MS 7000

__attribute__((noinline)) void crash_invalid_opcode(void)
{
	__asm__ volatile("ud2");
}

__attribute__((noinline)) void crash_page_fault(void)
{
	volatile int *nowhere = (volatile int *)0x00000ABC;  /* unmapped */
	__asm__ volatile("" : "+r"(nowhere));   /* hide the constant from gcc */
	*nowhere = 1;
}

__attribute__((noinline)) void crash_general_protection(void)
{
	__asm__ volatile("mov $0x1230, %%ax\n\tmov %%ax, %%ds" ::: "eax");
}

__attribute__((noinline)) void crash_divide_error(void)
{
	volatile int zero = 0, x = 42;
	x = x / zero;
}

void crash_on_purpose(const char *how)
{
	if (!how[0])
		return;
	printk("nickel: crash=%s requested\n", how);
	if (!strcmp(how, "ud"))
		crash_invalid_opcode();
	else if (!strcmp(how, "pf"))
		crash_page_fault();
	else if (!strcmp(how, "gp"))
		crash_general_protection();
	else if (!strcmp(how, "de"))
		crash_divide_error();
}

/* Busy for ms of guest time (jiffies: CPU 0 keeps them going). */
__attribute__((noinline)) void crash_hang_spin(uint32_t ms)
{
	uint32_t start = jiffies;

	while (jiffies - start < ms)
		cpu_relax();
}

static void hang_mate(void *arg)
{
	(void)arg;
	task_exit(0);
}

/* A task pinned to `cpu`; NULL (and a console line) when out of memory. */
static struct task *pinned_thread(const char *name, void (*fn)(void *), int cpu)
{
	struct task *t = kthread_create(name, fn, 0, 0);

	if (!t) {
		printk("nickel: crash=%s: no memory for a thread\n", name);
		return 0;
	}
	sched_set_affinity(&t->se, SCHED_CPU_BIT(cpu));
	kthread_start(t);
	return t;
}

static void hang(void *arg)
{
	int cpu = this_cpu_id();
	unsigned long flags = 0;

	(void)arg;
	sleep_ms(500);                     /* let the demo and the CPUs settle */
	preempt_disable();
	pinned_thread("hangmate", hang_mate, cpu);   /* it waits for us */
	printk("nickel: crash=hang: cpu %d spins %u ms with %s off\n", cpu, HANG_MS,
	       cpu ? "interrupts" : "preemption");
	if (cpu)                           /* CPU 0 keeps jiffies: irqs stay on */
		flags = irq_save();
	crash_hang_spin(HANG_MS);
	if (cpu)
		irq_restore(flags);
	preempt_enable();
	printk("nickel: crash=hang: cpu %d let go\n", cpu);
	task_exit(0);
}

/* crash=hang0: CPU 0, the timekeeper, spins with interrupts off: jiffies
 * stop, so the time is counted with udelay (the TSC). */
__attribute__((noinline)) void crash_hang_timekeeper(uint32_t ms)
{
	unsigned long flags = irq_save();

	while (ms--)
		udelay(1000);
	irq_restore(flags);
}

static void hang0(void *arg)
{
	(void)arg;
	sleep_ms(500);
	printk("nickel: crash=hang0: cpu 0 spins %u ms with interrupts off\n", HANG_MS);
	crash_hang_timekeeper(HANG_MS);
	printk("nickel: crash=hang0: cpu 0 let go\n");
	task_exit(0);
}

static void late(void *arg)
{
	(void)arg;
	sleep_ms(300);
	panic("crash=late on cpu %d, every cpu online", this_cpu_id());
}

/* The top of the address space: never mapped (above every ioremap window). */
#define UNMAPPED_STACK 0xFFFFF000u

__attribute__((noinline)) void crash_push_on_unmapped_stack(void)
{
	__asm__ volatile("mov %0, %%esp\n\t"
			 "push $0x0df0df"            /* page fault, then double fault */
			 : : "r"(UNMAPPED_STACK) : "memory");
}

static void double_fault(void *arg)
{
	(void)arg;
	sleep_ms(300);
	printk("nickel: crash=df: cpu %d pushes onto unmapped esp %08x\n",
	       this_cpu_id(), UNMAPPED_STACK);
	crash_push_on_unmapped_stack();
	panic("crash=df: the push did not fault");
}

/* 256 bytes a level, and work after the call: no tail call, no loop.
 * The limit (never reached: 64 levels fill a stack) keeps gcc quiet. */
static volatile int recurse_limit = 1 << 30;

__attribute__((noinline)) int crash_recurse(int depth)
{
	volatile char frame[256];

	frame[0] = (char)depth;
	if (depth >= recurse_limit)
		return 0;
	return crash_recurse(depth + 1) + frame[0];
}

static void stack_overflow(void *arg)
{
	(void)arg;
	sleep_ms(300);
	printk("nickel: crash=kstack: cpu %d recurses until its kernel stack overflows\n",
	       this_cpu_id());
	crash_recurse(0);
	panic("crash=kstack: the recursion returned");
}

static void run_on_freed_page_directory(void *arg)
{
	uint32_t *pd = pgdir_create();

	(void)arg;
	if (!pd) {
		printk("nickel: crash=cr3: no memory for a page directory\n");
		task_exit(0);
	}
	preempt_disable();                 /* stay on it: no switch_address_space */
	pgdir_destroy(pd);
	pgdir_activate(pd);                /* the bug: pd is free */
	printk("nickel: crash=cr3: cpu %d runs on freed page directory 0x%x\n",
	       this_cpu_id(), virt_to_phys(pd));
	crash_hang_spin(1500);
	pgdir_activate(boot_page_dir);
	preempt_enable();
	printk("nickel: crash=cr3: back on the kernel's page directory\n");
	task_exit(0);
}

/* The nanosleep bookkeeping of a 10 ms sleep, then a timer 2 s away. */
static void oversleep(void *arg)
{
	(void)arg;
	current->nanosleep_due = jiffies + 10;
	current->nanosleep_end_us = time_us() + 10000;
	current->in_nanosleep = 1;
	sleep_ms(2000);                    /* the bug: the wrong deadline */
	current->in_nanosleep = 0;
	printk("nickel: crash=sleep: woke after 2 s\n");
	task_exit(0);
}

static void reference_a_free_page(void)
{
	uint32_t pa = pmm_alloc();

	if (!pa)
		return;
	pmm_free(pa);
	pmm_ref(pa);                       /* the bug: pa is free */
	printk("nickel: crash=pages: took a reference to free page 0x%x\n", pa);
}

/* From kinit: the triggers that need a running system. */
void crash_late_start(const char *how)
{
	if (!strcmp(how, "pages"))
		reference_a_free_page();
	else if (!strcmp(how, "hang"))
		pinned_thread("hang", hang, ncpus - 1);
	else if (!strcmp(how, "hang0"))
		pinned_thread("hang0", hang0, 0);
	else if (!strcmp(how, "late"))
		pinned_thread("late", late, ncpus - 1);
	else if (!strcmp(how, "df"))
		pinned_thread("df", double_fault, ncpus - 1);
	else if (!strcmp(how, "cr3"))
		pinned_thread("cr3", run_on_freed_page_directory, ncpus - 1);
	else if (!strcmp(how, "kstack"))
		pinned_thread("kstack", stack_overflow, ncpus - 1);
	else if (!strcmp(how, "sleep"))
		pinned_thread("sleep", oversleep, ncpus - 1);
}
