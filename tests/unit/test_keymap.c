/*
 * test_keymap.c - the one key table (kernel/console/keymap.c): every key
 * the key handler acts on (KEYS_HANDLED, kernel/diag/keys.h) can be typed
 * on a USB keyboard (some usage, with or without shift, gives it) and on a
 * PS/2 keyboard (some set-1 make code gives that usage); v and b among
 * them, which the PS/2 driver's old table lacked.  Shift and Ctrl, the
 * 0xE0 keys, and codes out of the table's range.
 */
#include "unit.h"
#include "console/keymap.h"
#include "diag/keys.h"

/* A usage and modifiers that type c, found by trying them all: 0 if none. */
static int usb_types(char c, uint8_t *usage, uint8_t *mods)
{
	static const uint8_t try_mods[] = { 0, KEY_MOD_LSHIFT };
	unsigned u, m;

	for (m = 0; m < 2; m++)
		for (u = 0; u < 256; u++)
			if (keymap_char((uint8_t)u, try_mods[m]) == c) {
				*usage = (uint8_t)u;
				*mods = try_mods[m];
				return 1;
			}
	return 0;
}

static int ps2_has_usage(uint8_t usage)
{
	unsigned code, ext;

	for (ext = 0; ext < 2; ext++)
		for (code = 0; code < 0x80; code++)
			if (keymap_ps2_set1((uint8_t)code, (int)ext) == usage)
				return 1;
	return 0;
}

UNIT_TEST(every_handled_key_on_usb_and_ps2)
{
	const char *k;
	uint8_t usage, mods;

	for (k = KEYS_HANDLED; *k; k++) {
		if (!usb_types(*k, &usage, &mods))
			unit_fail(__FILE__, __LINE__, "key '%c': no USB usage types it", *k);
		else if (!ps2_has_usage(usage))
			unit_fail(__FILE__, __LINE__, "key '%c' (usage 0x%02x): no PS/2 code",
				  *k, usage);
	}
}

UNIT_TEST(ps2_v_and_b_through_the_table)
{
	CHECK_EQ('v', keymap_char(keymap_ps2_set1(0x2F, 0), 0));
	CHECK_EQ('b', keymap_char(keymap_ps2_set1(0x30, 0), 0));
	CHECK_EQ('s', keymap_char(keymap_ps2_set1(0x1F, 0), 0));
	CHECK_EQ('+', keymap_char(keymap_ps2_set1(0x4E, 0), 0));   /* keypad + */
	CHECK_EQ('+', keymap_char(keymap_ps2_set1(0x0D, 0), KEY_MOD_LSHIFT));
	CHECK_EQ('=', keymap_char(keymap_ps2_set1(0x0D, 0), 0));
	CHECK_EQ('\n', keymap_char(keymap_ps2_set1(0x1C, 1), 0));  /* keypad Enter */
}

UNIT_TEST(shift_ctrl_and_modifier_bits)
{
	CHECK_EQ('S', keymap_char(0x16, KEY_MOD_RSHIFT));
	CHECK_EQ('?', keymap_char(0x38, KEY_MOD_LSHIFT));
	CHECK_EQ(3, keymap_char(0x06, KEY_MOD_LCTRL));             /* Ctrl-C */
	CHECK_EQ(KEY_MOD_LCTRL, keymap_modifier_bit(0xE0));
	CHECK_EQ(KEY_MOD_RSHIFT, keymap_modifier_bit(0xE5));
	CHECK_EQ(0, keymap_modifier_bit(0x16));
	CHECK_EQ(0xE1, keymap_ps2_set1(0x2A, 0));                   /* LShift */
	CHECK_EQ(0xE4, keymap_ps2_set1(0x1D, 1));                   /* RCtrl */
}

UNIT_TEST(unknown_codes_type_nothing)
{
	unsigned u;

	CHECK_EQ(0, keymap_ps2_set1(0x7F, 0));
	CHECK_EQ(0, keymap_ps2_set1(0x48, 1));                      /* arrow up */
	CHECK_EQ(0, keymap_ps2_set1(0x2A, 1));                      /* fake shift */
	for (u = 0x64; u < 256; u++)
		CHECK_EQ(0, keymap_char((uint8_t)u, 0));
	CHECK_EQ(0, keymap_char(USAGE_ROLLOVER, 0));
}
