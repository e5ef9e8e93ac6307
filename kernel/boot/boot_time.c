/*
 * boot_time.c - the boot line: from the kernel's first instruction
 * (boot/entry.asm takes the TSC at _start) to init's first ring-3
 * instruction (the TSC just before pid 1's first iret), split into the
 * clock calibrations, the start of the other CPUs, and the rest:
 *
 *   nickel: boot: first kernel instruction to init took T us (tsc):
 *   calibration C us, APs A us, rest R us; before the kernel F us (tsc since reset)
 *
 * C + A + R = T exactly (the parts are rounded down, the rest takes the
 * remainder).  F is the TSC at _start: the CPU's TSC starts at 0 at reset,
 * so it is the firmware's and the boot loader's time.  The host's wall
 * clock from QEMU's start to this line is tools/boot-time's.
 */
#include "boot/boot_time.h"
#include "arch/timer.h"
#include "arch/cpu.h"
#include "console/printk.h"

static uint32_t cycles_to_us(uint64_t cycles)
{
	uint32_t khz = tsc_khz();

	return khz ? (uint32_t)(cycles * 1000 / khz) : 0;
}

void boot_time_init_enters_user(void)
{
	static int reported;
	uint64_t now = rdtsc();
	uint32_t total, calib, aps;

	if (reported)
		return;
	reported = 1;
	total = cycles_to_us(now - boot_tsc_entry);
	calib = cycles_to_us(boot_calibration_cycles);
	aps = cycles_to_us(boot_ap_cycles);
	printk("nickel: boot: first kernel instruction to init took %u us (tsc): "
	       "calibration %u us, APs %u us, rest %u us; before the kernel %u us "
	       "(tsc since reset)\n", total, calib, aps, total - calib - aps,
	       cycles_to_us(boot_tsc_entry));
}
