/*
 * fuzz_s5.c - the DSDT's \_S5 scan (acpi_find_s5, arch/i386/acpi_fadt.c)
 * on any bytes: the input is the whole DSDT, copied to exactly its size so
 * AddressSanitizer stops a read past it.  The scan needs no checksum, so
 * the fuzzer reaches every branch of the AML it decodes.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "arch/fw_tables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *dsdt, a = 0xFF, b = 0xFF;

	if (size > 0x100000)
		return 0;
	dsdt = malloc(size ? size : 1);
	memcpy(dsdt, data, size);
	if (acpi_find_s5(dsdt, (uint32_t)size, &a, &b) && (a > 7 || b > 7))
		abort();                         /* SLP_TYP is 3 bits */
	free(dsdt);
	return 0;
}
