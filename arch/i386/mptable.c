/*
 * mptable.c - find the CPUs and the IOAPIC in the Intel MultiProcessor
 * Specification 1.4 tables: the fallback when ACPI has no usable MADT.
 *
 *   Floating pointer  "_MP_", 16 bytes (length field = 1 paragraph),
 *         checksummed, on a 16-byte boundary in the first KiB of the EBDA,
 *         the last KiB of base memory, or the BIOS ROM 0xF0000-0xFFFFF.
 *         Byte 11 != 0 names a "default configuration" without a table
 *         (pre-1995 boards; we do not support those).
 *   Configuration table  "PCMP", a 44-byte header (base table length,
 *         checksum, entry count, LAPIC address), then entries sorted by
 *         type: 0 processor (20 bytes), 1 bus, 2 IOAPIC, 3 I/O interrupt,
 *         4 local interrupt (8 bytes each).
 * ISA IRQ routing comes from the type-3 entries whose source bus is an
 * "ISA" bus (QEMU sends IRQ 0 to IOAPIC pin 2).
 *
 * Portable: no kernel headers, memory only through the fw_map_fn callback.
 */
#include "arch/fw_tables.h"
#include "lib/string.h"

#define MP_PROCESSOR 0
#define MP_BUS       1
#define MP_IOAPIC    2
#define MP_IOINT     3
#define MP_LOCALINT  4
#define MP_CPU_ENABLED 1u
#define MP_HEADER_LEN 44

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* ---- Floating pointer ------------------------------------------------- */

static const uint8_t *mpf_scan(fw_map_fn map, void *ctx, uint32_t start,
			       uint32_t len, int *bad_checksum)
{
	uint32_t off;

	for (off = 0; off + 16 <= len; off += 16) {
		const uint8_t *p = map(start + off, 16, ctx);

		if (!p || memcmp(p, "_MP_", 4) != 0)
			continue;
		if (p[8] == 1 && fw_checksum_ok(p, 16))
			return p;
		*bad_checksum = 1;
	}
	return 0;
}

static const uint8_t *find_mpf(fw_map_fn map, void *ctx, int *bad_checksum)
{
	const uint8_t *bda = map(0x40E, 8, ctx);   /* 0x40E EBDA seg, 0x413 base KiB */
	uint32_t ebda = bda ? (uint32_t)rd16(bda) << 4 : 0;
	uint32_t base_top = bda ? (uint32_t)rd16(bda + 5) * 1024 : 0;
	const uint8_t *p = 0;

	if (ebda >= 0x400 && ebda < 0xA0000)
		p = mpf_scan(map, ctx, ebda, 1024, bad_checksum);
	if (!p && base_top >= 1024 && base_top <= 0xA0000)
		p = mpf_scan(map, ctx, base_top - 1024, 1024, bad_checksum);
	if (!p)
		p = mpf_scan(map, ctx, 0xF0000, 0x10000, bad_checksum);
	return p;
}

/* ---- Configuration table entries --------------------------------------- */

static uint32_t entry_len(uint8_t type)
{
	if (type == MP_PROCESSOR)
		return 20;
	if (type <= MP_LOCALINT)
		return 8;
	return 0;                         /* unknown: its length is unknown */
}

struct mp_walk {
	uint8_t isa_bus[256];             /* 1 = this bus id is ISA */
	int ioapic_seen;
};

/* Pass 1: processors, buses, the first enabled IOAPIC. */
static void mp_entry_devices(struct fw_config *cfg, struct mp_walk *w,
			     const uint8_t *e)
{
	switch (e[0]) {
	case MP_PROCESSOR:
		if (e[3] & MP_CPU_ENABLED)
			fw_add_cpu(cfg, e[1]);
		else
			cfg->cpus_disabled++;
		break;
	case MP_BUS:
		w->isa_bus[e[1]] = memcmp(e + 2, "ISA   ", 6) == 0;
		break;
	case MP_IOAPIC:
		if (!(e[3] & 1))
			break;                    /* disabled */
		if (cfg->nioapic++ == 0) {
			cfg->ioapic_id = e[1];
			cfg->ioapic_phys = rd32(e + 4);
			cfg->ioapic_gsi_base = 0;
		}
		break;
	}
}

/* Pass 2: ISA interrupts wired to our IOAPIC (type 0 = vectored INT). */
static void mp_entry_irq(struct fw_config *cfg, struct mp_walk *w, const uint8_t *e)
{
	uint16_t flags = rd16(e + 2);
	uint8_t bus = e[4], irq = e[5], apic = e[6], pin = e[7];

	if (e[0] != MP_IOINT || e[1] != 0 || !w->isa_bus[bus] || irq >= FW_ISA_IRQS)
		return;
	if (!cfg->nioapic || (apic != cfg->ioapic_id && apic != 0xFF))
		return;
	cfg->isa[irq].gsi = pin;
	cfg->isa[irq].active_low = (flags & 3) == 3;
	cfg->isa[irq].level = ((flags >> 2) & 3) == 3;
}

/* Bounds-check every entry, then run the two passes. */
static int mp_entries(struct fw_config *cfg, const uint8_t *t, uint32_t len,
		      uint16_t count, const char **why)
{
	struct mp_walk w;
	uint32_t off;
	int pass, i;

	memset(&w, 0, sizeof(w));
	for (pass = 0; pass < 2; pass++) {
		off = MP_HEADER_LEN;
		for (i = 0; i < count; i++) {
			uint32_t elen = off < len ? entry_len(t[off]) : 0;

			if (elen == 0 || elen > len - off) {
				*why = off < len && !entry_len(t[off]) ?
					"unknown MP entry type" : "truncated MP entry";
				return -1;
			}
			if (pass == 0)
				mp_entry_devices(cfg, &w, t + off);
			else
				mp_entry_irq(cfg, &w, t + off);
			off += elen;
		}
	}
	return 0;
}

int mptable_parse(fw_map_fn map, void *ctx, struct fw_config *cfg, const char **why)
{
	int bad = 0;
	const uint8_t *mpf, *t;
	uint32_t len;

	fw_config_reset(cfg);
	cfg->source = "MP table";
	mpf = find_mpf(map, ctx, &bad);
	if (!mpf) {
		*why = bad ? "MP floating pointer checksum bad" : "no MP floating pointer";
		return -1;
	}
	if (mpf[11] != 0) {
		*why = "MP default configuration (no table) not supported";
		return -1;
	}
	cfg->has_pic = 1;                          /* every MP board has the 8259s */
	cfg->imcr = (mpf[12] & 0x80) != 0;         /* feature byte 2, bit 7 */
	t = map(rd32(mpf + 4), MP_HEADER_LEN, ctx);
	if (!t || memcmp(t, "PCMP", 4) != 0) {
		*why = "no MP configuration table";
		return -1;
	}
	len = rd16(t + 4);
	if (len < MP_HEADER_LEN || !(t = map(rd32(mpf + 4), len, ctx)) ||
	    !fw_checksum_ok(t, len)) {
		*why = "MP configuration table checksum bad";
		return -1;
	}
	cfg->lapic_phys = rd32(t + 36);
	if (mp_entries(cfg, t, len, rd16(t + 34), why) != 0)
		return -1;
	if (cfg->ncpus == 0) {
		*why = "MP table lists no usable CPU";
		return -1;
	}
	return 0;
}
