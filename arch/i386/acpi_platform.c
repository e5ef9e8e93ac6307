/*
 * acpi_platform.c - read the FADT once (acpi_fadt.c does the parsing) and
 * say on the console what the machine offers: the ACPI PM timer, the PM1
 * control blocks with the \_S5 values (power off), the reset register, the
 * 8042 boot flag.  Firmware without a usable FADT gets one line and the
 * legacy paths (the PIT, QEMU's ports, 0xCF9, the keyboard controller).
 * Written by the boot CPU in smp_detect, read-only afterwards.
 */
#include "arch/acpi_platform.h"
#include "console/printk.h"

struct acpi_fadt acpi_fadt;
int acpi_fadt_found;

const char *acpi_space_name(uint8_t space)
{
	static const char *const name[] = { "memory", "I/O", "PCI config" };

	return space < 3 ? name[space] : "?";
}

void acpi_platform_init(fw_map_fn map)
{
	const struct acpi_fadt *f = &acpi_fadt;
	const char *why = "";

	if (acpi_fadt_parse(map, 0, &acpi_fadt, &why) != 0) {
		printk("nickel: acpi: no FADT (%s): no PM timer, no ACPI power-off\n", why);
		return;
	}
	acpi_fadt_found = 1;
	printk("nickel: acpi: FADT rev %d: PM timer 0x%x (%d-bit), PM1a 0x%x, PM1b 0x%x, "
	       "8042 %s\n", f->revision, f->pm_tmr_port, f->pm_tmr_32bit ? 32 : 24,
	       f->pm1a_cnt, f->pm1b_cnt,
	       !f->boot_arch_valid ? "not said" :
	       f->boot_arch & ACPI_BOOT_ARCH_8042 ? "yes" : "no");
	if (f->s5_found)
		printk("nickel: acpi: \\_S5 SLP_TYP a=%u b=%u", f->slp_typa, f->slp_typb);
	else
		printk("nickel: acpi: no S5 power-off: %s", f->s5_problem);
	if (f->reset_supported)
		printk("; reset register %s 0x%x <- 0x%x\n", acpi_space_name(f->reset_space),
		       f->reset_addr, f->reset_value);
	else
		printk("; no reset register\n");
}

int acpi_says_8042(void)
{
	return !acpi_fadt_found || !acpi_fadt.boot_arch_valid ||
	       (acpi_fadt.boot_arch & ACPI_BOOT_ARCH_8042);
}
