/*
 * test_acpi.c - the ACPI MADT parser (arch/i386/acpi.c) on fabricated
 * tables: a good chain, checksums, truncated and zero-length entries,
 * disabled CPUs, too many CPUs, x2APIC entries, the EBDA, XSDT vs RSDT,
 * XSDTs as UEFI firmware lays them out (64-bit entries, tables only the
 * XSDT lists, tables above 4 GiB), the boot loader's RSDP copy.
 */
#include "unit.h"
#include "fw_fake.h"

#define RSDP_AT 0xF0010u
#define RSDT_AT 0x100000u
#define XSDT_AT 0x100800u
#define FACP_AT 0x101000u
#define MADT_AT 0x102000u

static uint32_t madt_end;          /* where the next MADT entry goes */

static void rsdp(uint32_t at, int rev, uint32_t rsdt, uint32_t xsdt)
{
	putstr(at, "RSD PTR ");
	putstr(at + 9, "NICKEL");
	put8(at + 15, (uint8_t)rev);
	put32(at + 16, rsdt);
	fix_checksum(at, 20, at + 8);
	if (rev >= 2) {
		put32(at + 20, 36);
		put32(at + 24, xsdt);
		fix_checksum(at, 36, at + 32);
	}
}

static void sdt_finish(uint32_t at, const char *sig, uint32_t len)
{
	putstr(at, sig);
	put32(at + 4, len);
	put8(at + 8, 1);
	fix_checksum(at, len, at + 9);
}

/* A root table (RSDT entries 4 bytes, XSDT 8) listing a FACP and the MADT. */
static void root(uint32_t at, int esize)
{
	put32(at + 36, FACP_AT);
	put32(at + 36 + (uint32_t)esize, MADT_AT);
	sdt_finish(at, esize == 4 ? "RSDT" : "XSDT", 36 + 2 * (uint32_t)esize);
}

static void madt_begin(void)
{
	put32(MADT_AT + 36, 0xFEE00000u);
	put32(MADT_AT + 40, 1);                   /* PCAT_COMPAT */
	madt_end = MADT_AT + 44;
}

static void madt_lapic(uint8_t id, uint32_t flags)
{
	put8(madt_end, 0); put8(madt_end + 1, 8);
	put8(madt_end + 2, id); put8(madt_end + 3, id);
	put32(madt_end + 4, flags);
	madt_end += 8;
}

static void madt_ioapic(uint8_t id, uint32_t addr, uint32_t gsi_base)
{
	put8(madt_end, 1); put8(madt_end + 1, 12);
	put8(madt_end + 2, id);
	put32(madt_end + 4, addr);
	put32(madt_end + 8, gsi_base);
	madt_end += 12;
}

static void madt_override(uint8_t irq, uint32_t gsi, uint16_t flags)
{
	put8(madt_end, 2); put8(madt_end + 1, 10);
	put8(madt_end + 2, 0); put8(madt_end + 3, irq);
	put32(madt_end + 4, gsi);
	put16(madt_end + 8, flags);
	madt_end += 10;
}

static void madt_x2apic(uint32_t id, uint32_t flags)
{
	put8(madt_end, 9); put8(madt_end + 1, 16);
	put32(madt_end + 4, id);
	put32(madt_end + 8, flags);
	madt_end += 16;
}

static void madt_finish(void)
{
	sdt_finish(MADT_AT, "APIC", madt_end - MADT_AT);
}

/* The machine QEMU's pc looks like, plus one disabled CPU. */
static void good_machine(void)
{
	fake_reset();
	rsdp(RSDP_AT, 0, RSDT_AT, 0);
	root(RSDT_AT, 4);
	sdt_finish(FACP_AT, "FACP", 36);
	madt_begin();
	madt_lapic(0, 1);
	madt_lapic(1, 1);
	madt_lapic(2, 0);                      /* disabled */
	madt_ioapic(0, 0xFEC00000u, 0);
	madt_override(0, 2, 0);                /* QEMU: IRQ 0 -> GSI 2 */
	madt_override(9, 9, 0xF);              /* SCI: level, active low */
	madt_finish();
}

