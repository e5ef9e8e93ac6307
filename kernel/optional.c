/*
 * optional.c - what the kernel does without one of its optional rooms.
 *
 * A lab's student tree (tools/handout, labs/README.md) leaves out the rooms
 * the lab does not need: USB keyboards, IPC, kcov, the self-tests, the live
 * panel, check=1's self-checks, the demos other than hogs and nice, what
 * only a real PC needs (multiboot2, the UEFI screen, ACPI power off and
 * reset, the MP table).  The rest of the kernel reaches each of them
 * through the few entry points below, declared in the room's header,
 * which stays.  Each is
 * defined here weak: when the room is built in, its own definition
 * replaces this one at link time; when it is not, the kernel boots without
 * it and says so if asked for it.
 */
#include "console/printk.h"
#include "panic.h"
#include "usb/usb.h"
#include "ipc/ipc.h"
#include "kcov/kcov.h"
#include "selftest/selftest.h"
#include "selftest/crash.h"
#include "selftest/bench.h"
#include "diag/panel.h"
#include "diag/check.h"
#include "demo/demo.h"
#include "proc/syscall.h"
#include "console/fbcon.h"
#include "power.h"
#include "boot/cmdline.h"
#include "arch/acpi_platform.h"
#include "arch/fw_tables.h"

#define OPTIONAL __attribute__((weak))

/* kernel/usb: no USB keyboard, only the serial line and PS/2. */
OPTIONAL int usb_keyboards_init(void (*on_char)(char c))
{
	return 0;
}

OPTIONAL void usb_poll(void)
{
}

/* kernel/boot/mb2.c: a multiboot1 loader only (QEMU's -kernel, make run);
 * a multiboot2 loader's hand-over is refused aloud and nickel boots
 * without it. */
OPTIONAL int mb2_parse(const uint8_t *info, uint32_t avail, struct mb2_info *out,
		       void (*report)(const char *msg))
{
	report("multiboot2: kernel/boot/mb2.c is not in this tree");
	return -1;
}

/* kernel/console/fbcon.c: the VGA text screen and the serial line only. */
OPTIONAL int fbcon_init(const struct boot_fb *fb, void *pixels)
{
	return -1;
}

OPTIONAL void fbcon_putc(char c)
{
}

OPTIONAL void fbcon_size(unsigned *cols, unsigned *rows)
{
	*cols = *rows = 0;
}

OPTIONAL struct text_screen *fbcon_text_screen(void)
{
	return 0;
}

/* arch/i386/acpi_power.c: no ACPI S5 nor reset; QEMU's exit port ends a
 * run (kernel/power.c), and reboot=1 is refused aloud: the run powers off. */
OPTIONAL int acpi_power_off(void)
{
	return -1;
}

OPTIONAL void machine_reboot(void)
{
	printk("nickel: reboot=1: arch/i386/acpi_power.c is not in this tree\n");
	boot_args.reboot = 0;
	power_off(EXIT_HEALTHY);
}

/* arch/i386/mptable.c: firmware without ACPI (QEMU's -no-acpi, old PCs)
 * runs on the boot CPU alone (smp_detect.c says so with this reason). */
OPTIONAL int mptable_parse(fw_map_fn map, void *ctx, struct fw_config *cfg,
			   const char **why)
{
	*why = "arch/i386/mptable.c is not in this tree";
	return -1;
}

/* kernel/ipc: no endpoint exists, so a dying task has no caller to fail;
 * the IPC system calls stay unregistered (-ENOSYS). */
OPTIONAL void ipc_task_exit(struct task *t)
{
}

OPTIONAL void sys_ipc_init(void)
{
}

/* kernel/kcov: kcov=all needs the coverage kernel anyway (make kcov). */
OPTIONAL void kcov_all_boot(void)
{
}

/* kernel/selftest: crash=, selftest=1 and bench=1 are refused aloud. */
OPTIONAL void crash_on_purpose(const char *how)
{
	if (how && how[0])
		printk("nickel: crash=%s: kernel/selftest is not in this tree\n", how);
}

OPTIONAL void crash_late_start(const char *how)
{
}

OPTIONAL void selftest_wait(void)
{
	printk("nickel: selftest=1: kernel/selftest is not in this tree\n");
}

OPTIONAL void selftest_refs(void)
{
}

OPTIONAL void bench_scheduler(void)
{
	panic("bench=1: kernel/selftest is not in this tree");
}

/* kernel/diag/panel.c: the `v` key. */
OPTIONAL void panel_toggle(void)
{
	printk("nickel: no live panel in this tree (kernel/diag/panel.c)\n");
}

/* kernel/diag/check.c: check=1 keeps the watchdog, without the self-checks. */
OPTIONAL void selfcheck_tick(int cpu)
{
	static int said;

	if (cpu == 0 && !said++)
		printk("nickel: check=1: no self-checks in this tree (kernel/diag/check.c)\n");
}

/* kernel/demo: a demo whose file (and programs) stayed out runs none. */
static void demo_absent(const char *name)
{
	printk("nickel: demo=%s is not in this tree; running none\n", name);
}

OPTIONAL void demo_fuzz_start(void)
{
	demo_absent("fuzz");
}

OPTIONAL void demo_storm_start(void)
{
	demo_absent("storm");
}

OPTIONAL void demo_lab_start(const char *demo)
{
	demo_absent(demo);
}

OPTIONAL void demo_abuse_start(void)
{
	demo_absent("abuse");
}
