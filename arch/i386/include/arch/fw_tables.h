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
#include "sched/nr_cpus.h"

#define FW_MAX_CPUS NR_CPUS_MAX /* the rest are counted */
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
	int x2apic_only;             /* of those: ids > 254, in apic_id[] but usable
					only in x2APIC mode (smp_detect drops them) */
	int nmi_lint;                /* LAPIC pin of the NMI (MADT 4/10); -1: not said */
	const char *xsdt_problem;    /* why the XSDT was passed over, else NULL */
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

/* The ACPI root tables (acpi.c); 0 where there is none or it is broken. */
struct acpi_root {
	uint32_t rsdt, xsdt;         /* physical addresses of checked tables */
	const char *xsdt_problem;    /* the RSDP named an XSDT that is unusable */
};
int acpi_find_root(fw_map_fn map, void *ctx, struct acpi_root *r, const char **why);
/* The table with signature `sig` (XSDT first, then RSDT), its length and
 * checksum checked: its bytes, or NULL with *why. */
const uint8_t *acpi_find_table(fw_map_fn map, void *ctx, const struct acpi_root *r,
			       const char *sig, uint32_t *len, const char **why);
const uint8_t *acpi_map_table(fw_map_fn map, void *ctx, uint32_t phys,
			      uint32_t *len, const char **why);
/* The boot loader's copy of the RSDP (multiboot2 "ACPI old/new RSDP" tags):
 * tried before the BIOS areas, checked like any other. */
void acpi_set_rsdp(const void *rsdp, uint32_t len);

/* What nickel uses from the FADT and the DSDT's \_S5 (acpi_fadt.c). */
struct acpi_fadt {
	int revision;                /* 1: ACPI 1.0; >= 3: ACPI 2.0+ */
	int hw_reduced;              /* HW_REDUCED_ACPI: no PM1 blocks, no PM timer */
	uint16_t pm_tmr_port;        /* ACPI PM timer, 3.579545 MHz; 0: none */
	int pm_tmr_32bit;            /* TMR_VAL_EXT: 32 bits, else 24 */
	uint16_t pm1a_cnt, pm1b_cnt; /* PM1 control ports; 0: none */
	uint16_t smi_cmd;            /* writing acpi_enable there turns on ACPI mode */
	uint8_t acpi_enable;
	int s5_found;                /* \_S5 read from the DSDT */
	uint8_t slp_typa, slp_typb;  /* its values for PM1a / PM1b SLP_TYP */
	const char *s5_problem;      /* why s5_found is 0 */
	int reset_supported;         /* RESET_REG_SUP with a usable RESET_REG */
	uint8_t reset_space;         /* 0 memory, 1 I/O, 2 PCI config (bus 0) */
	uint32_t reset_addr;
	uint8_t reset_value;
	int boot_arch_valid;         /* IAPC_BOOT_ARCH is meaningful (revision >= 3) */
	uint16_t boot_arch;          /* bit 1: the machine has an 8042 */
};
#define ACPI_BOOT_ARCH_8042 (1u << 1)
/* 0 and *f filled, or -1 with *why (no ACPI, no FADT, FADT too short). */
int acpi_fadt_parse(fw_map_fn map, void *ctx, struct acpi_fadt *f, const char **why);
/* The first two values of the \_S5 package in AML bytes; 1 when found. */
int acpi_find_s5(const uint8_t *dsdt, uint32_t len, uint8_t *a, uint8_t *b);

/* Shared helpers (acpi.c). */
void fw_config_reset(struct fw_config *cfg);
int fw_checksum_ok(const void *p, uint32_t len);   /* bytes sum to 0 mod 256 */
void fw_add_cpu(struct fw_config *cfg, uint32_t apic_id);
#endif
