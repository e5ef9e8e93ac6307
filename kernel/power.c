/*
 * power.c - power off.  Under QEMU the isa-debug-exit device (port 0xF4,
 * added by tools/nickel-qemu) ends QEMU with status (v << 1) | 1, which the
 * wrapper maps back: v = 0x10 + status, so QEMU exits 33 (healthy, mapped to
 * 0) or 35 (panic, mapped to 1); QEMU's own errors (exit 1) stay distinct.
 * Without it (a real PC, Bochs): ACPI S5 as the FADT and the DSDT's \_S5
 * describe it (arch/i386/acpi_power.c); with no usable FADT, the ports
 * where QEMU's and Bochs' ACPI blocks live; then halt.  With reboot=1 a
 * healthy end restarts the machine instead (machine_reboot).  Every end,
 * healthy or a panic, first prints the coverage kernel's PC map under
 * kcov=all (kernel/kcov/kcov_all.c).
 */
#include "power.h"
#include "console/printk.h"
#include "arch/io.h"
#include "arch/cpu.h"
#include "arch/acpi_platform.h"
#include "arch/console_hw.h"
#include "boot/cmdline.h"
#include "kcov/kcov.h"

#define DEBUG_EXIT_PORT 0xF4
#define DEBUG_EXIT_BASE 0x10

void power_off(int status)
{
	cli();
	kcov_all_dump();                /* kcov=all, the coverage kernel only */
	if (status == EXIT_HEALTHY && boot_args.reboot) {
		uart_drain();
		machine_reboot();
	}
	printk("nickel: power off (status=%d)\n", status);
	outl(DEBUG_EXIT_PORT, DEBUG_EXIT_BASE + (uint32_t)status);
	if (acpi_fadt_found && acpi_fadt.s5_found) {
		printk("nickel: power off through ACPI S5 (PM1a 0x%x, SLP_TYP %u)\n",
		       acpi_fadt.pm1a_cnt, acpi_fadt.slp_typa);
		uart_drain();           /* the line above, whole, before the power goes */
		acpi_power_off();
		printk("nickel: ACPI S5 did not switch the machine off\n");
	} else {
		uart_drain();
		outw(0x604, 0x2000);         /* QEMU pc/q35 ACPI PM1a: S5 */
		outw(0xB004, 0x2000);        /* Bochs and old QEMU */
	}
	printk("nickel: it is now safe to turn off the computer\n");
	for (;;)
		hlt();
}
