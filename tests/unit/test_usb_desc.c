/*
 * test_usb_desc.c - USB descriptors from a device (kernel/usb/usb_desc.c):
 * QEMU's usb-kbd's own descriptors give its boot keyboard; a mouse's and
 * a storage stick's give none; and malformed ones (short, wrong type, a
 * length of 0 or past the end, a keyboard interface with no interrupt-IN
 * endpoint number) are refused with a reason, never read past their end;
 * a hub's class descriptor (QEMU's usb-hub) gives its ports, a malformed
 * one is refused the same way, and 20000 seeded random ones are never
 * read past and, when accepted, sane.
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

/* A copy of exactly n bytes on the heap: a read past it is caught by the
 * sanitizers and the fuzzers.  The caller frees it. */
static uint8_t *exact_copy(const uint8_t *d, size_t n)
{
	uint8_t *copy = malloc(n ? n : 1);

	memcpy(copy, d, n);
	return copy;
}

static int find(const uint8_t *d, size_t n, struct usb_boot_keyboard *k, const char **why)
{
	uint8_t *copy = exact_copy(d, n);
	int r = usb_find_boot_keyboard(copy, n, k, why);

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

/* QEMU's usb-hub (8 ports): 7 bytes, then DeviceRemovable and
 * PortPwrCtrlMask, two bytes each for ports 0..8. */
static const uint8_t hub_desc[11] = { 11, 0x29, 8, 0x0a, 0x00, 1, 0, 0, 0, 0xff, 0xff };

static int hub(const uint8_t *d, size_t n, struct usb_hub_desc *h, const char **why)
{
	uint8_t *copy = exact_copy(d, n);
	int r = usb_parse_hub_desc(copy, n, h, why);

	free(copy);
	return r;
}

UNIT_TEST(qemu_usb_hub_descriptor_gives_its_ports_and_power_time)
{
	struct usb_hub_desc h;
	const char *why = 0;
	uint8_t d[11];

	CHECK_EQ(0, hub(hub_desc, sizeof(hub_desc), &h, &why));
	CHECK_EQ(8, h.ports);
	CHECK_EQ(0x000a, h.characteristics);
	CHECK_EQ(2, h.power_good_ms);
	CHECK_EQ(0, h.think_time);
	memcpy(d, hub_desc, sizeof(d));
	d[3] = 0x60;                                    /* TT think time 3 */
	d[5] = 50;                                      /* 100 ms to power good */
	CHECK_EQ(0, hub(d, sizeof(d), &h, &why));
	CHECK_EQ(3, h.think_time);
	CHECK_EQ(100, h.power_good_ms);
}

UNIT_TEST(malformed_hub_descriptors_refused_with_a_reason)
{
	struct usb_hub_desc h;
	const char *why;
	uint8_t d[11];
	size_t cut;

	memcpy(d, hub_desc, sizeof(d));
	d[1] = 0x2A;                                    /* a USB 3 hub's type */
	why = 0;
	CHECK_EQ(-1, hub(d, sizeof(d), &h, &why));
	CHECK(why && strstr(why, "wrong type"));
	memcpy(d, hub_desc, sizeof(d));
	d[2] = 0;                                       /* no ports */
	why = 0;
	CHECK_EQ(-1, hub(d, sizeof(d), &h, &why));
	CHECK(why && strstr(why, "no ports"));
	memcpy(d, hub_desc, sizeof(d));
	d[0] = 6;                                       /* shorter than its fixed part */
	CHECK_EQ(-1, hub(d, sizeof(d), &h, &why));
	memcpy(d, hub_desc, sizeof(d));
	d[0] = 12;                                      /* longer than the 11 bytes that came */
	CHECK_EQ(-1, hub(d, sizeof(d), &h, &why));
	/* every cut shorter than the fixed part is refused, never read past */
	for (cut = 0; cut < USB_HUB_DESC_LEN; cut++)
		CHECK_EQ(-1, hub(hub_desc, cut, &h, &why));
}

/* Seeded random hub descriptors (mutations of QEMU's, and random bytes),
 * each in an exact-length heap copy: no read past the bytes given (ASan),
 * and an accepted one always has ports 1..255, type 0x29, a bLength that
 * fits, and power-good time = 2 x byte 5. */
UNIT_TEST(random_hub_descriptors_never_read_past_and_accepted_ones_are_sane)
{
	uint32_t rng = 20261206u;
	uint8_t d[80];
	struct usb_hub_desc h;
	const char *why;
	unsigned i, j, n, accepted = 0, bad = 0;

	for (i = 0; i < 20000; i++) {
		rng ^= rng << 13;
		rng ^= rng >> 17;
		rng ^= rng << 5;
		n = rng % sizeof(d);
		memcpy(d, hub_desc, sizeof(hub_desc));
		for (j = 0; j < sizeof(d); j++)
			if (j >= sizeof(hub_desc) || (rng >> (j % 29)) % 7 == 0)
				d[j] = (uint8_t)(rng * (j + 1) >> 13);
		if (hub(d, n, &h, &why) != 0)
			continue;
		accepted++;
		if (h.ports == 0 || d[1] != 0x29 || d[0] < 7 || d[0] > n ||
		    h.power_good_ms != 2u * d[5])
			bad++;
	}
	printf("random hub descriptors: %u accepted, %u insane (expected 0)\n", accepted, bad);
	CHECK(accepted > 0);
	CHECK_EQ(0, bad);
}
