/*
 * kcov_all.c - kernel-wide coverage (kcov=all): every PC that any code of
 * the coverage kernel reaches, on any CPU, in any task or interrupt, from
 * kmain's first block to power-off, kept as one bit per 4 bytes of kernel
 * text, and printed over serial at power-off for tools/coverage.
 *
 * The map.  A PC is the return address of a 5-byte call to
 * __sanitizer_cov_trace_pc, so two PCs lie at least 5 bytes apart and never
 * share a 4-byte slot: the bit names its call site exactly (tools/coverage
 * finds the call sites in the ELF).  The map is sized for MAX_TEXT bytes;
 * the text actually used is __kernel_start..__text_end (linker.ld).
 *
 * Locking: none.  A bit only ever goes from 0 to 1, by an atomic OR, so
 * CPUs, interrupts and the double-fault handler may all record at once; a
 * bit already set costs one load.  The dump reads each word once and
 * counts what it printed, so a bit set while it prints is either in both
 * the line and the count or in neither.
 *
 * The coverage kernel always records (so boot code before the command
 * line is parsed is in the map too); kcov=all only asks for the dump.
 * The plain kernel has none of this: kcov=all there is a one-line error.
 */
#include "kcov/kcov.h"
#include "boot/cmdline.h"
#include "console/printk.h"
#include "lib/string.h"

static int kcov_all_wanted(void)
{
	return !strcmp(boot_args.kcov, "all");
}

#ifdef CONFIG_KCOV
#define SLOT_SHIFT      2                   /* one bit per 4 bytes of text */
#define MAX_TEXT        (1u << 20)          /* 1 MiB of text: a 32 KiB map */
#define MAP_BITS        (MAX_TEXT >> SLOT_SHIFT)
#define WORDS_PER_LINE  8                   /* 1 KiB of text per dump line */

extern char __kernel_start[], __text_end[];
static uint32_t reached[MAP_BITS / 32];
static int dumped;                          /* 0 -> 1 once (atomic exchange) */

/* Called by the callback (kcov.c) for every block; kcov/ is not itself
 * instrumented, so this never calls itself. */
void kcov_all_record(uint32_t pc)
{
	uint32_t slot = (pc - (uint32_t)__kernel_start) >> SLOT_SHIFT;
	uint32_t bit = 1u << (slot & 31);

	if (slot >= MAP_BITS)
		return;                     /* not kernel text: cannot happen */
	if (!(reached[slot / 32] & bit))
		__atomic_fetch_or(&reached[slot / 32], bit, __ATOMIC_RELAXED);
}

static uint32_t text_bytes(void)
{
	return (uint32_t)(__text_end - __kernel_start);
}

void kcov_all_boot(void)
{
	if (!kcov_all_wanted())
		return;
	if (text_bytes() > MAX_TEXT) {
		printk("nickel: bad argument 'kcov=all': %u KiB of kernel text, the map "
		       "holds %u KiB (kernel/kcov/kcov_all.c MAX_TEXT)\n",
		       text_bytes() / 1024, MAX_TEXT / 1024);
		strncpy(boot_args.kcov, "off", sizeof(boot_args.kcov));
		return;
	}
	printk("nickel: kcov=all: every PC of %u KiB of kernel text is recorded; "
	       "the set is printed at power-off\n", text_bytes() / 1024);
}

/*
 *   kcov-all: begin base=c0100000 slot=4 words=W
 *   kcov-all: @I xxxxxxxx xxxxxxxx ...    (words I.., skipped when all 0)
 *   kcov-all: end lines=L bits=N
 * Bit b of word I stands for the slot base + 4 * (32 * I + b).
 */
void kcov_all_dump(void)
{
	uint32_t words = (text_bytes() + (32u << SLOT_SHIFT) - 1) / (32u << SLOT_SHIFT);
	uint32_t i, j, lines = 0, bits = 0;

	if (!kcov_all_wanted() || __sync_lock_test_and_set(&dumped, 1))
		return;
	printk("kcov-all: begin base=%08x slot=%u words=%u\n",
	       (uint32_t)__kernel_start, 1u << SLOT_SHIFT, words);
	for (i = 0; i < words; i += WORDS_PER_LINE) {
		uint32_t w[WORDS_PER_LINE], any = 0;
		char line[WORDS_PER_LINE * 9 + 1], *p = line;

		for (j = 0; j < WORDS_PER_LINE; j++) {
			w[j] = i + j < words ? __atomic_load_n(&reached[i + j], __ATOMIC_RELAXED) : 0;
			any |= w[j];
			bits += __builtin_popcount(w[j]);
		}
		if (!any)
			continue;
		for (j = 0; j < WORDS_PER_LINE && i + j < words; j++)
			p += snprintf(p, line + sizeof(line) - p, " %08x", w[j]);
		printk("kcov-all: @%u%s\n", i, line);
		lines++;
	}
	printk("kcov-all: end lines=%u bits=%u\n", lines, bits);
}
#else
void kcov_all_boot(void)
{
	if (kcov_all_wanted())
		printk("nickel: bad argument 'kcov=all': only the coverage kernel "
		       "build/nickel-kcov.elf records coverage (make kcov)\n");
}
#endif
