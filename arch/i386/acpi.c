/*
 * acpi.c - find the ACPI tables, and the CPUs and the IOAPIC in the MADT.
 *
 * The chain (ACPI spec, "System Description Tables"):
 *   RSDP  "RSD PTR ": a copy from the boot loader (multiboot2 hands one
 *         over, and UEFI machines have no other way to find it), else on a
 *         16-byte boundary in the first KiB of the EBDA (its segment is the
 *         word at 0x40E) or in the BIOS area 0xE0000-0xFFFFF.  20 bytes
 *         checksummed; ACPI 2.0+ (revision >= 2) has 36, with the 64-bit
 *         XSDT address and an extended checksum.
 *   XSDT / RSDT   a header and 64-bit / 32-bit pointers to other tables.
 *         The XSDT is preferred (UEFI firmware may put tables where only it
 *         points); a broken one is noted and the RSDT used.  Tables above
 *         4 GiB are out of reach of 32-bit paging and skipped.
 *   MADT  signature "APIC": the local APIC address, flags (bit 0: the
 *         machine also has the two 8259s), then variable-length entries
 *         (type, length, ...): 0 processor LAPIC, 1 IOAPIC, 2 interrupt
 *         source override, 4 LAPIC NMI pin, 5 LAPIC address override,
 *         9 processor x2APIC (32-bit id), 10 x2APIC NMI pin.
 * Every table's bytes must sum to 0; every length is checked against the
 * table that contains it before anything behind it is read.  A broken table
 * makes acpi_parse fail (the caller tries the MP table next).
 *
 * Portable: no kernel headers, memory only through the fw_map_fn callback.
 */
#include "arch/fw_tables.h"
#include "lib/string.h"

#define SDT_HEADER_LEN 36
#define SDT_MAX_LEN    0x100000     /* 1 MiB: a laptop's DSDT can be 500 KiB */

#define MADT_LAPIC          0
#define MADT_IOAPIC         1
#define MADT_OVERRIDE       2
#define MADT_LAPIC_NMI      4
#define MADT_LAPIC_ADDRESS  5
#define MADT_X2APIC         9
#define MADT_X2APIC_NMI     10
#define UID_ALL_CPUS        0xFFu        /* type 4: "every processor" */
#define UID_ALL_CPUS_X2     0xFFFFFFFFu  /* type 10 */
#define MADT_ENABLED        1u       /* processor flags bit 0 */
#define MADT_PCAT_COMPAT    1u       /* MADT flags bit 0 */

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

int fw_checksum_ok(const void *p, uint32_t len)
{
	const uint8_t *b = p;
	uint8_t sum = 0;

	while (len--)
		sum += *b++;
	return sum == 0;
}

void fw_config_reset(struct fw_config *cfg)
{
	int i;

	memset(cfg, 0, sizeof(*cfg));
	cfg->lapic_phys = 0xFEE00000u;        /* the architectural default */
	cfg->nmi_lint = -1;
	for (i = 0; i < FW_ISA_IRQS; i++)
		cfg->isa[i].gsi = (uint32_t)i;    /* ISA IRQ n = GSI n unless told */
}

/* Record a usable CPU once; beyond the limit only count it. */
void fw_add_cpu(struct fw_config *cfg, uint32_t apic_id)
{
	int i;

	for (i = 0; i < cfg->ncpus; i++)
		if (cfg->apic_id[i] == apic_id)
			return;
	if (cfg->ncpus < FW_MAX_CPUS)
		cfg->apic_id[cfg->ncpus++] = apic_id;
	else
		cfg->cpus_over_limit++;
}

/* ---- RSDP -------------------------------------------------------------- */

static uint8_t rsdp_given[36];          /* a copy from the boot loader */
static uint32_t rsdp_given_len;

void acpi_set_rsdp(const void *rsdp, uint32_t len)
{
	rsdp_given_len = rsdp && len < sizeof(rsdp_given) ? len :
			 rsdp ? sizeof(rsdp_given) : 0;
	if (rsdp_given_len)
		memcpy(rsdp_given, rsdp, rsdp_given_len);
}

/*
 * Check one RSDP: 1 when valid, the RSDT and XSDT addresses in *r.  `more`
 * maps the 36-byte ACPI 2.0 form when the revision asks for it (NULL when
 * those bytes are not there).
 */
static int rsdp_check(const uint8_t *p, const uint8_t *more, struct acpi_root *r,
		      int *bad_checksum)
{
	if (memcmp(p, "RSD PTR ", 8) != 0)
		return 0;
	if (!fw_checksum_ok(p, 20)) {
		*bad_checksum = 1;
		return 0;
	}
	r->rsdt = rd32(p + 16);
	r->xsdt = 0;
	r->xsdt_problem = 0;
	if (p[15] < 2)                         /* revision: ACPI 1.0, no XSDT */
		return 1;
	if (!more || rd32(more + 20) < 36 || !fw_checksum_ok(more, 36))
		r->xsdt_problem = "the RSDP's extended checksum is bad";
	else if (rd32(more + 28) != 0)
		r->xsdt_problem = "above 4 GiB";
	else
		r->xsdt = rd32(more + 24);
	return 1;
}

