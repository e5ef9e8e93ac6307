/*
 * fuzz_hid.c - a USB boot keyboard's reports (kernel/usb/hid_kbd.c) on any
 * bytes: the input is a stream of records, one length byte (0..15) then that
 * many report bytes, each record 10 ms after the one before, with the
 * repeat timer run between them.  A report of any length is read only up to
 * its end (each is an exact heap copy), and every character typed is one
 * the key table can give (console/keymap.c): printable ASCII, Enter,
 * Backspace, Tab, Escape or a control character.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "usb/hid_kbd.h"

static unsigned typed;

static void emit(char c)
{
	unsigned char u = (unsigned char)c;

	if (u == 0 || u > 0x7E)
		abort();                        /* not a character of the table */
	typed++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hid_kbd k;
	uint32_t now = 0;
	size_t at = 0;

	memset(&k, 0, sizeof(k));
	while (at < size) {
		size_t len = data[at++] & 15;
		uint8_t *report;

		if (len > size - at)
			len = size - at;
		report = malloc(len ? len : 1);
		memcpy(report, data + at, len);
		hid_kbd_report(&k, report, len, now, emit);
		free(report);
		at += len;
		now += 10;
		hid_kbd_repeat(&k, now, emit);
	}
	if (typed > (size + 1) * 64)
		abort();                        /* more keys than reports and repeats allow */
	typed = 0;
	return 0;
}
