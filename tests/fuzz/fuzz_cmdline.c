/*
 * fuzz_cmdline.c - the kernel command line (kernel/boot/cmdline.c) on any
 * bytes: the input, NUL-terminated in a buffer of exactly its size, is
 * parsed in place.  Every setting must stay in its field and init's argv
 * must point into the line.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "boot/cmdline.h"

static void quiet(const char *msg) { (void)msg; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct boot_args a;
	char *line;
	int i;

	if (size > 4096)
		return 0;
	line = malloc(size + 1);
	memcpy(line, data, size);
	line[size] = 0;
	boot_args_defaults(&a);
	if (cmdline_parse(&a, line, quiet) < 0)
		abort();
	if (a.nr_nice < 0 || a.nr_nice > MAX_NICE_LIST || a.argc < 0 || a.argc > MAX_INIT_ARGS)
		abort();
	for (i = 0; i < a.nr_nice; i++)
		if (a.nice[i] < -20 || a.nice[i] > 19)
			abort();
	for (i = 0; i < a.argc; i++)
		if (a.argv[i] < line || a.argv[i] > line + size)
			abort();                 /* init's words are cut from the line */
	if (memchr(a.policy, 0, sizeof(a.policy)) == 0 || memchr(a.demo, 0, sizeof(a.demo)) == 0 ||
	    memchr(a.init, 0, sizeof(a.init)) == 0 || memchr(a.crash, 0, sizeof(a.crash)) == 0)
		abort();                         /* every string field ends inside */
	free(line);
	return 0;
}