static int rsdp_scan(fw_map_fn map, void *ctx, uint32_t start, uint32_t len,
		     struct acpi_root *r, int *bad_checksum)
{
	uint32_t off;

	for (off = 0; off + 20 <= len; off += 16) {
		const uint8_t *p = map(start + off, 20, ctx);

		if (p && rsdp_check(p, map(start + off, 36, ctx), r, bad_checksum))
			return 1;
	}
	return 0;
}

/* The boot loader's copy (multiboot2), else the EBDA, else the BIOS area. */
static int find_rsdp(fw_map_fn map, void *ctx, struct acpi_root *r, int *bad_checksum)
{
	const uint8_t *bda = map(0x40E, 2, ctx);
	uint32_t ebda = bda ? (uint32_t)rd16(bda) << 4 : 0;

	if (rsdp_given_len >= 20 &&
	    rsdp_check(rsdp_given, rsdp_given_len >= 36 ? rsdp_given : 0, r, bad_checksum))
		return 1;
	if (ebda >= 0x400 && ebda < 0xA0000 &&
	    rsdp_scan(map, ctx, ebda, 1024, r, bad_checksum))
		return 1;
	return rsdp_scan(map, ctx, 0xE0000, 0x20000, r, bad_checksum);
}

/* ---- System description tables ---------------------------------------- */

/* Map a whole table after checking its length and checksum; NULL if bad. */
const uint8_t *acpi_map_table(fw_map_fn map, void *ctx, uint32_t phys,
			      uint32_t *len, const char **why)
{
	const uint8_t *h = map(phys, SDT_HEADER_LEN, ctx);

	if (!h) {
		*why = "table not mappable";
		return 0;
	}
	*len = rd32(h + 4);
	if (*len < SDT_HEADER_LEN || *len > SDT_MAX_LEN) {
		*why = "table length out of range";
		return 0;
	}
	h = map(phys, *len, ctx);
	if (!h || !fw_checksum_ok(h, *len)) {
		*why = h ? "table checksum bad" : "table not mappable";
		return 0;
	}
	return h;
}

/* A root table is usable: mappable, checksummed, the right signature. */
static int root_ok(fw_map_fn map, void *ctx, uint32_t phys, const char *sig,
		   const char **why)
{
	uint32_t len;
	const uint8_t *t = acpi_map_table(map, ctx, phys, &len, why);

	if (t && memcmp(t, sig, 4) != 0)
		*why = "wrong signature";
	return t && memcmp(t, sig, 4) == 0;
}

/* The RSDP, then its XSDT (preferred) and RSDT, each checked. */
int acpi_find_root(fw_map_fn map, void *ctx, struct acpi_root *r, const char **why)
{
	int bad_checksum = 0;
	const char *xwhy;

	if (!find_rsdp(map, ctx, r, &bad_checksum)) {
		*why = bad_checksum ? "RSDP checksum bad" : "no RSDP";
		return -1;
	}
	if (r->xsdt && !root_ok(map, ctx, r->xsdt, "XSDT", &xwhy)) {
		r->xsdt = 0;                      /* fall back on the RSDT */
		r->xsdt_problem = xwhy;
	}
	*why = "RSDT: no address";
	if (r->rsdt && !root_ok(map, ctx, r->rsdt, "RSDT", why))
		r->rsdt = 0;
	return r->xsdt || r->rsdt ? 0 : -1;
}

/* Search one root table (entries of esize bytes) for a signature. */
static uint32_t root_lookup(fw_map_fn map, void *ctx, uint32_t root, int esize,
			    const char *sig, int *above_4g)
{
	uint32_t len, off;
	const char *why;
	const uint8_t *t = acpi_map_table(map, ctx, root, &len, &why);

	for (off = SDT_HEADER_LEN; t && off + (uint32_t)esize <= len; off += (uint32_t)esize) {
		uint32_t phys = rd32(t + off);
		const uint8_t *h;

		if (esize == 8 && rd32(t + off + 4) != 0) {
			(*above_4g)++;            /* beyond 32-bit paging: skipped */
			continue;
		}
		h = map(phys, 4, ctx);
		if (h && memcmp(h, sig, 4) == 0)
			return phys;
	}
	return 0;
}

const uint8_t *acpi_find_table(fw_map_fn map, void *ctx, const struct acpi_root *r,
			       const char *sig, uint32_t *len, const char **why)
{
	int above_4g = 0;
	uint32_t phys = 0;

	if (r->xsdt)
		phys = root_lookup(map, ctx, r->xsdt, 8, sig, &above_4g);
	if (!phys && r->rsdt)
		phys = root_lookup(map, ctx, r->rsdt, 4, sig, &above_4g);
	if (!phys) {
		*why = above_4g ? "listed only above 4 GiB" :
		       !memcmp(sig, "APIC", 4) ? "no MADT" : "no such table";
		return 0;
	}
	return acpi_map_table(map, ctx, phys, len, why);
}

