/*
 * main.c - kmain: from the boot loader's hand-over to a running system.
 * Each step is one call; the order matters and is explained where it does.
 */
#include "boot/boot_info.h"
#include "boot/cmdline.h"
#include "console/printk.h"
#include "panic.h"
#include "power.h"
#include "arch/paging.h"
#include "mm/pmm.h"
#include "mm/heap.h"
#include "arch/percpu.h"
#include "arch/trap.h"
#include "arch/pic.h"
#include "arch/timer.h"
#include "arch/cpu.h"
#include "arch/thread_info.h"
#include "lib/string.h"
#include "lib/version.h"
#include "arch/smp.h"
#include "boot/module.h"
#include "mm/kstack.h"
#include "boot/boot_mem.h"
#include "on_request.h"
#include "run.h"
#include "kcov/kcov.h"

static char cmdline_copy[1024];

static void report_to_console(const char *msg)
{
	printk("%s", msg);
}

/* The boot stack becomes CPU 0's idle thread: give it a thread_info. */
static void init_boot_thread_info(void)
{
	struct thread_info *ti = current_thread_info();

	ti->task = 0;
	ti->cpu = 0;
	ti->preempt_count = 0;
}

static void parse_command_line(const struct multiboot_info *mb)
{
	boot_args_defaults(&boot_args);
	if (mb->flags & MB_INFO_CMDLINE)
		strncpy(cmdline_copy, phys_to_virt(mb->cmdline), sizeof(cmdline_copy) - 1);
	cmdline_parse(&boot_args, cmdline_copy, report_to_console);
}

static void run_self_tests(void)
{
	struct heap_stats hs;
	void *p = kmalloc(100000), *q = kmalloc(16);

	if (pmm_self_test() != 0)
		panic("page allocator self-test failed");
	kfree(p);
	kfree(q);
	heap_get_stats(&hs);
	if (!p || !q || heap_check() != 0 || hs.used_bytes != 0)
		panic("heap self-test failed");
	printk("nickel: heap self-test passed: arena %u KiB\n",
	       (unsigned)(hs.arena_bytes / 1024));
}

void kmain(uint32_t magic, uint32_t mb_phys)
{
	const struct multiboot_info *mb;

	init_boot_thread_info();
	mb = boot_info_read(magic, mb_phys);   /* first: it says where the screen is */
	console_init(boot_info_screen());
	gdt_init_cpu(&cpus[0]);
	idt_init();
	pic_init();
	if (!mb)
		panic("not started by a multiboot loader (magic 0x%x)", magic);
	boot_info_report();
	parse_command_line(mb);
	kcov_all_boot();               /* kcov=all: the coverage kernel's map */
	if (!strcmp(boot_args.mmap, "ignore"))   /* test the mem_lower/upper path */
		((struct multiboot_info *)mb)->flags &= ~MB_INFO_MMAP;
	tsc_calibrate();
	boot_mem_init(mb);
	kstack_init();                 /* guard pages: before any other stack */
	kstack_guard_boot_stack();
	double_fault_init_cpu(&cpus[0]);   /* needs the page allocator */
	smp_detect();                  /* ncpus, APICs: before the banner */
	modules_init(mb);
	printk("nickel %s (policy=%s, cpus=%d, mem=%u MiB)\n", NICKEL_VERSION,
	       boot_args.policy, ncpus, boot_mem_mib(mb));
	if (boot_args.selftest)
		run_self_tests();
	on_request.crash_at_boot(boot_args.crash);
	pit_init();
	kernel_run();
}