static int parse(struct fw_config *cfg, const char **why)
{
	*why = "";
	return acpi_parse(fake_map, 0, cfg, why);
}

UNIT_TEST(good_tables_give_cpus_ioapic_and_overrides)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
	CHECK_EQ(0, cfg.apic_id[0]);
	CHECK_EQ(1, cfg.apic_id[1]);
	CHECK_EQ(1, cfg.cpus_disabled);
	CHECK_EQ(0xFEE00000u, cfg.lapic_phys);
	CHECK_EQ(1, cfg.nioapic);
	CHECK_EQ(0xFEC00000u, cfg.ioapic_phys);
	CHECK_EQ(2, cfg.isa[0].gsi);
	CHECK_EQ(0, cfg.isa[0].level);
	CHECK_EQ(1, cfg.isa[1].gsi);           /* identity when not overridden */
	CHECK_EQ(1, cfg.isa[9].level);
	CHECK_EQ(1, cfg.isa[9].active_low);
	CHECK_EQ(1, cfg.has_pic);
	CHECK(strcmp(cfg.source, "ACPI MADT") == 0);
}

UNIT_TEST(bad_madt_checksum_is_refused)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	fake_mem[MADT_AT + 50] ^= 0x40;
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strstr(why, "checksum") != 0);
}

UNIT_TEST(bad_rsdp_checksum_is_refused)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	fake_mem[RSDP_AT + 16] ^= 1;
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "RSDP checksum bad") == 0);
}

UNIT_TEST(no_rsdp_at_all)
{
	struct fw_config cfg;
	const char *why;

	fake_reset();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "no RSDP") == 0);
}

UNIT_TEST(entry_running_past_the_table_is_refused)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	madt_lapic(3, 1);
	madt_end -= 3;                         /* the table ends inside it */
	madt_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "truncated MADT entry") == 0);
}

UNIT_TEST(zero_length_entry_is_refused_not_looped_on)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	put8(madt_end, 0x7F);                  /* unknown type, length 0 */
	put8(madt_end + 1, 0);
	madt_end += 8;
	madt_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "truncated MADT entry") == 0);
}

UNIT_TEST(short_ioapic_entry_is_refused)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	put8(madt_end, 1);                     /* IOAPIC, needs 12 bytes */
	put8(madt_end + 1, 6);
	madt_end += 6;
	madt_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
}

UNIT_TEST(too_many_cpus_keeps_the_first_fw_max_cpus)
{
	struct fw_config cfg;
	const char *why;
	int i;

	fake_reset();
	rsdp(RSDP_AT, 0, RSDT_AT, 0);
	root(RSDT_AT, 4);
	madt_begin();
	for (i = 0; i < FW_MAX_CPUS + 4; i++)
		madt_lapic((uint8_t)i, 1);
	madt_lapic(5, 1);                      /* a duplicate id counts once */
	madt_finish();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(FW_MAX_CPUS, cfg.ncpus);
	CHECK_EQ(4, cfg.cpus_over_limit);
	CHECK_EQ(FW_MAX_CPUS - 1, (int)cfg.apic_id[FW_MAX_CPUS - 1]);
	CHECK_EQ(0, cfg.nioapic);
}

UNIT_TEST(only_disabled_cpus_is_an_error)
{
	struct fw_config cfg;
	const char *why;

	fake_reset();
	rsdp(RSDP_AT, 0, RSDT_AT, 0);
	root(RSDT_AT, 4);
	madt_begin();
	madt_lapic(0, 0);
	madt_lapic(1, 2);                      /* online-capable only: skipped */
	madt_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK_EQ(2, cfg.cpus_disabled);
}

UNIT_TEST(x2apic_entries_are_noted)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	madt_x2apic(5, 1);                     /* usable in xAPIC mode */
	madt_x2apic(300, 1);                   /* needs x2APIC mode */
	madt_x2apic(6, 0);                     /* disabled */
	madt_finish();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(3, cfg.x2apic_entries);
	CHECK_EQ(1, cfg.x2apic_only);
	CHECK_EQ(4, cfg.ncpus);                /* 300 is kept for x2APIC mode */
	CHECK_EQ(5, cfg.apic_id[2]);
	CHECK_EQ(300, cfg.apic_id[3]);
	CHECK_EQ(2, cfg.cpus_disabled);
}

