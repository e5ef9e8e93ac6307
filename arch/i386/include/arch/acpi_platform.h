/*
 * acpi_platform.h - the machine as the ACPI FADT describes it
 * (acpi_platform.c): read once at boot, then used for the PM timer
 * (pmtimer.c), power-off and reboot (acpi_power.c) and the keyboard (kbd.c).
 */
#ifndef ARCH_ACPI_PLATFORM_H
#define ARCH_ACPI_PLATFORM_H
#include "arch/fw_tables.h"

extern struct acpi_fadt acpi_fadt;     /* valid when acpi_fadt_found */
extern int acpi_fadt_found;

void acpi_platform_init(fw_map_fn map); /* smp_detect, before the APIC timer */

/* 0: no i8042 per the FADT boot flags; 1: one may exist (not said, or said). */
int acpi_says_8042(void);

const char *acpi_space_name(uint8_t space);   /* a generic address's space */

int  acpi_power_off(void);              /* ACPI S5; returns only if it failed */
void machine_reboot(void) __attribute__((noreturn));
#endif
