/*
 * pci.c - PCI configuration mechanism #1: write the address of a dword
 * (enable bit, bus, device, function, register) to port 0xCF8, then read or
 * write it at port 0xCFC.  Every PC since the mid-1990s has it, including
 * QEMU's pc (i440FX) and q35 and Bochs; PCI Express' memory-mapped ECAM
 * also answers the first 256 bytes this way.
 *
 * Locking: used at boot only (the USB host controllers are found there),
 * by one CPU, so the address/data pair needs no lock.
 */
#include "arch/pci.h"
#include "arch/io.h"

#define CONFIG_ADDRESS 0xCF8
#define CONFIG_DATA    0xCFC

static void select_reg(const struct pci_dev *d, uint8_t off)
{
	outl(CONFIG_ADDRESS, 0x80000000u | (uint32_t)d->bus << 16 |
	     (uint32_t)d->dev << 11 | (uint32_t)d->fn << 8 | (off & 0xFC));
}

uint32_t pci_read32(const struct pci_dev *d, uint8_t off)
{
	select_reg(d, off);
	return inl(CONFIG_DATA);
}

void pci_write32(const struct pci_dev *d, uint8_t off, uint32_t v)
{
	select_reg(d, off);
	outl(CONFIG_DATA, v);
}

uint16_t pci_read16(const struct pci_dev *d, uint8_t off)
{
	return (uint16_t)(pci_read32(d, off) >> ((off & 2) * 8));
}

void pci_write16(const struct pci_dev *d, uint8_t off, uint16_t v)
{
	uint32_t old = pci_read32(d, off), shift = (off & 2) * 8;

	pci_write32(d, off, (old & ~(0xFFFFu << shift)) | (uint32_t)v << shift);
}

/* A brute-force scan: 256 buses x 32 devices, function 0 and, for a
 * multi-function device (header type bit 7), functions 1..7. */
int pci_find_class(uint32_t class24, struct pci_dev *out, int max)
{
	struct pci_dev d;
	int found = 0, bus, fns;
	uint32_t id;

	for (bus = 0; bus < 256; bus++)
		for (d.bus = (uint8_t)bus, d.dev = 0; d.dev < 32; d.dev++) {
			d.fn = 0;
			if ((pci_read32(&d, 0) & 0xFFFF) == 0xFFFF)
				continue;              /* nothing in this slot */
			fns = (pci_read32(&d, 0x0C) >> 16) & 0x80 ? 8 : 1;
			for (; d.fn < fns; d.fn++) {
				id = pci_read32(&d, 0);
				if ((id & 0xFFFF) == 0xFFFF)
					continue;
				d.vendor = (uint16_t)id;
				d.device = (uint16_t)(id >> 16);
				d.class_rev = pci_read32(&d, 0x08);
				if (d.class_rev >> 8 == class24 && found < max)
					out[found++] = d;
			}
		}
	return found;
}

uint64_t pci_bar_mem(const struct pci_dev *d, int bar, const char **why)
{
	uint8_t off = (uint8_t)(PCI_BAR0 + 4 * bar);
	uint32_t lo = pci_read32(d, off);
	uint64_t addr = lo & ~0xFu;

	*why = 0;
	if (lo & 1) {
		*why = "BAR is an I/O port range";
		return 0;
	}
	if ((lo & 6) == 4)                     /* 64-bit: the next BAR holds bits 63..32 */
		addr |= (uint64_t)pci_read32(d, (uint8_t)(off + 4)) << 32;
	if (!addr)
		*why = "BAR not assigned by the firmware";
	return addr;
}
