/*
 * acpi_fadt.c - what nickel reads from the FADT and the DSDT: the ACPI PM
 * timer, the PM1 control ports and the \_S5 sleep values (power off), the
 * reset register (reboot), and the IA-PC boot flags (is there an 8042?).
 *
 * FADT ("FACP", ACPI spec "Fixed ACPI Description Table"), offsets used:
 *    40 DSDT (32-bit)          48 SMI_CMD port     52 ACPI_ENABLE value
 *    64 PM1a_CNT_BLK port      68 PM1b_CNT_BLK     76 PM_TMR_BLK port
 *    91 PM_TMR_LEN (4)        109 IAPC_BOOT_ARCH (revision >= 3)
 *   112 flags: bit 8 TMR_VAL_EXT (32-bit timer), bit 10 RESET_REG_SUP,
 *       bit 20 HW_REDUCED_ACPI (no PM1 blocks, no PM timer)
 *   116 RESET_REG (generic address, 12 bytes)   128 RESET_VALUE
 *   140 X_DSDT (64-bit)  172/184 X_PM1a/b_CNT_BLK  208 X_PM_TMR_BLK (GAS)
 * The X_ fields are read only when the table is long enough and the 32-bit
 * field is zero (ACPI 2.0+ firmware may fill only the X_ form).
 *
 * \_S5 (soft off) is an AML object in the DSDT; nickel has no interpreter.
 * The bytes of `Name (_S5, Package () { a, b, ... })` are found by a scan:
 * NameOp 0x08 (maybe a root prefix '\'), "_S5_", PackageOp 0x12, a
 * PkgLength (1..4 bytes: the lead byte's bits 7..6 count the extra ones),
 * NumElements, then the values as ZeroOp 0x00, OneOp 0x01 or BytePrefix
 * 0x0A n (Word 0x0B / DWord 0x0C prefixes too).  a goes to PM1a's SLP_TYP,
 * b to PM1b's.  Firmware that builds _S5 at run time defeats the scan: the
 * caller then says so and falls back.
 *
 * Portable like acpi.c: memory only through fw_map_fn, never prints.
 */
#include "arch/fw_tables.h"
#include "lib/string.h"

#define FADT_V1_LEN        116
#define FADT_TMR_VAL_EXT   (1u << 8)
#define FADT_RESET_REG_SUP (1u << 10)
#define FADT_HW_REDUCED    (1u << 20)
#define GAS_MEMORY 0
#define GAS_IO     1
#define GAS_PCI    2

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* A 32-bit port field, or the I/O port of its X_ generic address. */
static uint16_t port_field(const uint8_t *t, uint32_t len, uint32_t off, uint32_t xoff)
{
	uint32_t port = rd32(t + off);

	if (!port && len >= xoff + 12 && t[xoff] == GAS_IO && rd32(t + xoff + 8) == 0)
		port = rd32(t + xoff + 4);
	return port <= 0xFFFF ? (uint16_t)port : 0;
}

/* One small AML integer (ZeroOp, OneOp, Byte/Word/DWord prefix) at *p. */
static int aml_int(const uint8_t *d, uint32_t len, uint32_t *p, uint8_t *v)
{
	static const uint8_t prefix_len[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4 };
	uint8_t op;

	if (*p >= len)
		return 0;
	op = d[*p];
	if (op == 0x00 || op == 0x01) {            /* ZeroOp, OneOp */
		*v = op;
		*p += 1;
		return 1;
	}
	if (op < 0x0A || op > 0x0C || *p + 1 + prefix_len[op] > len)
		return 0;
	*v = d[*p + 1];                            /* SLP_TYP is 3 bits */
	*p += 1 + prefix_len[op];
	return 1;
}

/* The \_S5 package's first two values; 0 when there is none to be read. */
int acpi_find_s5(const uint8_t *d, uint32_t len, uint8_t *a, uint8_t *b)
{
	uint32_t i, p;

	for (i = 36; i + 5 < len; i++) {
		if (memcmp(d + i, "_S5_", 4) != 0)
			continue;
		if (d[i - 1] != 0x08 && !(d[i - 1] == '\\' && d[i - 2] == 0x08))
			continue;                      /* a reference, not the Name */
		p = i + 4;
		if (d[p] != 0x12)                  /* PackageOp */
			continue;
		p += 1;
		p += 1 + (d[p] >> 6) + 1;          /* PkgLength, NumElements */
		if (!aml_int(d, len, &p, a))
			continue;
		if (!aml_int(d, len, &p, b))
			*b = *a;
		*a &= 7;
		*b &= 7;
		return 1;
	}
	return 0;
}

static void read_reset_reg(const uint8_t *t, uint32_t len, struct acpi_fadt *f)
{
	const uint8_t *gas = t + 116;

	if (f->revision < 2 || len < 129 || !(rd32(t + 112) & FADT_RESET_REG_SUP))
		return;
	if (rd32(gas + 8) != 0 || gas[0] > GAS_PCI)
		return;                                /* above 4 GiB, or exotic */
	f->reset_space = gas[0];
	f->reset_addr = rd32(gas + 4);
	f->reset_value = t[128];
	f->reset_supported = f->reset_addr != 0;
}

static void read_s5(fw_map_fn map, void *ctx, const uint8_t *t, uint32_t len,
		    struct acpi_fadt *f)
{
	uint32_t dsdt = rd32(t + 40), dlen;
	const uint8_t *d;
	const char *why;

	if (len >= 148 && rd32(t + 140) && rd32(t + 144) == 0)
		dsdt = rd32(t + 140);                  /* X_DSDT wins */
	d = dsdt ? acpi_map_table(map, ctx, dsdt, &dlen, &why) : 0;
	if (!dsdt)
		f->s5_problem = "the FADT names no DSDT";
	else if (!d)
		f->s5_problem = why;
	else if (memcmp(d, "DSDT", 4) != 0)
		f->s5_problem = "the DSDT has the wrong signature";
	else if (!acpi_find_s5(d, dlen, &f->slp_typa, &f->slp_typb))
		f->s5_problem = "no \\_S5 package in the DSDT";
	else
		f->s5_found = 1;
}

int acpi_fadt_parse(fw_map_fn map, void *ctx, struct acpi_fadt *f, const char **why)
{
	struct acpi_root r;
	uint32_t len;
	const uint8_t *t;

	memset(f, 0, sizeof(*f));
	f->s5_problem = "no FADT";
	if (acpi_find_root(map, ctx, &r, why) != 0)
		return -1;
	t = acpi_find_table(map, ctx, &r, "FACP", &len, why);
	if (!t)
		return -1;
	if (len < FADT_V1_LEN) {
		*why = "FADT too short";
		return -1;
	}
	f->revision = t[8];
	f->hw_reduced = (rd32(t + 112) & FADT_HW_REDUCED) != 0;
	f->smi_cmd = rd32(t + 48) <= 0xFFFF ? (uint16_t)rd32(t + 48) : 0;
	f->acpi_enable = t[52];
	f->pm1a_cnt = port_field(t, len, 64, 172);
	f->pm1b_cnt = port_field(t, len, 68, 184);
	if (t[91] == 4 || !rd32(t + 76))
		f->pm_tmr_port = port_field(t, len, 76, 208);
	f->pm_tmr_32bit = (rd32(t + 112) & FADT_TMR_VAL_EXT) != 0;
	f->boot_arch_valid = f->revision >= 3;
	f->boot_arch = rd16(t + 109);
	read_reset_reg(t, len, f);
	read_s5(map, ctx, t, len, f);
	return 0;
}
