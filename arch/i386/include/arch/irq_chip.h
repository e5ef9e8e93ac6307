/*
 * irq_chip.h - who delivers the legacy IRQ lines 0..15 (vectors 32..47):
 * the 8259 PIC pair at boot, the IOAPIC once ioapic.c takes over.  idt.c
 * calls the current chip to unmask a line (irq_install) and to acknowledge
 * it after its handler ran.
 */
#ifndef ARCH_IRQ_CHIP_H
#define ARCH_IRQ_CHIP_H

struct irq_chip {
	const char *name;
	void (*unmask)(int irq);
	void (*eoi)(int irq);
};

extern const struct irq_chip pic_chip;        /* pic.c */
extern const struct irq_chip ioapic_chip;     /* ioapic.c */

/* Switch chips; lines already installed are unmasked on the new one.
 * Boot CPU, interrupts off, before the old chip is masked. */
void irq_set_chip(const struct irq_chip *chip);
#endif
