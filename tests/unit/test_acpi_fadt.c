/*
 * test_acpi_fadt.c - the FADT reader and the \_S5 scan (arch/i386/acpi_fadt.c)
 * on fabricated tables: a QEMU-like FADT and DSDT, the ACPI 2.0 X_ fields,
 * the reset register, the 8042 boot flag, and broken inputs (a short FADT,
 * a DSDT with a bad checksum, an _S5 that is only referenced, a package cut
 * off by the end of the table), each refused with a reason.
 */
#include "unit.h"
#include "fw_fake.h"

#define RSDP_AT 0xF0010u
#define RSDT_AT 0x100000u
#define FACP_AT 0x101000u
#define DSDT_AT 0x102000u

static void sdt_finish(uint32_t at, const char *sig, uint32_t len, uint8_t rev)
{
	putstr(at, sig);
	put32(at + 4, len);
	put8(at + 8, rev);
	fix_checksum(at, len, at + 9);
}

/* \_S5 as QEMU's DSDT has it: Name (_S5, Package (4) { 0, 0, 0, 0 }). */
static const uint8_t s5_qemu[] = { 0x08, '_', 'S', '5', '_', 0x12, 0x06, 0x04,
				   0x00, 0x00, 0x00, 0x00 };

static void dsdt(const uint8_t *aml, uint32_t n)
{
	putstr(DSDT_AT + 36, "\x10\x05_SB_");      /* some AML before it */
	memcpy(fake_mem + DSDT_AT + 43, aml, n);
	sdt_finish(DSDT_AT, "DSDT", 43 + n, 1);
}

/* RSDP -> RSDT -> FADT (revision rev, length len) -> DSDT with \_S5. */
static void machine(uint8_t rev, uint32_t len)
{
	fake_reset();
	putstr(RSDP_AT, "RSD PTR ");
	put32(RSDP_AT + 16, RSDT_AT);
	fix_checksum(RSDP_AT, 20, RSDP_AT + 8);
	put32(RSDT_AT + 36, FACP_AT);
	sdt_finish(RSDT_AT, "RSDT", 40, 1);
	put32(FACP_AT + 40, DSDT_AT);
	put32(FACP_AT + 48, 0xB2);                  /* SMI_CMD */
	put8(FACP_AT + 52, 0xF1);                   /* ACPI_ENABLE */
	put32(FACP_AT + 64, 0x604);                 /* PM1a_CNT_BLK */
	put32(FACP_AT + 76, 0x608);                 /* PM_TMR_BLK */
	put8(FACP_AT + 91, 4);
	put16(FACP_AT + 109, 0x0002);               /* IAPC_BOOT_ARCH: 8042 */
	sdt_finish(FACP_AT, "FACP", len, rev);
	dsdt(s5_qemu, sizeof(s5_qemu));
}

static void refinish_fadt(uint32_t len, uint8_t rev)
{
	sdt_finish(FACP_AT, "FACP", len, rev);
}

static int parse(struct acpi_fadt *f, const char **why)
{
	*why = "";
	return acpi_fadt_parse(fake_map, 0, f, why);
}

UNIT_TEST(qemu_like_fadt_gives_pm_timer_pm1a_and_s5)
{
	struct acpi_fadt f;
	const char *why;

	machine(1, 116);
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0x608, f.pm_tmr_port);
	CHECK_EQ(0, f.pm_tmr_32bit);
	CHECK_EQ(0x604, f.pm1a_cnt);
	CHECK_EQ(0, f.pm1b_cnt);
	CHECK_EQ(0xB2, f.smi_cmd);
	CHECK_EQ(0xF1, f.acpi_enable);
	CHECK_EQ(1, f.s5_found);
	CHECK_EQ(0, f.slp_typa);
	CHECK_EQ(0, f.slp_typb);
	CHECK_EQ(0, f.boot_arch_valid);             /* ACPI 1.0: the field is reserved */
	CHECK_EQ(0, f.reset_supported);
}

UNIT_TEST(s5_with_byte_prefix_root_name_and_two_byte_pkglength)
{
	static const uint8_t aml[] = { 0x08, '\\', '_', 'S', '5', '_', 0x12, 0x48, 0x00,
				       0x02, 0x0A, 0x07, 0x0A, 0x05 };
	uint8_t a = 9, b = 9;

	machine(1, 116);
	dsdt(aml, sizeof(aml));
	CHECK_EQ(1, acpi_find_s5(fake_mem + DSDT_AT, 43 + sizeof(aml), &a, &b));
	CHECK_EQ(7, a);
	CHECK_EQ(5, b);
}

UNIT_TEST(s5_with_one_value_uses_it_for_both_blocks)
{
	static const uint8_t aml[] = { 0x08, '_', 'S', '5', '_', 0x12, 0x04, 0x01, 0x0A, 0x06 };
	uint8_t a = 9, b = 9;

	machine(1, 116);
	dsdt(aml, sizeof(aml));
	CHECK_EQ(1, acpi_find_s5(fake_mem + DSDT_AT, 43 + sizeof(aml), &a, &b));
	CHECK_EQ(6, a);
	CHECK_EQ(6, b);
}

