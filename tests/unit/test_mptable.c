/*
 * test_mptable.c - the MP table parser (arch/i386/mptable.c) on fabricated
 * tables: a good one (QEMU-like, IRQ 0 on pin 2), checksums, truncated and
 * unknown entries, disabled and too many CPUs, the three search areas.
 */
#include "unit.h"
#include "fw_fake.h"

#define MPF_AT 0xF5000u
#define CFG_AT 0xF6000u

static uint32_t cfg_end;
static uint16_t cfg_count;

static void mpf(uint32_t at, uint32_t table, uint8_t default_cfg)
{
	putstr(at, "_MP_");
	put32(at + 4, table);
	put8(at + 8, 1);                       /* length: 1 paragraph */
	put8(at + 9, 4);                       /* spec 1.4 */
	put8(at + 11, default_cfg);
	fix_checksum(at, 16, at + 10);
}

static void cfg_begin(void)
{
	putstr(CFG_AT, "PCMP");
	put8(CFG_AT + 6, 4);
	put32(CFG_AT + 36, 0xFEE00000u);
	cfg_end = CFG_AT + 44;
	cfg_count = 0;
}

static void cpu(uint8_t id, uint8_t flags)
{
	put8(cfg_end, 0); put8(cfg_end + 1, id); put8(cfg_end + 2, 0x14);
	put8(cfg_end + 3, flags);
	cfg_end += 20;
	cfg_count++;
}

static void bus(uint8_t id, const char *type)
{
	put8(cfg_end, 1); put8(cfg_end + 1, id);
	putstr(cfg_end + 2, type);
	cfg_end += 8;
	cfg_count++;
}

static void ioapic(uint8_t id, uint32_t addr)
{
	put8(cfg_end, 2); put8(cfg_end + 1, id); put8(cfg_end + 2, 0x11);
	put8(cfg_end + 3, 1);
	put32(cfg_end + 4, addr);
	cfg_end += 8;
	cfg_count++;
}

static void ioint(uint8_t busid, uint8_t irq, uint8_t apic, uint8_t pin, uint16_t flags)
{
	put8(cfg_end, 3); put8(cfg_end + 1, 0); put16(cfg_end + 2, flags);
	put8(cfg_end + 4, busid); put8(cfg_end + 5, irq);
	put8(cfg_end + 6, apic); put8(cfg_end + 7, pin);
	cfg_end += 8;
	cfg_count++;
}

static void cfg_finish(void)
{
	put16(CFG_AT + 4, (uint16_t)(cfg_end - CFG_AT));
	put16(CFG_AT + 34, cfg_count);
	fix_checksum(CFG_AT, cfg_end - CFG_AT, CFG_AT + 7);
}

static void good_machine(void)
{
	fake_reset();
	mpf(MPF_AT, CFG_AT, 0);
	cfg_begin();
	cpu(0, 3);                             /* enabled, boot processor */
	cpu(1, 1);
	cpu(2, 0);                             /* disabled */
	bus(0, "PCI   ");
	bus(1, "ISA   ");
	ioapic(2, 0xFEC00000u);
	ioint(1, 0, 2, 2, 0);                  /* ISA IRQ 0 -> pin 2 */
	ioint(1, 1, 2, 1, 0);
	ioint(0, 5, 2, 11, 0xF);               /* a PCI line: not ISA */
	cfg_finish();
}

static int parse(struct fw_config *cfg, const char **why)
{
	*why = "";
	return mptable_parse(fake_map, 0, cfg, why);
}

UNIT_TEST(good_table_gives_cpus_ioapic_and_isa_pins)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
	CHECK_EQ(1, cfg.apic_id[1]);
	CHECK_EQ(1, cfg.cpus_disabled);
	CHECK_EQ(1, cfg.nioapic);
	CHECK_EQ(2, cfg.ioapic_id);
	CHECK_EQ(0xFEC00000u, cfg.ioapic_phys);
	CHECK_EQ(2, cfg.isa[0].gsi);
	CHECK_EQ(1, cfg.isa[1].gsi);
	CHECK_EQ(5, cfg.isa[5].gsi);           /* the PCI entry changed nothing */
	CHECK_EQ(0, cfg.isa[5].level);
	CHECK(strcmp(cfg.source, "MP table") == 0);
	CHECK_EQ(0, cfg.imcr);                 /* virtual-wire board */
	fake_mem[MPF_AT + 12] = 0x80;          /* PIC mode behind an IMCR */
	fix_checksum(MPF_AT, 16, MPF_AT + 10);
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(1, cfg.imcr);
}

UNIT_TEST(bad_floating_pointer_checksum)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	fake_mem[MPF_AT + 4] ^= 1;
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "MP floating pointer checksum bad") == 0);
}

UNIT_TEST(bad_config_table_checksum)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	fake_mem[CFG_AT + 45] ^= 1;
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "MP configuration table checksum bad") == 0);
}

UNIT_TEST(entry_count_beyond_the_table_is_truncated)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	cfg_count += 1;                        /* one more than the bytes hold */
	cfg_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "truncated MP entry") == 0);
}

UNIT_TEST(unknown_entry_type_is_refused)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	put8(cfg_end, 0x42);
	cfg_end += 8;
	cfg_count++;
	cfg_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "unknown MP entry type") == 0);
}

UNIT_TEST(too_many_cpus_keeps_the_first_fw_max_cpus)
{
	struct fw_config cfg;
	const char *why;
	int i;

	fake_reset();
	mpf(MPF_AT, CFG_AT, 0);
	cfg_begin();
	for (i = 0; i < FW_MAX_CPUS + 2; i++)
		cpu((uint8_t)i, 1);
	cfg_finish();
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(FW_MAX_CPUS, cfg.ncpus);
	CHECK_EQ(2, cfg.cpus_over_limit);
	CHECK_EQ(0, cfg.nioapic);
}

UNIT_TEST(only_disabled_cpus_is_an_error)
{
	struct fw_config cfg;
	const char *why;

	fake_reset();
	mpf(MPF_AT, CFG_AT, 0);
	cfg_begin();
	cpu(0, 0);
	cfg_finish();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK_EQ(1, cfg.cpus_disabled);
}

UNIT_TEST(default_configuration_is_not_supported)
{
	struct fw_config cfg;
	const char *why;

	fake_reset();
	mpf(MPF_AT, 0, 5);
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strstr(why, "default configuration") != 0);
}

UNIT_TEST(found_in_ebda_and_in_last_kib_of_base_memory)
{
	struct fw_config cfg;
	const char *why;

	good_machine();
	memset(fake_mem + MPF_AT, 0, 16);
	put16(0x40E, 0x9000);                  /* EBDA at 0x90000 */
	mpf(0x90000 + 0x30, CFG_AT, 0);
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
	memset(fake_mem + 0x90030, 0, 16);
	put16(0x40E, 0);
	put16(0x413, 639);                     /* base memory 639 KiB */
	mpf(639 * 1024 - 1024 + 0x100, CFG_AT, 0);
	CHECK_EQ(0, parse(&cfg, &why));
	CHECK_EQ(2, cfg.ncpus);
}

UNIT_TEST(nothing_there)
{
	struct fw_config cfg;
	const char *why;

	fake_reset();
	CHECK_EQ(-1, parse(&cfg, &why));
	CHECK(strcmp(why, "no MP floating pointer") == 0);
}
