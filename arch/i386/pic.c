/*
 * pic.c - the 8259A pair.  After reset the master PIC delivers IRQs 0..7 on
 * vectors 8..15, on top of the CPU exceptions, so we move both to 32..47.
 */
#include "arch/pic.h"
#include "arch/io.h"
#include "arch/trap.h"
#include "arch/irq_chip.h"

#define PIC1_CMD  0x20
#define PIC1_DATA 0x21
#define PIC2_CMD  0xA0
#define PIC2_DATA 0xA1
#define ICW1_INIT_ICW4 0x11
#define ICW4_8086 0x01
#define PIC_EOI   0x20

static uint16_t mask = 0xFFFF & ~(1 << 2);   /* line 2 = cascade, always on */

static void write_mask(void)
{
	outb(PIC1_DATA, mask & 0xFF);
	outb(PIC2_DATA, mask >> 8);
}

void pic_init(void)
{
	outb(PIC1_CMD, ICW1_INIT_ICW4); io_wait();
	outb(PIC2_CMD, ICW1_INIT_ICW4); io_wait();
	outb(PIC1_DATA, IRQ_BASE);      io_wait();   /* ICW2: vector offset */
	outb(PIC2_DATA, IRQ_BASE + 8);  io_wait();
	outb(PIC1_DATA, 1 << 2);        io_wait();   /* ICW3: slave on line 2 */
	outb(PIC2_DATA, 2);             io_wait();
	outb(PIC1_DATA, ICW4_8086);     io_wait();
	outb(PIC2_DATA, ICW4_8086);     io_wait();
	write_mask();
}

void pic_unmask(int irq)
{
	mask &= ~(1 << irq);
	write_mask();
}

void pic_eoi(int irq)
{
	if (irq >= 8)
		outb(PIC2_CMD, PIC_EOI);
	outb(PIC1_CMD, PIC_EOI);
}

void pic_disable(void)
{
	mask = 0xFFFF;
	write_mask();
}

const struct irq_chip pic_chip = { "8259 PIC", pic_unmask, pic_eoi };