UNIT_TEST(s5_only_referenced_is_not_found)
{
	struct acpi_fadt f;
	const char *why;
	/* Store (_S5_, Local0): a reference, not the Name. */
	static const uint8_t aml[] = { 0x70, '_', 'S', '5', '_', 0x12, 0x06, 0x04,
				       0x00, 0x00, 0x60, 0x00 };

	machine(1, 116);
	dsdt(aml, sizeof(aml));
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0, f.s5_found);
	CHECK(strcmp(f.s5_problem, "no \\_S5 package in the DSDT") == 0);
	CHECK_EQ(0x604, f.pm1a_cnt);                /* the rest still usable */
}

UNIT_TEST(s5_package_cut_off_by_the_table_end_is_not_found)
{
	struct acpi_fadt f;
	const char *why;

	machine(1, 116);
	dsdt(s5_qemu, 8);                           /* ends after NumElements */
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0, f.s5_found);
}

UNIT_TEST(dsdt_with_bad_checksum_gives_no_s5)
{
	struct acpi_fadt f;
	const char *why;

	machine(1, 116);
	fake_mem[DSDT_AT + 44] ^= 0x20;
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0, f.s5_found);
	CHECK(strcmp(f.s5_problem, "table checksum bad") == 0);
}

UNIT_TEST(fadt_shorter_than_acpi_1_is_refused)
{
	struct acpi_fadt f;
	const char *why;

	machine(1, 116);
	refinish_fadt(100, 1);
	CHECK_EQ(-1, parse(&f, &why));
	CHECK(strcmp(why, "FADT too short") == 0);
	refinish_fadt(0, 1);
	CHECK_EQ(-1, parse(&f, &why));
	CHECK(strcmp(why, "table length out of range") == 0);
}

UNIT_TEST(no_fadt_is_refused)
{
	struct acpi_fadt f;
	const char *why;

	machine(1, 116);
	memcpy(fake_mem + FACP_AT, "XXXX", 4);
	CHECK_EQ(-1, parse(&f, &why));
	CHECK(strcmp(why, "no such table") == 0);
}

UNIT_TEST(acpi2_x_fields_reset_register_and_8042_flag)
{
	struct acpi_fadt f;
	const char *why;

	machine(4, 244);
	put32(FACP_AT + 64, 0);                     /* only X_PM1a_CNT_BLK */
	put8(FACP_AT + 172, 1);                     /* GAS: I/O */
	put32(FACP_AT + 176, 0x1804);
	put32(FACP_AT + 76, 0);                     /* only X_PM_TMR_BLK */
	put8(FACP_AT + 208, 1);
	put32(FACP_AT + 212, 0x1808);
	put32(FACP_AT + 112, (1u << 8) | (1u << 10));   /* TMR_VAL_EXT, RESET_REG_SUP */
	put8(FACP_AT + 116, 1);                     /* RESET_REG: I/O 0xCF9 */
	put32(FACP_AT + 120, 0xCF9);
	put8(FACP_AT + 128, 0x06);
	put32(FACP_AT + 40, 0);                     /* only X_DSDT */
	put32(FACP_AT + 140, DSDT_AT);
	refinish_fadt(244, 4);
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0x1804, f.pm1a_cnt);
	CHECK_EQ(0x1808, f.pm_tmr_port);
	CHECK_EQ(1, f.pm_tmr_32bit);
	CHECK_EQ(1, f.reset_supported);
	CHECK_EQ(1, f.reset_space);
	CHECK_EQ(0xCF9, f.reset_addr);
	CHECK_EQ(6, f.reset_value);
	CHECK_EQ(1, f.boot_arch_valid);
	CHECK(f.boot_arch & ACPI_BOOT_ARCH_8042);
	CHECK_EQ(1, f.s5_found);
}

UNIT_TEST(reset_register_without_its_flag_or_above_4gib_is_not_used)
{
	struct acpi_fadt f;
	const char *why;

	machine(4, 244);
	put8(FACP_AT + 116, 1);
	put32(FACP_AT + 120, 0xCF9);
	refinish_fadt(244, 4);
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0, f.reset_supported);             /* RESET_REG_SUP clear */
	put32(FACP_AT + 112, 1u << 10);
	put32(FACP_AT + 124, 1);                    /* address above 4 GiB */
	refinish_fadt(244, 4);
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0, f.reset_supported);
}

UNIT_TEST(pm_timer_with_wrong_length_is_not_used)
{
	struct acpi_fadt f;
	const char *why;

	machine(1, 116);
	put8(FACP_AT + 91, 2);
	refinish_fadt(116, 1);
	CHECK_EQ(0, parse(&f, &why));
	CHECK_EQ(0, f.pm_tmr_port);
}