UNIT_TEST(rsdp_in_the_ebda_is_found)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	memset(fake_mem + RSDP_AT, 0, 36);
	put16(0x40E, 0x9FC0);                  /* EBDA at 0x9FC00 */
	rsdp(0x9FC00 + 0x40, 0, RSDT_AT, 0);
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
}

UNIT_TEST(xsdt_preferred_and_rsdt_used_when_it_is_broken)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	rsdp(RSDP_AT, 2, 0x1F0000u, XSDT_AT);  /* RSDT pointer: garbage */
	root(XSDT_AT, 8);
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
	/* Now a bad XSDT and a good RSDT. */
	rsdp(RSDP_AT, 2, RSDT_AT, XSDT_AT);
	fake_mem[XSDT_AT + 40] ^= 0x10;
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
}

/* ---- ACPI as UEFI firmware lays it out --------------------------------- */

/* The tables as they are now must be refused, for the reason given. */
static void check_refused(int line, const char *expected_why)
{
	struct fw_config cfg;
	const char *why;

	if (parse(&cfg, &why) != -1 || strcmp(why, expected_why) != 0)
		unit_fail(__FILE__, line, "refused because '%s', expected '%s'",
			  why, expected_why);
}

#define MADT2_AT 0x180000u                 /* a MADT only the XSDT lists */

/* An ACPI 2.0 RSDP whose XSDT lists the MADT at MADT2_AT (64-bit entries,
 * one of them above 4 GiB) and whose RSDT lists no MADT. */
static void uefi_machine(void)
{
	good_machine();
	memcpy(fake_mem + MADT2_AT, fake_mem + MADT_AT, madt_end - MADT_AT);
	memset(fake_mem + MADT_AT, 0, madt_end - MADT_AT);
	put32(XSDT_AT + 36, FACP_AT);
	put32(XSDT_AT + 44, 0x7000);           /* 0x1_0000_7000: above 4 GiB */
	put32(XSDT_AT + 48, 1);
	put32(XSDT_AT + 52, MADT2_AT);
	sdt_finish(XSDT_AT, "XSDT", 36 + 3 * 8);
	put32(RSDT_AT + 36, FACP_AT);
	sdt_finish(RSDT_AT, "RSDT", 36 + 4);
	rsdp(RSDP_AT, 2, RSDT_AT, XSDT_AT);
}

UNIT_TEST(xsdt_64bit_entries_find_a_madt_the_rsdt_does_not_list)
{
	struct fw_config cfg;
	const char *why;

	uefi_machine();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
	CHECK(cfg.xsdt_problem == 0);
}

UNIT_TEST(table_listed_only_above_4gib_is_refused)
{
	uefi_machine();
	put32(XSDT_AT + 52, 0);                /* the MADT entry goes too */
	sdt_finish(XSDT_AT, "XSDT", 36 + 2 * 8);
	check_refused(__LINE__, "listed only above 4 GiB");
}

/* good_machine with an ACPI 2.0 RSDP and a good XSDT beside the RSDT. */
static void acpi2_machine(void)
{
	good_machine();
	rsdp(RSDP_AT, 2, RSDT_AT, XSDT_AT);
	root(XSDT_AT, 8);
}

/* Each way an XSDT can be unusable: noted, and the RSDT is used. */
static void check_xsdt_fallback(const char *expected_problem)
{
	struct fw_config cfg;
	const char *why;

	if (parse(&cfg, &why) != 0) {
		unit_fail(__FILE__, __LINE__, "no fallback to the RSDT: %s", why);
		return;
	}
	if (cfg.ncpus != 2 || !cfg.xsdt_problem ||
	    strcmp(cfg.xsdt_problem, expected_problem) != 0)
		unit_fail(__FILE__, __LINE__, "ncpus %d, problem '%s', expected 2, '%s'",
			  cfg.ncpus, cfg.xsdt_problem ? cfg.xsdt_problem : "(none)",
			  expected_problem);
}

UNIT_TEST(xsdt_outside_memory_falls_back_on_the_rsdt)
{
	good_machine();
	rsdp(RSDP_AT, 2, RSDT_AT, 0x7FFF0000u);   /* beyond the 2 MiB of RAM */
	check_xsdt_fallback("table not mappable");
}

