/*
 * test_nanosleep.c - nanosleep's arithmetic (kernel/proc/nanosleep.h),
 * with hand-worked values: never shorter than asked, and the time left
 * never wraps when the clock has passed the deadline.
 */
#include "unit.h"
#include "proc/nanosleep.h"

UNIT_TEST(ticks_round_up_and_add_the_tick_in_progress)
{
	CHECK_EQ(1u, nanosleep_ticks(0, 0));            /* 0 ms + 1 */
	CHECK_EQ(2u, nanosleep_ticks(0, 1));            /* 1 ns -> 1 ms, + 1 */
	CHECK_EQ(21u, nanosleep_ticks(0, 20000000));    /* 20 ms exactly */
	CHECK_EQ(22u, nanosleep_ticks(0, 20037000));    /* 20.037 ms -> 21, + 1 */
	CHECK_EQ(3002u, nanosleep_ticks(3, 1000000));   /* 3 s + 1 ms, + 1 */
}

UNIT_TEST(ticks_of_a_huge_request_are_capped)
{
	CHECK_EQ(NANOSLEEP_MAX_TICKS, nanosleep_ticks(0x7FFFFFFF, 999999999));
}

UNIT_TEST(request_in_microseconds_rounds_up)
{
	CHECK_EQ(20037ull, nanosleep_us(0, 20037000));
	CHECK_EQ(20038ull, nanosleep_us(0, 20037001));
	CHECK_EQ(2000001ull, nanosleep_us(2, 1));
}

UNIT_TEST(ticks_left_round_up_to_whole_ticks)
{
	CHECK_EQ(1u, nanosleep_ticks_left(20000, 19999));   /* 1 us left */
	CHECK_EQ(1u, nanosleep_ticks_left(20000, 19000));   /* 1000 us */
	CHECK_EQ(2u, nanosleep_ticks_left(20000, 18999));   /* 1001 us */
	CHECK_EQ(8u, nanosleep_ticks_left(27500, 20000));   /* 7500 us */
}

/* The lost wake-up: the deadline test saw 19999 us, the clock then moved
 * past 20000.  Computed from one reading, nothing is left to sleep; the old
 * second reading gave (20000 - 20001 + 999) / 1000 in 64 bits, a wrap
 * capped to 0x7FFFFFFF ticks: 24.8 days. */
UNIT_TEST(ticks_left_are_zero_once_the_clock_passed_the_deadline)
{
	CHECK_EQ(0u, nanosleep_ticks_left(20000, 20000));
	CHECK_EQ(0u, nanosleep_ticks_left(20000, 20001));
	CHECK_EQ(0u, nanosleep_ticks_left(20000, 45000));
	CHECK_EQ(0u, nanosleep_ticks_left(0, ~0ull));
}
