/*
 * nanosleep.h - the arithmetic of nanosleep (kernel/proc/sys_time.c), portable
 * so that tests/unit/test_nanosleep.c can check it on the host.
 *
 * A sleep is first counted in timer ticks (1 ms at HZ 1000), then checked
 * against the TSC clock, the clock of clock_gettime (docs/time.md).
 */
#ifndef NICKEL_NANOSLEEP_H
#define NICKEL_NANOSLEEP_H
#include <stdint.h>

#define NANOSLEEP_MAX_TICKS 0x7FFFFFFFu    /* sleep_ms takes an unsigned int */

static inline unsigned nanosleep_cap(uint64_t ticks)
{
	return ticks > NANOSLEEP_MAX_TICKS ? NANOSLEEP_MAX_TICKS : (unsigned)ticks;
}

/* Ticks for a request: rounded up, plus one, because the tick in progress
 * is partly gone and a sleep must never be shorter than asked (Linux adds
 * a jiffy too). */
static inline unsigned nanosleep_ticks(uint32_t sec, uint32_t nsec)
{
	return nanosleep_cap((uint64_t)sec * 1000 + (nsec + 999999) / 1000000 + 1);
}

/* The request in microseconds, rounded up. */
static inline uint64_t nanosleep_us(uint32_t sec, uint32_t nsec)
{
	return (uint64_t)sec * 1000000 + (nsec + 999) / 1000;
}

/* Ticks still to sleep when the clock read `now_us`, before `end_us`.
 * Both times must come from the same reading: with a second reading the
 * clock may have passed end_us meanwhile, and end_us - now_us wraps to a
 * sleep of 24 days (the lost wake-up of docs/time.md). */
static inline unsigned nanosleep_ticks_left(uint64_t end_us, uint64_t now_us)
{
	if (now_us >= end_us)
		return 0;
	return nanosleep_cap((end_us - now_us + 999) / 1000);
}
#endif
