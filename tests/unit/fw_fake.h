/*
 * fw_fake.h - a fabricated "physical memory" for the firmware-table parser
 * tests (test_acpi.c, test_mptable.c): 2 MiB of zeroes that the tests fill
 * with tables, and the fw_map_fn callback the parsers read it through.
 */
#ifndef TEST_FW_FAKE_H
#define TEST_FW_FAKE_H
#include <stdint.h>
#include <string.h>
#include "arch/fw_tables.h"

#define FAKE_MEM_SIZE 0x200000u
static uint8_t fake_mem[FAKE_MEM_SIZE];

static const void *fake_map(uint32_t phys, uint32_t len, void *ctx)
{
	(void)ctx;
	if (phys >= FAKE_MEM_SIZE || len > FAKE_MEM_SIZE - phys)
		return 0;
	return fake_mem + phys;
}

static void fake_reset(void) { memset(fake_mem, 0, sizeof(fake_mem)); }

static void put8(uint32_t a, uint8_t v) { fake_mem[a] = v; }
static void put16(uint32_t a, uint16_t v) { put8(a, v & 0xFF); put8(a + 1, v >> 8); }
static void put32(uint32_t a, uint32_t v) { put16(a, v & 0xFFFF); put16(a + 2, v >> 16); }
static void putstr(uint32_t a, const char *s) { memcpy(fake_mem + a, s, strlen(s)); }

/* Make bytes [a, a+len) sum to 0 by setting the byte at `at`. */
static void fix_checksum(uint32_t a, uint32_t len, uint32_t at)
{
	uint8_t sum = 0;
	uint32_t i;

	fake_mem[at] = 0;
	for (i = 0; i < len; i++)
		sum += fake_mem[a + i];
	fake_mem[at] = (uint8_t)-sum;
}
#endif
