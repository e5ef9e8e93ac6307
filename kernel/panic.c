/*
 * panic.c - when the kernel itself is broken: print what happened (the
 * exception, its error code, the registers, CR2, a backtrace with function
 * names), stop the other CPUs and power off with a failure status.
 * Faults of ring-3 programs never come here: they kill only that task.
 */
#include "panic.h"
#include "proc/proc.h"
#include "console/printk.h"
#include "power.h"
#include "arch/trap.h"
#include "arch/cpu.h"
#include "diag/ksyms.h"
#include "arch/paging.h"
#include "arch/smp.h"
#include "arch/thread_info.h"
#include "diag/statdump.h"

static volatile int panicking;

static int kernel_text(uint32_t a)
{
	extern char __kernel_start[], __text_end[];
	return a >= (uint32_t)__kernel_start && a < (uint32_t)__text_end;
}

static void print_address(uint32_t eip)
{
	uint32_t off = 0;
	const char *name = ksym_lookup(eip, &off);

	if (name)
		printk("  [<%08x>] %s+0x%x\n", eip, name, off);
	else
		printk("  [<%08x>] ?\n", eip);
}

/*
 * Walk the frame-pointer chain: [ebp] = caller's ebp, [ebp+4] = return.
 * Every frame must lie in [lo, hi) and be mapped: a panic may come from a
 * broken stack, and a fault here would end the report.
 */
void backtrace_within(uint32_t ebp, uint32_t eip, uint32_t lo, uint32_t hi)
{
	int depth = 0;

	printk("backtrace:\n");
	print_address(eip);
	while (ebp >= lo && ebp < hi - 8 && (ebp & 3) == 0 && depth++ < 24 &&
	       kernel_page_mapped(ebp) && kernel_page_mapped(ebp + 4)) {
		uint32_t ret = ((uint32_t *)ebp)[1];
		if (!kernel_text(ret))
			break;
		print_address(ret - 1);        /* inside the call instruction */
		ebp = ((uint32_t *)ebp)[0];
	}
}

void backtrace_from(uint32_t ebp, uint32_t eip)
{
	backtrace_within(ebp, eip, KERNEL_BASE, 0xFFFFFFFFu);
}

/* Only the first CPU to panic prints; the others stop. */
void panic_stop_others(void)
{
	cli();
	if (__sync_lock_test_and_set(&panicking, 1))
		for (;;)
			hlt();
	stat_dump_close_for_panic(500);   /* another CPU's dump ends whole */
	console_panicking = 1;
	smp_stop_others();
}

/* The end of every panic: who stopped, then power off with status 1. */
void panic_finish(void)
{
	smp_report_stopped();
	power_off(EXIT_PANIC);
}

void panic(const char *fmt, ...)
{
	va_list ap;

	panic_stop_others();
	printk("\nnickel: PANIC on cpu %d: ", this_cpu_id());
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
	backtrace_from(read_ebp(), (uint32_t)__builtin_return_address(0));
	panic_finish();
}

void panic_trap(struct trap_frame *f)
{
	panic_stop_others();
	printk("\nnickel: PANIC on cpu %d: %s (vector %u) error=0x%x\n",
	       this_cpu_id(), trap_name(f->vector), f->vector, f->error);
	printk("eip=%08x cs=%04x eflags=%08x cr2=%08x cr3=%08x\n",
	       f->eip, f->cs, f->eflags, read_cr2(), read_cr3());
	printk("eax=%08x ebx=%08x ecx=%08x edx=%08x\n", f->eax, f->ebx, f->ecx, f->edx);
	printk("esi=%08x edi=%08x ebp=%08x esp=%08x\n", f->esi, f->edi, f->ebp,
	       (uint32_t)&f->user_esp);
	backtrace_from(f->ebp, f->eip);
	panic_finish();
}

/* Default for an exception nobody claimed: a ring-3 task is killed
 * (user_fault, kernel/proc/proc.c), the kernel panics. */
void exception_unhandled(struct trap_frame *f)
{
	if (trap_from_user(f) && user_fault(f))
		return;
	panic_trap(f);
}
