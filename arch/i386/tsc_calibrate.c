/*
 * tsc_calibrate.c - the TSC's rate, measured against a reference clock of
 * known frequency: PIT channel 2 (pit.c) or, where the PIT is dead, the
 * ACPI PM timer (pmtimer.c).  Both are free-running counters read through
 * I/O ports (timer.h's struct ref_clock).
 *
 * Each end of a window is a pair read side by side: TSC, reference, TSC.
 * The tightest of a few such reads is kept and the reference value is
 * placed in the middle of its two TSC reads, so a late read (the host
 * pausing this vCPU, an SMI) makes a pair wide and it is dropped, instead
 * of stretching the window.  An end is then off by about one reference
 * tick (0.84 us for the PIT, 0.28 us for the PM timer) plus half the
 * pair, a few us under QEMU TCG: in a TSC_CAL_WINDOW_US window that is
 * about 0.1%, where the clock checks allow 2% (the LAPIC timer) and 10%
 * (jiffies against the TSC).  Three windows, the median kept.
 *
 * The LAPIC timer is then timed by the TSC itself (lapic.c), with the same
 * pair reads: the TSC's resolution is a fraction of a nanosecond, so a 1 ms
 * window is enough.
 *
 * Boot CPU only, before the other CPUs run: no locking.
 */
#include "arch/timer.h"
#include "arch/cpu.h"
#include "console/printk.h"

#define PAIR_TRIES 4
#define CAL_ROUNDS 3

static const char *tsc_reference;     /* NULL: the TSC's rate is a guess */

uint32_t read_beside_tsc(uint32_t (*read)(void), uint64_t *tsc)
{
	uint64_t best_width = ~0ull;
	uint32_t value = 0;
	int i;

	for (i = 0; i < PAIR_TRIES; i++) {
		uint64_t t0 = rdtsc();
		uint32_t v = read();
		uint64_t t1 = rdtsc();

		if (t1 - t0 < best_width) {
			best_width = t1 - t0;
			value = v;
			*tsc = t0 + (t1 - t0) / 2;
		}
	}
	return value;
}

uint64_t median_of(uint64_t *v, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {                     /* insertion sort */
		uint64_t x = v[i];

		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	return n ? v[n / 2] : 0;
}

/* TSC cycles per second over one window of `ref`, 0 if it overran. */
static uint64_t one_window(const struct ref_clock *ref, uint32_t window)
{
	uint64_t t0, t1;
	uint32_t r0, r1, dr;

	ref->start();
	r0 = read_beside_tsc(ref->read, &t0);
	while (((ref->read() - r0) & ref->mask) < window)
		cpu_relax();
	r1 = read_beside_tsc(ref->read, &t1);
	dr = (r1 - r0) & ref->mask;
	if (ref->overran() || dr == 0)
		return 0;
	return (t1 - t0) * ref->hz / dr;
}

void tsc_calibrate_against(const struct ref_clock *ref)
{
	uint32_t window = (uint32_t)((uint64_t)ref->hz * TSC_CAL_WINDOW_US / 1000000);
	uint64_t got[CAL_ROUNDS], hz, t_start = rdtsc();
	int i, n = 0;

	for (i = 0; i < CAL_ROUNDS; i++)
		if ((hz = one_window(ref, window)) != 0)
			got[n++] = hz;
	boot_calibration_cycles += rdtsc() - t_start;
	if (n == 0) {
		printk("nickel: timer: every window of %s overran; the TSC is guessed at "
		       "%u kHz\n", ref->name, tsc_khz());
		return;
	}
	tsc_set_per_us((median_of(got, n) + 500000) / 1000000);   /* rounded */
	tsc_reference = ref->name;
	printk("nickel: timer: TSC %u kHz, calibrated against %s\n", tsc_khz(), ref->name);
}

const char *tsc_calibrated_against(void)
{
	return tsc_reference;
}
