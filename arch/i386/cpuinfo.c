/*
 * cpuinfo.c - what CPUID tells the scheduler: the L2 cache size, from
 * which 2.6 derived cache_decay_ticks (how long a task stays cache-hot).
 * Roughly 2 ticks for 512 KiB and 6 for 2 MiB, as the spec asks; 2 when
 * the CPU does not say.
 */
#include "arch/cpuinfo.h"
#include "arch/cpu.h"

unsigned cache_decay_from_cpuid(void)
{
	uint32_t r[4];
	unsigned l2_kb;

	cpuid(0x80000000, 0, r);
	if (r[0] < 0x80000006)
		return 2;
	cpuid(0x80000006, 0, r);
	l2_kb = r[2] >> 16;
	if (l2_kb == 0)
		return 2;
	return 1 + l2_kb / 400;        /* 512 KiB -> 2, 2 MiB -> 6 */
}
