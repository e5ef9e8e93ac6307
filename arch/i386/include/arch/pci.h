/*
 * pci.h - PCI configuration space through configuration mechanism #1
 * (ports 0xCF8/0xCFC), and a scan of every bus for a device class.
 */
#ifndef ARCH_PCI_H
#define ARCH_PCI_H
#include <stdint.h>

struct pci_dev {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	uint32_t class_rev;            /* class << 8 | revision (offset 0x08) */
};

#define PCI_COMMAND        0x04
#define PCI_CMD_MEMORY     0x0002
#define PCI_CMD_BUS_MASTER 0x0004
#define PCI_CMD_INTX_OFF   0x0400
#define PCI_BAR0           0x10

uint32_t pci_read32(const struct pci_dev *d, uint8_t off);
void pci_write32(const struct pci_dev *d, uint8_t off, uint32_t v);
uint16_t pci_read16(const struct pci_dev *d, uint8_t off);
void pci_write16(const struct pci_dev *d, uint8_t off, uint16_t v);
/* Each function whose class, subclass and programming interface are
 * class24 (0x0C0330: an xHCI controller), up to max; returns how many. */
int pci_find_class(uint32_t class24, struct pci_dev *out, int max);
/* The physical address of a memory BAR (32 or 64 bit), 0 when it is an
 * I/O BAR or unset (why then says so). */
uint64_t pci_bar_mem(const struct pci_dev *d, int bar, const char **why);
#endif
