/*
 * check_clocks.h - jiffies against the TSC (kernel/diag/check_clocks.c).
 */
#ifndef NICKEL_CLOCK_CHECK_H
#define NICKEL_CLOCK_CHECK_H
#include <stdint.h>

uint32_t clock_tsc_ms(void);     /* ms since boot by the TSC */
void clock_check_report(void);   /* power-off: a line if ticks were lost */
#endif
