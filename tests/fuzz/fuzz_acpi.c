/*
 * fuzz_acpi.c - the ACPI readers (arch/i386/acpi.c, acpi_fadt.c) on tables
 * the fuzzer writes: the RSDP, the RSDT/XSDT, the MADT (acpi_parse), the
 * FADT and the DSDT's \_S5 (acpi_fadt_parse), through fw_mem.h's exact-size
 * mappings.
 *
 * Input: a flags byte, then blobs (fw_split): the RSDP, then up to eight
 * tables, placed at TABLE_BASE + i * TABLE_STEP.  Unless the flags say
 * otherwise the harness does what firmware does and a fuzzer cannot guess:
 * it fixes every checksum and points the RSDP at the first RSDT / XSDT, each
 * root entry at one of the tables (the fuzzer's value modulo their number),
 * and the FADT at the DSDT.  The flags keep checksums or addresses as given,
 * and put the RSDP in the EBDA or the BIOS area instead of handing it over
 * as multiboot2 does.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include "arch/fw_tables.h"
#include "fw_mem.h"

#define RAW_SUMS     1u        /* keep the input's checksums */
#define RAW_LINKS    2u        /* keep the input's addresses */
#define RSDP_IN_BIOS 4u        /* found by the scan of 0xE0000.. */
#define RSDP_IN_EBDA 8u        /* found by the scan of the EBDA */
#define MAX_TABLES   8
#define TABLE_BASE   0x100000u
#define TABLE_STEP   0x10000u  /* > a 16-bit blob */
#define EBDA_SEG     0x9FC0u

static uint8_t *table[MAX_TABLES];
static uint32_t table_len[MAX_TABLES];
static int nr_tables;

static uint32_t table_phys(int i) { return TABLE_BASE + (uint32_t)i * TABLE_STEP; }

static int find_sig(const char *sig)
{
	int i;

	for (i = 0; i < nr_tables; i++)
		if (table_len[i] >= 4 && memcmp(table[i], sig, 4) == 0)
			return i;
	return -1;
}

/* RSDT (esize 4) or XSDT (8): each entry names one of the tables. */
static void link_root(uint8_t *t, uint32_t len, uint32_t esize)
{
	uint32_t off;

	for (off = 36; off + esize <= len; off += esize)
		fw_put32(t + off, table_phys((int)(fw_get32(t + off) % (uint32_t)nr_tables)));
}

static void link_tables(uint8_t *rsdp, uint32_t rsdp_len)
{
	int i, rsdt = find_sig("RSDT"), xsdt = find_sig("XSDT"), dsdt = find_sig("DSDT");

	if (rsdp_len >= 20 && rsdt >= 0)
		fw_put32(rsdp + 16, table_phys(rsdt));
	if (rsdp_len >= 32 && xsdt >= 0)
		fw_put32(rsdp + 24, table_phys(xsdt)), fw_put32(rsdp + 28, 0);
	for (i = 0; i < nr_tables; i++) {
		uint8_t *t = table[i];

		if (table_len[i] < 4)
			continue;
		if (!memcmp(t, "RSDT", 4))
			link_root(t, table_len[i], 4);
		else if (!memcmp(t, "XSDT", 4))
			link_root(t, table_len[i], 8);
		else if (!memcmp(t, "FACP", 4) && dsdt >= 0 && table_len[i] >= 44) {
			fw_put32(t + 40, table_phys(dsdt));
			if (table_len[i] >= 148 && fw_get32(t + 140))
				fw_put32(t + 140, table_phys(dsdt));
		}
	}
}

static void fix_sums(uint8_t *rsdp, uint32_t rsdp_len)
{
	int i;

	if (rsdp_len >= 20)
		fw_fix_checksum(rsdp, 20, 8);
	if (rsdp_len >= 36)
		fw_fix_checksum(rsdp, 36, 32);
	for (i = 0; i < nr_tables; i++) {
		uint32_t len = table_len[i] >= 8 ? fw_get32(table[i] + 4) : 0;

		fw_fix_checksum(table[i], len < table_len[i] ? len : table_len[i], 9);
	}
}

static void place_rsdp(uint8_t flags, const uint8_t *rsdp, uint32_t len)
{
	static const uint8_t bda[2] = { EBDA_SEG & 0xFF, EBDA_SEG >> 8 };

	acpi_set_rsdp(0, 0);
	if (flags & RSDP_IN_EBDA) {
		fw_mem_add(0x40E, 2, bda, 2);
		fw_mem_add(EBDA_SEG << 4, len, rsdp, len);
	} else if (flags & RSDP_IN_BIOS) {
		fw_mem_add(0xE0000 + 16 * (len & 0xF), len, rsdp, len);
	} else {
		acpi_set_rsdp(rsdp, len);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *blob[1 + MAX_TABLES];
	uint32_t blob_len[1 + MAX_TABLES], rsdp_len;
	uint8_t rsdp[64], flags;
	struct fw_config cfg;
	struct acpi_fadt fadt;
	const char *why = 0;
	int i, n;

	if (size < 1)
		return 0;
	flags = data[0];
	n = fw_split(data + 1, size - 1, blob, blob_len, 1 + MAX_TABLES);
	if (n < 1)
		return 0;
	rsdp_len = blob_len[0] < sizeof(rsdp) ? blob_len[0] : sizeof(rsdp);
	memcpy(rsdp, blob[0], rsdp_len);
	nr_tables = n - 1;
	for (i = 0; i < nr_tables; i++) {
		table_len[i] = blob_len[i + 1];
		table[i] = fw_mem_add(table_phys(i), table_len[i], blob[i + 1], blob_len[i + 1]);
	}
	if (nr_tables && !(flags & RAW_LINKS))
		link_tables(rsdp, rsdp_len);
	if (!(flags & RAW_SUMS))
		fix_sums(rsdp, rsdp_len);
	place_rsdp(flags, rsdp, rsdp_len);

	if (acpi_parse(fw_mem_map, 0, &cfg, &why) == 0) {
		if (cfg.ncpus < 1 || cfg.ncpus > FW_MAX_CPUS)
			abort();                   /* success means at least one CPU */
	} else if (!why) {
		abort();                           /* a failure always says why */
	}
	if (cfg.nmi_lint < -1 || cfg.nmi_lint > 1)
		abort();
	why = 0;
	if (acpi_fadt_parse(fw_mem_map, 0, &fadt, &why) != 0 && !why)
		abort();
	if (fadt.s5_found && (fadt.slp_typa > 7 || fadt.slp_typb > 7))
		abort();
	fw_mem_reset();
	return 0;
}
