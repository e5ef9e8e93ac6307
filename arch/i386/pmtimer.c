/*
 * pmtimer.c - the ACPI power-management timer: a free-running counter at
 * 3.579545 MHz, 24 bits (32 with the FADT's TMR_VAL_EXT), read from the
 * FADT's PM_TMR_BLK port.  nickel needs it only where the PIT is dead (some
 * recent PCs gate the 8254's clock off): the TSC is then calibrated
 * against it instead of PIT channel 2 (tsc_calibrate.c).
 */
#include "arch/acpi_platform.h"
#include "arch/timer.h"
#include "arch/io.h"

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
