/*
 * keymap.h - the one key table of every keyboard.
 *
 * A key is named by its USB HID usage (usage page 7, "Keyboard/Keypad"):
 * a USB keyboard reports usages, the PS/2 driver turns scan codes (set 1)
 * into usages (keymap_ps2_set1), and keymap_char turns a usage and the
 * modifiers held into the character the console keys (kernel/diag/keys.c)
 * see.  The serial line sends characters already.  So a key added to the
 * key handler works on every keyboard once its character is in the table.
 * Plain C, no kernel state: built on the host too (tests/unit/test_keymap.c).
 */
#ifndef NICKEL_KEYMAP_H
#define NICKEL_KEYMAP_H
#include <stdint.h>

/* Modifier bits, as in byte 0 of a USB boot keyboard report. */
#define KEY_MOD_LCTRL  0x01
#define KEY_MOD_LSHIFT 0x02
#define KEY_MOD_LALT   0x04
#define KEY_MOD_LGUI   0x08
#define KEY_MOD_RCTRL  0x10
#define KEY_MOD_RSHIFT 0x20
#define KEY_MOD_RALT   0x40
#define KEY_MOD_RGUI   0x80
#define KEY_MOD_CTRL   (KEY_MOD_LCTRL | KEY_MOD_RCTRL)
#define KEY_MOD_SHIFT  (KEY_MOD_LSHIFT | KEY_MOD_RSHIFT)

#define USAGE_NONE       0x00
#define USAGE_ROLLOVER   0x01          /* "too many keys held" */
#define USAGE_FIRST_MOD  0xE0          /* 0xE0..0xE7: the eight modifiers */

/* The character of `usage` with modifiers `mods`; 0 when it has none. */
char keymap_char(uint8_t usage, uint8_t mods);
/* KEY_MOD_* of a modifier usage (0xE0..0xE7), else 0. */
uint8_t keymap_modifier_bit(uint8_t usage);
/* The usage of a set-1 make code (bit 7 clear); `extended`: it followed
 * the 0xE0 prefix.  USAGE_NONE for keys nickel has no use for. */
uint8_t keymap_ps2_set1(uint8_t code, int extended);
#endif
