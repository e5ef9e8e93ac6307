/*
 * fuzz_mptable.c - the Intel MP table reader (arch/i386/mptable.c) on a
 * floating pointer and a configuration table the fuzzer writes, through
 * fw_mem.h's exact-size mappings.
 *
 * Input: a flags byte, then two blobs (fw_split): the floating pointer and
 * the configuration table, at TABLE_PHYS.  Unless the flags say otherwise
 * the harness fixes both checksums and points the floating pointer at the
 * table.  Flags bits 2..3 pick where the floating pointer lies: the BIOS
 * ROM, the EBDA, or the last KiB of base memory (the BIOS data area at
 * 0x40E names the last two, as on a PC).
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include "arch/fw_tables.h"
#include "fw_mem.h"

#define RAW_SUMS    1u
#define RAW_LINKS   2u
#define TABLE_PHYS  0x100000u
#define EBDA_SEG    0x9FC0u
#define BASE_KIB    639u

static void place_mpf(uint8_t where, const uint8_t *mpf, uint32_t len)
{
	uint8_t bda[8] = { 0 };

	if (where == 1)                              /* the EBDA */
		bda[0] = EBDA_SEG & 0xFF, bda[1] = EBDA_SEG >> 8;
	bda[5] = BASE_KIB & 0xFF, bda[6] = BASE_KIB >> 8;   /* 0x413 */
	fw_mem_add(0x40E, 8, bda, 8);
	if (where == 1)
		fw_mem_add(EBDA_SEG << 4, len, mpf, len);
	else if (where == 2)
		fw_mem_add(BASE_KIB * 1024 - 1024 + 16 * (len & 0xF), len, mpf, len);
	else
		fw_mem_add(0xF0000 + 16 * (len & 0xFF), len, mpf, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *blob[2];
	uint32_t blob_len[2], mpf_len, declared;
	uint8_t mpf[32], flags, *table = 0;
	struct fw_config cfg;
	const char *why = 0;
	int n;

	if (size < 1)
		return 0;
	flags = data[0];
	n = fw_split(data + 1, size - 1, blob, blob_len, 2);
	if (n < 1)
		return 0;
	mpf_len = blob_len[0] < sizeof(mpf) ? blob_len[0] : sizeof(mpf);
	memcpy(mpf, blob[0], mpf_len);
	if (n == 2)
		table = fw_mem_add(TABLE_PHYS, blob_len[1], blob[1], blob_len[1]);
	if (!(flags & RAW_LINKS) && mpf_len >= 8)
		fw_put32(mpf + 4, TABLE_PHYS);
	if (!(flags & RAW_SUMS)) {
		if (mpf_len >= 16)
			fw_fix_checksum(mpf, 16, 10);
		if (table && blob_len[1] >= 8) {
			declared = (uint32_t)table[4] | (uint32_t)table[5] << 8;
			fw_fix_checksum(table, declared < blob_len[1] ? declared : blob_len[1], 7);
		}
	}
	place_mpf((flags >> 2) & 3, mpf, mpf_len);
	if (mptable_parse(fw_mem_map, 0, &cfg, &why) == 0) {
		if (cfg.ncpus < 1 || cfg.ncpus > FW_MAX_CPUS)
			abort();
	} else if (!why) {
		abort();
	}
	for (n = 0; n < FW_ISA_IRQS; n++)
		if (cfg.isa[n].gsi > 0xFFFFFFu && cfg.isa[n].gsi != (uint32_t)n)
			abort();                 /* an MP pin is one byte */
	fw_mem_reset();
	return 0;
}
