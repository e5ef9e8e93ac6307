/*
 * hid_kbd.c - boot keyboard reports to characters through the one key
 * table (console/keymap.c), and key repeat (hid_kbd.h).
 */
#include "usb/hid_kbd.h"
#include "console/keymap.h"

static int held_in(const uint8_t *report, size_t n, uint8_t usage)
{
	size_t i;

	for (i = 2; i < n; i++)
		if (report[i] == usage)
			return 1;
	return 0;
}

int hid_kbd_report(struct hid_kbd *k, const uint8_t *r, size_t n, uint32_t now_ms,
		   void (*emit)(char c))
{
	size_t i;
	char c;

	if (n < 3)
		return -1;
	if (n > HID_BOOT_REPORT_LEN)
		n = HID_BOOT_REPORT_LEN;       /* a longer report: the boot part */
	if (r[2] == USAGE_ROLLOVER)
		return 0;
	for (i = 2; i < n; i++) {
		if (r[i] == USAGE_NONE || held_in(k->last, HID_BOOT_REPORT_LEN, r[i]))
			continue;
		c = keymap_char(r[i], r[0]);
		if (c)
			emit(c);
		k->repeat_usage = r[i];        /* the newest key repeats */
		k->repeat_at_ms = now_ms + HID_REPEAT_DELAY_MS;
	}
	for (i = 0; i < HID_BOOT_REPORT_LEN; i++)
		k->last[i] = i < n ? r[i] : 0;
	if (!held_in(k->last, HID_BOOT_REPORT_LEN, k->repeat_usage))
		k->repeat_usage = USAGE_NONE;
	return 0;
}

void hid_kbd_repeat(struct hid_kbd *k, uint32_t now_ms, void (*emit)(char c))
{
	char c;

	if (k->repeat_usage == USAGE_NONE || (int32_t)(now_ms - k->repeat_at_ms) < 0)
		return;
	c = keymap_char(k->repeat_usage, k->last[0]);
	if (c)
		emit(c);
	k->repeat_at_ms = now_ms + HID_REPEAT_EVERY_MS;
}
