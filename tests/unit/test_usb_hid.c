/*
 * test_usb_hid.c - boot keyboard reports to characters (kernel/usb/
 * hid_kbd.c): a key types once when it appears, not again while held;
 * shift; several keys in one report; the rollover report ignored; key
 * repeat after 500 ms then every 100 ms, stopped by the release; short and
 * long reports.
 */
#include <string.h>
#include "unit.h"
#include "usb/hid_kbd.h"

static char typed[64];
static int ntyped;

static void emit(char c)
{
	if (ntyped < (int)sizeof(typed) - 1)
		typed[ntyped++] = c;
	typed[ntyped] = 0;
}

static void fresh(struct hid_kbd *k)
{
	memset(k, 0, sizeof(*k));
	ntyped = 0;
	typed[0] = 0;
}

static const uint8_t none[8], s_down[8] = { 0, 0, 0x16 };
static const uint8_t shift_s[8] = { 0x02, 0, 0x16 }, s_and_r[8] = { 0, 0, 0x16, 0x15 };
static const uint8_t rollover[8] = { 0, 0, 1, 1, 1, 1, 1, 1 };

UNIT_TEST(press_types_once_release_and_press_again)
{
	struct hid_kbd k;

	fresh(&k);
	CHECK_EQ(0, hid_kbd_report(&k, s_down, 8, 0, emit));
	CHECK_EQ(0, hid_kbd_report(&k, s_down, 8, 10, emit));      /* still held */
	CHECK_EQ(0, hid_kbd_report(&k, none, 8, 20, emit));
	CHECK_EQ(0, hid_kbd_report(&k, s_down, 8, 30, emit));
	CHECK(strcmp(typed, "ss") == 0);
}

UNIT_TEST(shift_two_keys_and_rollover)
{
	struct hid_kbd k;

	fresh(&k);
	hid_kbd_report(&k, shift_s, 8, 0, emit);
	hid_kbd_report(&k, none, 8, 1, emit);
	hid_kbd_report(&k, s_down, 8, 2, emit);
	hid_kbd_report(&k, s_and_r, 8, 3, emit);                   /* only r is new */
	hid_kbd_report(&k, rollover, 8, 4, emit);                  /* ignored */
	hid_kbd_report(&k, s_and_r, 8, 5, emit);                   /* nothing new */
	CHECK(strcmp(typed, "Ssr") == 0);
}

UNIT_TEST(repeat_after_500_ms_every_100_until_release)
{
	struct hid_kbd k;
	uint32_t t;

	fresh(&k);
	hid_kbd_report(&k, s_down, 8, 1000, emit);
	for (t = 1000; t <= 1850; t++)
		hid_kbd_repeat(&k, t, emit);
	/* 1000: typed; 1500, 1600, 1700, 1800: repeats */
	CHECK_EQ(5, ntyped);
	hid_kbd_report(&k, none, 8, 1850, emit);
	for (; t <= 3000; t++)
		hid_kbd_repeat(&k, t, emit);
	CHECK_EQ(5, ntyped);
}

UNIT_TEST(short_and_long_reports)
{
	struct hid_kbd k;
	uint8_t long_report[12] = { 0, 0, 0x19, 0, 0, 0, 0, 0, 0x05 };

	fresh(&k);
	CHECK_EQ(-1, hid_kbd_report(&k, s_down, 2, 0, emit));      /* no key bytes */
	CHECK_EQ(0, ntyped);
	CHECK_EQ(0, hid_kbd_report(&k, s_down, 3, 0, emit));
	CHECK_EQ(0, hid_kbd_report(&k, long_report, sizeof(long_report), 1, emit));
	CHECK(strcmp(typed, "sv") == 0);                           /* byte 8 is not a key */
}
