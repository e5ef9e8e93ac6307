/*
 * pmtimer.c - the ACPI power-management timer: a free-running counter at
 * 3.579545 MHz, 24 bits (32 with the FADT's TMR_VAL_EXT), read from the
 * FADT's PM_TMR_BLK port.  nickel needs it only where the PIT is dead (some
 * recent PCs gate the 8254's clock off): the TSC and the LAPIC timer are
 * then calibrated against it instead of PIT channel 2.
 */
#include "arch/acpi_platform.h"
#include "arch/timer.h"
#include "arch/io.h"
#include "arch/cpu.h"
#include "console/printk.h"

#define PM_TIMER_HZ 3579545u

static uint32_t pm_mask(void)
{
	return acpi_fadt.pm_tmr_32bit ? 0xFFFFFFFFu : 0xFFFFFFu;
}

static uint32_t pm_read(void)
{
	return inl(acpi_fadt.pm_tmr_port) & pm_mask();
}

static void pm_start(void)
{
}

static int pm_never_overran(void)
{
	return 0;                   /* 24 bits wrap after 4.7 s: one wrap is masked */
}

static const struct ref_clock pm_clock = {
	"the ACPI PM timer", PM_TIMER_HZ, 0, pm_start, pm_read, pm_never_overran,
};

/* The PM timer as a reference clock, or NULL when the FADT has none. */
const struct ref_clock *pm_timer_clock(void)
{
	static struct ref_clock c;

	if (!acpi_fadt_found || !acpi_fadt.pm_tmr_port)
		return 0;
	c = pm_clock;
	c.mask = pm_mask();
	return &c;
}

/* TSC ticks in a TSC_CAL_WINDOW_US window of `ref`, best (smallest) of
 * three: a host pause or an SMI only lengthens a window. */
void tsc_calibrate_against(const struct ref_clock *ref)
{
	uint32_t window = (uint32_t)((uint64_t)ref->hz * TSC_CAL_WINDOW_US / 1000000);
	uint64_t best = ~0ull, t_start = rdtsc();
	int i;

	for (i = 0; i < 3; i++) {
		uint32_t r0 = ref->read();
		uint64_t t0 = rdtsc(), d;

		while (((ref->read() - r0) & ref->mask) < window)
			cpu_relax();
		d = rdtsc() - t0;
		if (d < best)
			best = d;
	}
	tsc_set_per_us(best * ref->hz / ((uint64_t)window * 1000000));
	boot_calibration_cycles += rdtsc() - t_start;
	printk("nickel: timer: TSC %u kHz, calibrated against %s\n", tsc_khz(), ref->name);
}
