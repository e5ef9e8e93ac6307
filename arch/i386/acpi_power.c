/*
 * acpi_power.c - switch a real PC off, or restart it.
 *
 * Off (ACPI spec, "Sleeping and Soft-off States"): write SLP_TYP (the \_S5
 * value the DSDT gives, bits 12..10) with SLP_EN (bit 13) into PM1a's
 * control register, and PM1b's when the machine has one.  The chipset must
 * be in ACPI mode (SCI_EN, bit 0): firmware that hands over in legacy mode
 * is switched by writing ACPI_ENABLE to the SMI command port.
 *
 * Restart, each tried in turn, best first:
 *   1. the FADT's reset register (ACPI 2.0+, RESET_REG_SUP): I/O, memory,
 *      or PCI configuration space of bus 0;
 *   2. port 0xCF9, the PCI reset control register of Intel chipsets:
 *      "full reset" (bit 1) and then "reset CPU" (bit 2);
 *   3. the keyboard controller's pulse-reset command (0xFE to port 0x64);
 *   4. a triple fault (an empty IDT, then an interrupt).
 * Called with interrupts off, on one CPU (power_off, a panic's end).
 */
#include "arch/acpi_platform.h"
#include "arch/paging.h"
#include "arch/timer.h"
#include "arch/io.h"
#include "arch/cpu.h"
#include "console/printk.h"

#define PM1_SCI_EN    0x0001
#define PM1_SLP_TYP   0x1C00
#define PM1_SLP_EN    0x2000
#define SLP_TYP_SHIFT 10

/* Switch the chipset to ACPI mode if the firmware left it in legacy mode. */
static void acpi_mode_on(const struct acpi_fadt *f)
{
	int ms;

	if ((inw(f->pm1a_cnt) & PM1_SCI_EN) || !f->smi_cmd || !f->acpi_enable)
		return;
	outb(f->smi_cmd, f->acpi_enable);
	for (ms = 0; ms < 300 && !(inw(f->pm1a_cnt) & PM1_SCI_EN); ms++)
		mdelay(1);
}

static void sleep_type(uint16_t port, uint8_t typ)
{
	uint16_t v = inw(port) & (uint16_t)~(PM1_SLP_TYP | PM1_SLP_EN);

	outw(port, v | (uint16_t)(typ << SLP_TYP_SHIFT) | PM1_SLP_EN);
}

int acpi_power_off(void)
{
	const struct acpi_fadt *f = &acpi_fadt;

	if (!acpi_fadt_found || !f->s5_found || !f->pm1a_cnt)
		return -1;
	acpi_mode_on(f);
	sleep_type(f->pm1a_cnt, f->slp_typa);
	if (f->pm1b_cnt)
		sleep_type(f->pm1b_cnt, f->slp_typb);
	mdelay(100);                           /* the power goes now, or never */
	return -1;
}

/* The FADT's reset register.  A PCI one is on bus 0: function in address
 * bits 31..16, register in 15..0; the device number sits in bits 47..32,
 * which acpi_fadt.c requires to be 0, so only device 0 is reached. */
static void reset_register(const struct acpi_fadt *f)
{
	volatile uint8_t *mem;

	if (!acpi_fadt_found || !f->reset_supported)
		return;
	printk("nickel: reboot through the ACPI reset register (%s 0x%x <- 0x%x)\n",
	       acpi_space_name(f->reset_space), f->reset_addr, f->reset_value);
	if (f->reset_space == 1) {
		outb((uint16_t)f->reset_addr, f->reset_value);
	} else if (f->reset_space == 0 && (mem = ioremap(f->reset_addr, 1)) != 0) {
		*mem = f->reset_value;
	} else if (f->reset_space == 2) {
		outl(0xCF8, 0x80000000u | (f->reset_addr & 0xFFFF0000u) >> 8 |
			    (f->reset_addr & 0xFC));
		outb((uint16_t)(0xCFC + (f->reset_addr & 3)), f->reset_value);
	}
	mdelay(50);
}

static void keyboard_controller_reset(void)
{
	int i;

	for (i = 0; i < 1000 && (inb(0x64) & 0x02); i++)   /* input buffer full */
		udelay(10);
	outb(0x64, 0xFE);
	mdelay(50);
}

void machine_reboot(void)
{
	static const struct { uint16_t limit; uint32_t base; } __attribute__((packed))
		no_idt = { 0, 0 };

	cli();
	reset_register(&acpi_fadt);
	printk("nickel: reboot through port 0xCF9\n");
	outb(0xCF9, 0x02);
	udelay(50);
	outb(0xCF9, 0x06);
	mdelay(50);
	printk("nickel: reboot through the keyboard controller\n");
	keyboard_controller_reset();
	printk("nickel: reboot by a triple fault\n");
	__asm__ volatile("lidt %0; int3" : : "m"(no_idt));
	for (;;)
		hlt();
}
