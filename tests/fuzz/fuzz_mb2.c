/*
 * fuzz_mb2.c - the Multiboot2 reader (kernel/boot/mb2.c) on any bytes: the
 * input is the whole boot information, given to mb2_parse with its exact
 * length, so ASan stops a read one byte past it.  What comes out must be
 * in range whatever came in.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include "boot/mb2.h"

static void quiet(const char *msg) { (void)msg; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mb2_info out;
	uint8_t *copy;

	if (size > MB2_MAX_INFO + 8)
		return 0;
	copy = malloc(size ? size : 1);      /* exact size: ASan's red zone follows */
	__builtin_memcpy(copy, data, size);
	mb2_parse(copy, (uint32_t)size, &out, quiet);
	if (out.nr_mmap > MB2_MAX_MMAP || out.nr_mods > MB2_MAX_MODS ||
	    (out.rsdp_len != 0 && out.rsdp_len != 20 && out.rsdp_len != 36))
		abort();                        /* the reader broke its own bounds */
	free(copy);
	return 0;
}
