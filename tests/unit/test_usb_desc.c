/*
 * test_usb_desc.c - USB descriptors from a device (kernel/usb/usb_desc.c):
 * QEMU's usb-kbd's own descriptors give its boot keyboard; a mouse's and
 * a storage stick's give none; and malformed ones (short, wrong type, a
 * length of 0 or past the end, a keyboard interface with no interrupt-IN
 * endpoint number) are refused with a reason, never read past their end.
 */
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "usb/usb_desc.h"

static const uint8_t kbd_device[18] = {
	18, 1, 0x00, 0x02, 0, 0, 0, 8, 0x27, 0x06, 0x01, 0x00, 0, 0, 1, 4, 11, 1 };

/* configuration, interface (HID boot keyboard), HID, endpoint 0x81 */
static const uint8_t kbd_config[34] = {
	9, 2, 34, 0, 1, 1, 0, 0xA0, 50,
	9, 4, 0, 0, 1, 3, 1, 1, 0,
	9, 0x21, 0x11, 0x01, 0, 1, 0x22, 63, 0,
	7, 5, 0x81, 3, 8, 0, 10 };

static int find(const uint8_t *d, size_t n, struct usb_boot_keyboard *k, const char **why)
{
	/* a copy of exactly n bytes on the heap: a read past it is caught
	 * by the sanitizers and the fuzzers */
	uint8_t *copy = malloc(n ? n : 1);
	int r;

	memcpy(copy, d, n);
	r = usb_find_boot_keyboard(copy, n, k, why);
	free(copy);
	return r;
}

UNIT_TEST(qemu_usb_kbd_is_a_boot_keyboard)
{
	struct usb_device_desc dev;
	struct usb_boot_keyboard k;
	const char *why = 0;

	CHECK_EQ(0, usb_parse_device_desc(kbd_device, 18, &dev, &why));
	CHECK_EQ(0x0627, dev.vendor);
	CHECK_EQ(8, dev.max_packet0);
	CHECK_EQ(34, usb_config_total_length(kbd_config, 9, &why));
	CHECK_EQ(0, find(kbd_config, sizeof(kbd_config), &k, &why));
	CHECK_EQ(1, k.config_value);
	CHECK_EQ(0, k.interface);
	CHECK_EQ(1, k.endpoint);
	CHECK_EQ(8, k.max_packet);
	CHECK_EQ(10, k.interval);
}

UNIT_TEST(a_mouse_and_a_stick_are_not_keyboards)
{
	uint8_t c[34];
	struct usb_boot_keyboard k;
	const char *why = 0;

	memcpy(c, kbd_config, sizeof(c));
	c[9 + 7] = 2;                                   /* protocol 2: mouse */
	CHECK_EQ(1, find(c, sizeof(c), &k, &why));
	memcpy(c, kbd_config, sizeof(c));
	c[9 + 5] = 8;                                   /* mass storage */
	c[9 + 6] = 6;
	c[9 + 7] = 0x50;
	CHECK_EQ(1, find(c, sizeof(c), &k, &why));
}

UNIT_TEST(malformed_device_descriptors_refused)
{
	uint8_t d[18];
	struct usb_device_desc dev;
	const char *why = 0;

	CHECK_EQ(-1, usb_parse_device_desc(kbd_device, 17, &dev, &why));
	CHECK(why != 0);
	memcpy(d, kbd_device, 18);
	d[1] = 2;
	CHECK_EQ(-1, usb_parse_device_desc(d, 18, &dev, &why));
	memcpy(d, kbd_device, 18);
	d[7] = 7;
	CHECK_EQ(-1, usb_parse_device_desc(d, 18, &dev, &why));
	memcpy(d, kbd_device, 18);
	d[0] = 4;
	CHECK_EQ(-1, usb_parse_device_desc(d, 18, &dev, &why));
}

UNIT_TEST(malformed_configurations_refused_with_a_reason)
{
	uint8_t c[34];
	struct usb_boot_keyboard k;
	const char *why;
	size_t cut;

	memcpy(c, kbd_config, sizeof(c));
	c[18] = 0;                                      /* a length of 0: no progress */
	why = 0;
	CHECK_EQ(-1, find(c, sizeof(c), &k, &why));
	CHECK(why && strstr(why, "past the end"));
	memcpy(c, kbd_config, sizeof(c));
	c[27] = 40;                                     /* the endpoint runs past the end */
	CHECK_EQ(-1, find(c, sizeof(c), &k, &why));
	memcpy(c, kbd_config, sizeof(c));
	c[29] = 0x80;                                   /* endpoint number 0 */
	CHECK_EQ(-1, find(c, sizeof(c), &k, &why));
	memcpy(c, kbd_config, sizeof(c));
	c[33] = 0;                                      /* no interval */
	CHECK_EQ(-1, find(c, sizeof(c), &k, &why));
	memcpy(c, kbd_config, sizeof(c));
	c[27] = 4;                                      /* a 4-byte endpoint descriptor */
	c[2] = 31;
	CHECK_EQ(-1, find(c, 31, &k, &why));
	memcpy(c, kbd_config, sizeof(c));
	c[2] = 8;                                       /* wTotalLength < 9 */
	CHECK_EQ(-1, find(c, sizeof(c), &k, &why));
	/* every cut of the configuration: refused or "no keyboard", never found */
	for (cut = 0; cut < sizeof(kbd_config); cut++)
		CHECK(find(kbd_config, cut, &k, &why) != 0);
}
