/*
 * fuzz_usb.c - the USB descriptor parsers (kernel/usb/usb_desc.c) on any
 * bytes, as a broken or hostile device could send them: the device
 * descriptor, a configuration's total length, a whole configuration searched
 * for a boot keyboard, and a hub class descriptor.  Each parser gets its own
 * copy of exactly the input's bytes on the heap, so a read past the end is
 * caught.  An accepted descriptor must be sane: what the driver will use
 * lies in the ranges the USB specification allows.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "usb/usb_desc.h"

static uint8_t *exact_copy(const uint8_t *data, size_t size)
{
	uint8_t *copy = malloc(size ? size : 1);

	memcpy(copy, data, size);
	return copy;
}

static void device(const uint8_t *d, size_t n)
{
	struct usb_device_desc dev;
	const char *why = 0;

	if (usb_parse_device_desc(d, n, &dev, &why) == 0) {
		if (n < 18 || dev.max_packet0 == 0)
			abort();                /* accepted a short or unusable one */
	} else if (!why) {
		abort();                        /* refused without a reason */
	}
}

static void configuration(const uint8_t *d, size_t n)
{
	struct usb_boot_keyboard k;
	const char *why = 0;
	int total = usb_config_total_length(d, n, &why);

	if (total >= 0 && total < USB_CONFIG_DESC_LEN)
		abort();                        /* shorter than its own header */
	why = 0;
	switch (usb_find_boot_keyboard(d, n, &k, &why)) {
	case 0:
		if (k.endpoint < 1 || k.endpoint > 15 || k.max_packet == 0)
			abort();                /* an endpoint the driver cannot use */
		break;
	case 1:
		break;                          /* well formed, no keyboard */
	default:
		if (!why)
			abort();
	}
}

static void hub(const uint8_t *d, size_t n)
{
	struct usb_hub_desc h;
	const char *why = 0;

	if (usb_parse_hub_desc(d, n, &h, &why) == 0) {
		if (h.ports == 0 || h.think_time > 3 || n < USB_HUB_DESC_LEN)
			abort();
	} else if (!why) {
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	void (*const parsers[])(const uint8_t *, size_t) = { device, configuration, hub };
	size_t i;

	for (i = 0; i < sizeof(parsers) / sizeof(parsers[0]); i++) {
		uint8_t *copy = exact_copy(data, size);

		parsers[i](copy, size);
		free(copy);
	}
	return 0;
}