UNIT_TEST(xsdt_above_4gib_falls_back_on_the_rsdt)
{
	acpi2_machine();
	put32(RSDP_AT + 28, 1);
	fix_checksum(RSDP_AT, 36, RSDP_AT + 32);
	check_xsdt_fallback("above 4 GiB");
}

UNIT_TEST(xsdt_zero_length_falls_back_on_the_rsdt)
{
	acpi2_machine();
	put32(XSDT_AT + 4, 0);
	check_xsdt_fallback("table length out of range");
}

UNIT_TEST(xsdt_bad_checksum_falls_back_on_the_rsdt)
{
	acpi2_machine();
	fake_mem[XSDT_AT + 40] ^= 0x10;
	check_xsdt_fallback("table checksum bad");
}

UNIT_TEST(xsdt_with_rsdt_signature_falls_back_on_the_rsdt)
{
	good_machine();
	rsdp(RSDP_AT, 2, RSDT_AT, XSDT_AT);
	root(XSDT_AT, 4);                      /* an "RSDT" where the XSDT should be */
	check_xsdt_fallback("wrong signature");
}

UNIT_TEST(rsdp_extended_checksum_bad_falls_back_on_the_rsdt)
{
	acpi2_machine();
	fake_mem[RSDP_AT + 33] ^= 1;
	check_xsdt_fallback("the RSDP's extended checksum is bad");
}

UNIT_TEST(madt_shorter_than_its_header_is_refused)
{
	good_machine();
	put32(MADT_AT + 4, 20);
	check_refused(__LINE__, "table length out of range");
	put32(MADT_AT + 4, 0);
	check_refused(__LINE__, "table length out of range");
}

UNIT_TEST(madt_without_room_for_its_flags_is_refused)
{
	good_machine();
	sdt_finish(MADT_AT, "APIC", 40);
	check_refused(__LINE__, "MADT too short");
}

UNIT_TEST(rsdt_and_xsdt_both_broken_is_refused)
{
	good_machine();
	rsdp(RSDP_AT, 2, RSDT_AT, 0x7FFF0000u);   /* an XSDT outside memory */
	fake_mem[RSDT_AT + 37] ^= 1;
	check_refused(__LINE__, "table checksum bad");
}

UNIT_TEST(boot_loader_rsdp_copy_is_used_before_the_bios_area)
{
	struct fw_config cfg;
	const char *why;
	uint8_t copy[36];

	uefi_machine();                        /* the ACPI 2.0 RSDP */
	memcpy(copy, fake_mem + RSDP_AT, 36);
	memset(fake_mem + RSDP_AT, 0, 36);     /* nothing in the BIOS area */
	CHECK_EQ(-1, parse(&cfg, &why));
	acpi_set_rsdp(copy, sizeof(copy));
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
	copy[16] ^= 1;                         /* a bad copy: the scan goes on */
	acpi_set_rsdp(copy, sizeof(copy));
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "RSDP checksum bad") == 0);
	acpi_set_rsdp(0, 0);
}

UNIT_TEST(nmi_pin_entries_lapic_and_x2apic)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(-1, cfg.nmi_lint);            /* not said */
	put8(madt_end, 10); put8(madt_end + 1, 12);   /* x2APIC NMI, all CPUs, LINT0 */
	put32(madt_end + 4, 0xFFFFFFFFu);
	put8(madt_end + 8, 0);
	madt_end += 12;
	madt_finish();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(0, cfg.nmi_lint);
	put8(madt_end, 4); put8(madt_end + 1, 6);     /* LAPIC NMI, all CPUs, LINT1 */
	put8(madt_end + 2, 0xFF);
	put8(madt_end + 5, 1);
	madt_end += 6;
	madt_finish();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(1, cfg.nmi_lint);
}

UNIT_TEST(short_x2apic_nmi_entry_is_refused)
{
	good_machine();
	put8(madt_end, 10); put8(madt_end + 1, 8);    /* needs 12 */
	madt_end += 8;
	madt_finish();
	check_refused(__LINE__, "truncated MADT entry");
}
