/*
 * ioapic.c - the I/O APIC: the chipset's interrupt router on every SMP PC.
 *
 * Two MMIO registers: IOREGSEL (+0x00) selects, IOWIN (+0x10) reads or
 * writes.  Register 1 holds the number of input pins; pin n has a 64-bit
 * redirection entry at registers 0x10 + 2n (low: vector, delivery mode,
 * polarity, trigger, mask) and 0x11 + 2n (bits 24..31: destination APIC id).
 *
 * ISA IRQ n arrives on the pin of global system interrupt isa[n].gsi, which
 * the firmware tables give (QEMU: IRQ 0, the PIT, on pin 2), with polarity
 * and trigger mode (ISA: active high, edge unless overridden).  Each line
 * goes, unmasked on request (irq_install), to the boot CPU as vector
 * IRQ_BASE + n, so idt.c's handlers stay the same; the PIC is masked.
 *
 * Locking: only the boot CPU programs the IOAPIC, at boot (irq_install
 * from kmain / kernel_run); ioapic_lock makes the two-step register access
 * safe should a later driver unmask a line from another CPU.
 */
#include "arch/ioapic.h"
#include "arch/fw_tables.h"
#include "arch/irq_chip.h"
#include "arch/lapic.h"
#include "arch/paging.h"
#include "arch/pic.h"
#include "arch/trap.h"
#include "console/printk.h"
#include "spinlock.h"
#include "arch/io.h"

#define IOREGSEL     0x00
#define IOWIN        0x10
#define IOAPIC_VER   0x01
#define IOAPIC_REDIR 0x10
#define REDIR_MASKED     0x10000
#define REDIR_LEVEL      0x08000
#define REDIR_ACTIVE_LOW 0x02000

static volatile uint32_t *ioapic;
static spinlock_t ioapic_lock = SPINLOCK_INIT("ioapic");
static int npins;
static uint32_t dest_apic;
static struct fw_isa_irq isa[FW_ISA_IRQS];  /* pin (gsi - base) and mode */
static uint32_t gsi_base;

static void ioapic_write(uint32_t reg, uint32_t v)
{
	ioapic[IOREGSEL / 4] = reg;
	ioapic[IOWIN / 4] = v;
}

static uint32_t ioapic_read(uint32_t reg)
{
	ioapic[IOREGSEL / 4] = reg;
	return ioapic[IOWIN / 4];
}

static void set_pin(int pin, uint32_t low, uint32_t dest)
{
	unsigned long f = spin_lock_irqsave(&ioapic_lock);

	ioapic_write(IOAPIC_REDIR + 2 * pin + 1, dest << 24);
	ioapic_write(IOAPIC_REDIR + 2 * pin, low);
	spin_unlock_irqrestore(&ioapic_lock, f);
}

static void ioapic_unmask(int irq)
{
	int pin = (int)(isa[irq].gsi - gsi_base);
	uint32_t low = (uint32_t)(IRQ_BASE + irq);       /* fixed, physical */

	if (pin < 0 || pin >= npins) {
		printk("nickel: ioapic: IRQ %d (GSI %u) is not on this IOAPIC\n",
		       irq, isa[irq].gsi);
		return;
	}
	if (isa[irq].level)
		low |= REDIR_LEVEL;
	if (isa[irq].active_low)
		low |= REDIR_ACTIVE_LOW;
	set_pin(pin, low, dest_apic);
}

/* The IOAPIC delivered it through the LAPIC: the LAPIC takes the EOI. */
static void ioapic_eoi(int irq)
{
	(void)irq;
	lapic_eoi();
}

const struct irq_chip ioapic_chip = { "IOAPIC", ioapic_unmask, ioapic_eoi };

int ioapic_init(const struct fw_config *cfg, uint32_t boot_apic_id)
{
	int pin, i;

	if (!cfg->nioapic || !cfg->ioapic_phys) {
		printk("nickel: ioapic: none in the %s; IRQs stay on the PIC\n",
		       cfg->source);
		return -1;
	}
	ioapic = ioremap(cfg->ioapic_phys, 0x20);
	if (!ioapic)
		return -1;
	npins = (int)((ioapic_read(IOAPIC_VER) >> 16) & 0xFF) + 1;
	for (pin = 0; pin < npins; pin++)
		set_pin(pin, REDIR_MASKED, 0);
	for (i = 0; i < FW_ISA_IRQS; i++)
		isa[i] = cfg->isa[i];
	gsi_base = cfg->ioapic_gsi_base;
	dest_apic = boot_apic_id;
	if (cfg->imcr) {
		/* MP spec 3.6.2.1: a PIC-mode board wires the 8259 straight to
		 * the CPU until the IMCR (ports 0x22/0x23, register 0x70) says
		 * "through the APIC". */
		outb(0x22, 0x70);
		outb(0x23, 0x01);
	}
	irq_set_chip(&ioapic_chip);          /* re-routes lines already in use */
	pic_disable();
	lapic_mask_lint0();                  /* no ExtINT from the masked PIC */
	printk("nickel: ioapic: id %u at 0x%x, %d pins, GSI base %u; "
	       "IRQ 0 -> GSI %u, PIC masked\n", cfg->ioapic_id, cfg->ioapic_phys,
	       npins, gsi_base, isa[0].gsi);
	return 0;
}
