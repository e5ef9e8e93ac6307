/* ioapic.h - the I/O APIC: ISA IRQs to the boot CPU's LAPIC (ioapic.c). */
#ifndef ARCH_IOAPIC_H
#define ARCH_IOAPIC_H
#include <stdint.h>
struct fw_config;
/* Take over IRQs 0..15 from the PIC; 0, or -1 (PIC stays) with a message. */
int ioapic_init(const struct fw_config *cfg, uint32_t boot_apic_id);
#endif
