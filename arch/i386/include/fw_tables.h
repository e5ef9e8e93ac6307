/*
 * fw_tables.h - what the firmware tells us about the machine's CPUs and
 * interrupt controllers, read from the ACPI MADT (acpi.c) or the Intel MP
 * table (mptable.c).
 *
 * The parsers are pure functions: they read "physical memory" only through
 * a fw_map_fn callback and never print, so that tests/unit/test_acpi.c and
 * test_mptable.c can feed them fabricated tables on the host.  The kernel's
 * callback (smp_detect.c) maps low memory directly and the rest with
 * ioremap().
 */
#ifndef ARCH_FW_TABLES_H
#define ARCH_FW_TABLES_H
#include <stdint.h>

#define FW_MAX_CPUS 16          /* = NR_CPUS (percpu.h); the rest are counted */
#define FW_ISA_IRQS 16

/*
 * Returns a pointer through which `len` bytes at physical address `phys`
 * can be read, or NULL when that range cannot be mapped.
 */
typedef const void *(*fw_map_fn)(uint32_t phys, uint32_t len, void *ctx);

/* One ISA IRQ line as the IOAPIC sees it (MADT override / MP entry). */
struct fw_isa_irq {
	uint32_t gsi;                /* global system interrupt (IOAPIC pin + base) */
	int active_low;              /* polarity: ISA default is active high */
	int level;                   /* trigger: ISA default is edge */
};

struct fw_config {
	const char *source;          /* "ACPI MADT" or "MP table" */
	int ncpus;                   /* usable CPUs in apic_id[] */
	uint32_t apic_id[FW_MAX_CPUS];
	int cpus_disabled;           /* entries the firmware marked unusable */
	int cpus_over_limit;         /* usable, but beyond FW_MAX_CPUS */
	int x2apic_entries;          /* MADT type 9 entries seen */
	int x2apic_only;             /* of those: ids > 254, unusable in xAPIC mode */
	uint32_t lapic_phys;         /* local APIC MMIO base */
	int nioapic;                 /* IOAPICs seen (we use the first) */
	uint8_t ioapic_id;
	uint32_t ioapic_phys;
	uint32_t ioapic_gsi_base;
	int has_pic;                 /* dual 8259 present (MADT PCAT_COMPAT / MP) */
	int imcr;                    /* MP: board starts in PIC mode behind an IMCR */
	struct fw_isa_irq isa[FW_ISA_IRQS];  /* identity unless overridden */
};

/* Both return 0 and fill *cfg, or -1 with *why saying what was wrong. */
int acpi_parse(fw_map_fn map, void *ctx, struct fw_config *cfg, const char **why);
int mptable_parse(fw_map_fn map, void *ctx, struct fw_config *cfg, const char **why);
/* The boot loader's copy of the RSDP (physical), tried before the BIOS areas. */
void acpi_set_loader_rsdp(uint32_t phys);

/* Shared helpers (acpi.c). */
void fw_config_reset(struct fw_config *cfg);
int fw_checksum_ok(const void *p, uint32_t len);   /* bytes sum to 0 mod 256 */
void fw_add_cpu(struct fw_config *cfg, uint32_t apic_id);
#endif