/* ---- MADT entries ------------------------------------------------------ */

static void madt_override(struct fw_config *cfg, const uint8_t *e)
{
	uint8_t bus = e[2], irq = e[3];
	uint16_t flags = rd16(e + 8);

	if (bus != 0 || irq >= FW_ISA_IRQS)
		return;
	cfg->isa[irq].gsi = rd32(e + 4);
	cfg->isa[irq].active_low = (flags & 3) == 3;        /* 0, 1: high */
	cfg->isa[irq].level = ((flags >> 2) & 3) == 3;      /* 0, 1: edge */
}

static void madt_ioapic(struct fw_config *cfg, const uint8_t *e)
{
	if (cfg->nioapic++ == 0) {                /* the first one routes ISA */
		cfg->ioapic_id = e[2];
		cfg->ioapic_phys = rd32(e + 4);
		cfg->ioapic_gsi_base = rd32(e + 8);
	}
}

/* Type 9: a 32-bit APIC id.  Ids above 254 are kept: x2APIC mode uses them
 * (smp_detect drops them in xAPIC mode, whose ids are 8 bits, 255 = all). */
static void madt_x2apic(struct fw_config *cfg, const uint8_t *e)
{
	uint32_t id = rd32(e + 4);

	cfg->x2apic_entries++;
	if (!(rd32(e + 8) & MADT_ENABLED)) {
		cfg->cpus_disabled++;
		return;
	}
	if (id > 254)
		cfg->x2apic_only++;
	fw_add_cpu(cfg, id);
}

/* Types 4 and 10: which LINT pin is the NMI.  Only "all processors" is
 * kept (nickel programs every AP alike); LINT1 is the PC convention. */
static void madt_nmi(struct fw_config *cfg, const uint8_t *e)
{
	int all = e[0] == MADT_LAPIC_NMI ? e[2] == UID_ALL_CPUS
					 : rd32(e + 4) == UID_ALL_CPUS_X2;
	uint8_t lint = e[0] == MADT_LAPIC_NMI ? e[5] : e[8];

	if (all && lint <= 1)
		cfg->nmi_lint = lint;
}

/* The smallest legal length of each entry type we read. */
static uint8_t madt_min_len(uint8_t type)
{
	switch (type) {
	case MADT_LAPIC:         return 8;
	case MADT_IOAPIC:        return 12;
	case MADT_OVERRIDE:      return 10;
	case MADT_LAPIC_NMI:     return 6;
	case MADT_LAPIC_ADDRESS: return 12;
	case MADT_X2APIC:        return 16;
	case MADT_X2APIC_NMI:    return 12;
	default:                 return 2;
	}
}

static int madt_parse(const uint8_t *t, uint32_t len, struct fw_config *cfg,
		      const char **why)
{
	uint32_t off = SDT_HEADER_LEN + 8;

	if (len < off) {
		*why = "MADT too short";
		return -1;
	}
	cfg->lapic_phys = rd32(t + 36);
	cfg->has_pic = (rd32(t + 40) & MADT_PCAT_COMPAT) != 0;
	while (off < len) {
		const uint8_t *e = t + off;
		uint8_t type, elen;

		if (len - off < 2)
			goto truncated;
		type = e[0];
		elen = e[1];
		if (elen < madt_min_len(type) || elen > len - off)
			goto truncated;
		if (type == MADT_LAPIC) {
			if (rd32(e + 4) & MADT_ENABLED)
				fw_add_cpu(cfg, e[3]);
			else
				cfg->cpus_disabled++;   /* off, or only hot-pluggable */
		} else if (type == MADT_IOAPIC) {
			madt_ioapic(cfg, e);
		} else if (type == MADT_OVERRIDE) {
			madt_override(cfg, e);
		} else if (type == MADT_LAPIC_ADDRESS) {
			if (rd32(e + 8) == 0)
				cfg->lapic_phys = rd32(e + 4);
		} else if (type == MADT_X2APIC) {
			madt_x2apic(cfg, e);
		} else if (type == MADT_LAPIC_NMI || type == MADT_X2APIC_NMI) {
			madt_nmi(cfg, e);
		}
		off += elen;
	}
	if (cfg->ncpus == 0) {
		*why = "MADT lists no usable CPU";
		return -1;
	}
	return 0;
truncated:
	*why = "truncated MADT entry";
	return -1;
}

int acpi_parse(fw_map_fn map, void *ctx, struct fw_config *cfg, const char **why)
{
	struct acpi_root r;
	uint32_t len;
	const uint8_t *t;

	fw_config_reset(cfg);
	cfg->source = "ACPI MADT";
	if (acpi_find_root(map, ctx, &r, why) != 0)
		return -1;
	cfg->xsdt_problem = r.xsdt_problem;
	t = acpi_find_table(map, ctx, &r, "APIC", &len, why);
	return t ? madt_parse(t, len, cfg, why) : -1;
}
