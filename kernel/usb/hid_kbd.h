/*
 * hid_kbd.h - a USB boot keyboard's 8-byte report turned into characters
 * (HID 1.11, appendix B.1): byte 0 the modifiers, byte 1 reserved, bytes
 * 2..7 the usages of up to six keys held.  A key is typed when its usage
 * appears in a report; the report repeats nothing (SET_IDLE 0: reports
 * come only on a change), so nickel repeats a held key itself.
 * Plain C, no kernel state: host unit tests (test_usb_hid.c), fuzzers.
 */
#ifndef NICKEL_HID_KBD_H
#define NICKEL_HID_KBD_H
#include <stddef.h>
#include <stdint.h>

#define HID_BOOT_REPORT_LEN 8
#define HID_REPEAT_DELAY_MS 500        /* as a PC keyboard's typematic default */
#define HID_REPEAT_EVERY_MS 100

struct hid_kbd {
	uint8_t last[HID_BOOT_REPORT_LEN];     /* the previous report */
	uint8_t repeat_usage;                  /* the key that repeats, 0: none */
	uint32_t repeat_at_ms;                 /* when it types next */
};

/* One report: emit(c) for each key newly held.  -1 (nothing changes) for a
 * report shorter than 3 bytes; a "rollover" report (usages 0x01: too
 * many keys) is ignored as the HID spec asks. */
int hid_kbd_report(struct hid_kbd *k, const uint8_t *r, size_t n, uint32_t now_ms,
		   void (*emit)(char c));
/* Called often (each timer tick): the held key types again when due. */
void hid_kbd_repeat(struct hid_kbd *k, uint32_t now_ms, void (*emit)(char c));
#endif
