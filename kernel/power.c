/*
 * power.c - power off.  Under QEMU the isa-debug-exit device (port 0xF4,
 * added by tools/nickel-qemu) ends QEMU with status (v << 1) | 1, which the
 * wrapper maps back: v = 0 -> exit 0 (healthy), v = 1 -> exit 1 (panic).
 * Without it we try QEMU's and Bochs' ACPI shutdown ports, then halt.
 */
#include "power.h"
#include "printk.h"
#include "io.h"
#include "cpu.h"

#define DEBUG_EXIT_PORT 0xF4

void power_off(int status)
{
	cli();
	printk("nickel: power off (status=%d)\n", status);
	outl(DEBUG_EXIT_PORT, (uint32_t)status);
	outw(0x604, 0x2000);             /* QEMU pc/q35 ACPI PM1a: S5 */
	outw(0xB004, 0x2000);            /* Bochs and old QEMU */
	printk("nickel: it is now safe to turn off the computer\n");
	for (;;)
		hlt();
}
