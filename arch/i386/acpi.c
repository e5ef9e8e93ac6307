/*
 * acpi.c - find the CPUs and the IOAPIC in the ACPI tables.
 *
 * The chain (ACPI spec, "System Description Tables"):
 *   RSDP  "RSD PTR " on a 16-byte boundary, in the first KiB of the EBDA
 *         (its segment is the word at 0x40E) or in the BIOS area
 *         0xE0000-0xFFFFF; 20 bytes checksummed, ACPI 2.0+ has 36 more
 *         with the 64-bit XSDT address and an extended checksum.
 *   RSDT / XSDT   a header and 32-bit / 64-bit pointers to other tables.
 *   MADT  signature "APIC": the local APIC address, flags (bit 0: the
 *         machine also has the two 8259s), then variable-length entries
 *         (type, length, ...): 0 processor LAPIC, 1 IOAPIC, 2 interrupt
 *         source override, 5 LAPIC address override, 9 processor x2APIC.
 * Every table's bytes must sum to 0; every length is checked against the
 * table that contains it before anything behind it is read.  A broken table
 * makes acpi_parse fail (the caller tries the MP table next).
 *
 * Portable: no kernel headers, memory only through the fw_map_fn callback.
 */
#include "fw_tables.h"
#include "string.h"

#define SDT_HEADER_LEN 36
#define SDT_MAX_LEN    0x10000      /* no sane RSDT/XSDT/MADT is larger */

#define MADT_LAPIC          0
#define MADT_IOAPIC         1
#define MADT_OVERRIDE       2
#define MADT_LAPIC_ADDRESS  5
#define MADT_X2APIC         9
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

struct rsdp_found {
	uint32_t rsdt;
	uint32_t xsdt;               /* 0: none, or above 4 GiB */
	int bad_checksum;            /* saw the signature with a bad checksum */
};

/* Look at one 16-byte aligned candidate; 1 when it is a valid RSDP. */
static int rsdp_candidate(fw_map_fn map, void *ctx, uint32_t phys,
			  struct rsdp_found *out)
{
	const uint8_t *p = map(phys, 20, ctx);
	uint32_t len;

	if (!p || memcmp(p, "RSD PTR ", 8) != 0)
		return 0;
	if (!fw_checksum_ok(p, 20)) {
		out->bad_checksum = 1;
		return 0;
	}
	out->rsdt = rd32(p + 16);
	out->xsdt = 0;
	if (p[15] >= 2) {                      /* revision: ACPI 2.0+ fields */
		const uint8_t *x = map(phys, 36, ctx);
		len = x ? rd32(x + 20) : 0;
		if (x && len >= 36 && len <= 4096 && (x = map(phys, len, ctx)) &&
		    fw_checksum_ok(x, len) && rd32(x + 28) == 0)
			out->xsdt = rd32(x + 24);
	}
	return 1;
}

static int rsdp_scan(fw_map_fn map, void *ctx, uint32_t start, uint32_t len,
		     struct rsdp_found *out)
{
	uint32_t off;

	for (off = 0; off + 20 <= len; off += 16)
		if (rsdp_candidate(map, ctx, start + off, out))
			return 1;
	return 0;
}

/* Where the boot loader's copy of the RSDP is (multiboot2 ACPI tags); 0:
 * none.  Under UEFI there is no BIOS area to scan: this is the only way. */
static uint32_t loader_rsdp;

void acpi_set_loader_rsdp(uint32_t phys)
{
	loader_rsdp = phys;
}

static int find_rsdp(fw_map_fn map, void *ctx, struct rsdp_found *out)
{
	const uint8_t *bda;
	uint32_t ebda;

	if (loader_rsdp && rsdp_candidate(map, ctx, loader_rsdp, out))
		return 1;
	bda = map(0x40E, 2, ctx);
	ebda = bda ? (uint32_t)rd16(bda) << 4 : 0;
	if (ebda >= 0x400 && ebda < 0xA0000 && rsdp_scan(map, ctx, ebda, 1024, out))
		return 1;
	return rsdp_scan(map, ctx, 0xE0000, 0x20000, out);
}

/* ---- System description tables ---------------------------------------- */

/* Map a whole table after checking its length and checksum; NULL if bad. */
static const uint8_t *map_sdt(fw_map_fn map, void *ctx, uint32_t phys,
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
		*why = "table checksum bad";
		return 0;
	}
	return h;
}

/* The MADT's address from the RSDT (entry 4 bytes) or XSDT (8 bytes). */
static uint32_t find_madt(fw_map_fn map, void *ctx, uint32_t root, int esize,
			  const char **why)
{
	uint32_t len, off;
	const uint8_t *t = map_sdt(map, ctx, root, &len, why);

	if (!t)
		return 0;
	if (memcmp(t, esize == 4 ? "RSDT" : "XSDT", 4) != 0) {
		*why = "root table has the wrong signature";
		return 0;
	}
	for (off = SDT_HEADER_LEN; off + (uint32_t)esize <= len; off += (uint32_t)esize) {
		uint32_t phys = rd32(t + off);
		const uint8_t *h;

		if (esize == 8 && rd32(t + off + 4) != 0)
			continue;                     /* above 4 GiB: not for us */
		h = map(phys, 4, ctx);
		if (h && memcmp(h, "APIC", 4) == 0)
			return phys;
	}
	*why = "no MADT";
	return 0;
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

static void madt_x2apic(struct fw_config *cfg, const uint8_t *e)
{
	uint32_t id = rd32(e + 4);

	cfg->x2apic_entries++;
	if (!(rd32(e + 8) & MADT_ENABLED))
		cfg->cpus_disabled++;
	else if (id > 254)
		cfg->x2apic_only++;           /* xAPIC ids are 8 bits, 255 = broadcast */
	else
		fw_add_cpu(cfg, id);
}

/* The smallest legal length of each entry type we read. */
static uint8_t madt_min_len(uint8_t type)
{
	switch (type) {
	case MADT_LAPIC:         return 8;
	case MADT_IOAPIC:        return 12;
	case MADT_OVERRIDE:      return 10;
	case MADT_LAPIC_ADDRESS: return 12;
	case MADT_X2APIC:        return 16;
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
	struct rsdp_found r = { 0, 0, 0 };
	uint32_t madt = 0, len;
	const uint8_t *t;

	fw_config_reset(cfg);
	cfg->source = "ACPI MADT";
	if (!find_rsdp(map, ctx, &r)) {
		*why = r.bad_checksum ? "RSDP checksum bad" : "no RSDP";
		return -1;
	}
	if (r.xsdt)
		madt = find_madt(map, ctx, r.xsdt, 8, why);
	if (!madt)                       /* no XSDT, or a broken one: try RSDT */
		madt = find_madt(map, ctx, r.rsdt, 4, why);
	if (!madt)
		return -1;
	t = map_sdt(map, ctx, madt, &len, why);
	if (!t)
		return -1;
	return madt_parse(t, len, cfg, why);
}
