/*
 * double_fault.c - make a double fault visible instead of a silent reset.
 *
 * A double fault is an exception raised while the CPU delivers another one.
 * The usual cause is a stack that is gone (a kernel stack overflow into its
 * guard page, esp pointing at unmapped memory): the first fault cannot push
 * its frame, and an ordinary interrupt gate for vector 8 would push onto
 * the same stack again, which is a triple fault: QEMU resets, nothing is
 * printed.  So vector 8 is a task gate (idt.c): the CPU saves the old
 * registers in the CPU's TSS and loads a second TSS, with
 *   - its own 16 KiB stack (thread_info at the bottom, so this_cpu_id()
 *     and printk work there),
 *   - the kernel's page directory as CR3 (the old one may be freed),
 *   - eip = double_fault_entry (isr.asm), interrupts off.
 * The report reads the old state from the CPU's TSS (cr3 from the copy
 * write_cr3 keeps there: a task switch does not save it), names the task
 * the CPU was running, prints a backtrace when the old frame pointer lies
 * in that task's stack, and ends in the normal panic path.
 * Per CPU: set up at boot (BSP, kmain) or by the AP itself (ap_entry);
 * the TSS, once set up, is only read and written by the CPU itself.
 */
#include "arch/percpu.h"
#include "arch/paging.h"
#include "mm/kstack.h"
#include "arch/cpu.h"
#include "proc/task.h"
#include "panic.h"
#include "console/printk.h"
#include "lib/string.h"
#include "arch/thread_info.h"
#include "arch/trap.h"

#define EFLAGS_RESERVED 0x2            /* bit 1 is always set */

/* 128-byte slots: a TSS never straddles a page. */
static struct { struct tss tss; } __attribute__((aligned(128))) df_task[NR_CPUS_MAX];

void double_fault_init_cpu(struct cpu *c)
{
	struct thread_info *ti = kstack_alloc();
	struct tss *t = &df_task[c->id].tss;

	if (!ti) {
		printk("nickel: cpu %d: no memory for the double-fault stack\n", c->id);
		return;
	}
	ti->task = 0;
	ti->cpu = c->id;
	ti->preempt_count = HARDIRQ_ONE;   /* never preempted, never schedules */
	memset(t, 0, sizeof(*t));
	t->eip = (uint32_t)double_fault_entry;
	t->esp = t->esp0 = (uint32_t)ti + KSTACK_SIZE;
	t->cr3 = virt_to_phys(boot_page_dir);
	t->eflags = EFLAGS_RESERVED;       /* interrupts off */
	t->cs = SEL_KCODE;
	t->ss = t->ss0 = t->ds = t->es = t->fs = t->gs = SEL_KDATA;
	t->iomap_base = sizeof(*t);
	gdt_set_df_tss(c, t);
}

static int mapped_range(const void *p, uint32_t size)
{
	return kernel_page_mapped((uint32_t)p) &&
	       kernel_page_mapped((uint32_t)p + size - 1);
}

/* The task the scheduler says was running here, if it can be read. */
static struct task *faulting_task(int cpu)
{
	struct sched_task *se = sched_curr(cpu);
	struct task *t;

	if (!se || !mapped_range(se, sizeof(struct task)))
		return 0;
	t = task_of(se);
	return mapped_range(t, sizeof(*t)) ? t : 0;
}

/* Its name as printable text (the memory may be garbage by now). */
static void task_name(const struct task *t, char *out, unsigned n)
{
	unsigned i;

	for (i = 0; i + 1 < n && i < sizeof(t->se.comm) && t->se.comm[i]; i++)
		out[i] = (t->se.comm[i] > ' ' && t->se.comm[i] < 127) ? t->se.comm[i] : '_';
	out[i] = 0;
}

static const char *where_esp_is(uint32_t esp, uint32_t lo, uint32_t hi)
{
	if (esp > lo && esp <= hi)
		return "esp inside it";
	if (esp <= lo && esp > lo - PAGE_SIZE)
		return "esp in the guard page below it: kernel stack overflow";
	return "esp outside it";
}

/* The task, its stack, and a backtrace when the old frames are there. */
static void report_task(int cpu, const struct tss *old)
{
	struct task *t = faulting_task(cpu);
	uint32_t lo, hi;
	char name[16];

	if (!t || !mapped_range(t->ti, sizeof(*t->ti))) {
		printk("nickel: running task unknown (run queue curr %08x unreadable)\n",
		       (uint32_t)sched_curr(cpu));
		return;
	}
	current_thread_info()->task = t;
	task_name(t, name, sizeof(name));
	lo = (uint32_t)t->ti;
	hi = lo + KSTACK_SIZE;
	if ((old->cs & 3) == 3) {
		printk("nickel: running %s (pid %d) in ring 3, kernel stack %08x..%08x%s\n",
		       name, t->se.pid, lo, hi, old->esp0 == hi ? "" : " (esp0 is not its top)");
		return;
	}
	printk("nickel: running %s (pid %d), kernel stack %08x..%08x: %s\n",
	       name, t->se.pid, lo, hi, where_esp_is(old->esp, lo, hi));
	if (old->ebp >= lo && old->ebp < hi)
		backtrace_within(old->ebp, old->eip, lo, hi);
	else
		printk("nickel: no backtrace: ebp %08x is not in that stack\n", old->ebp);
}

/* The double-fault task's body (double_fault_entry), interrupts off. */
void __attribute__((noreturn, used)) double_fault_report(void)
{
	int cpu = this_cpu_id();
	const struct tss *old = &cpus[cpu].tss;

	panic_stop_others();
	printk("\nnickel: DOUBLE FAULT on cpu %d\n", cpu);
	printk("nickel: previous task state: eip=%08x esp=%08x ebp=%08x eflags=%08x "
	       "cs=%04x ss=%04x\n", old->eip, old->esp, old->ebp, old->eflags,
	       old->cs & 0xFFFF, old->ss & 0xFFFF);
	printk("nickel: cr2=%08x cr3=%08x esp0=%08x\n", read_cr2(), old->cr3, old->esp0);
	report_task(cpu, old);
	printk("nickel: PANIC on cpu %d: double fault\n", cpu);
	panic_finish();
}
