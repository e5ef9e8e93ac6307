/*
 * usb_desc.c - the device and configuration descriptors (usb_desc.h).
 * Every length comes from the device, so each one is checked against what
 * was actually received before a byte is read.
 */
#include "usb/usb_desc.h"

#define HID_CLASS           3
#define HID_SUBCLASS_BOOT   1
#define HID_PROTOCOL_KBD    1
#define EP_DIR_IN           0x80
#define EP_TYPE_INTERRUPT   3

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

int usb_parse_device_desc(const uint8_t *d, size_t n, struct usb_device_desc *out,
			  const char **why)
{
	if (n < USB_DEVICE_DESC_LEN || d[0] < USB_DEVICE_DESC_LEN) {
		*why = "device descriptor shorter than 18 bytes";
		return -1;
	}
	if (d[1] != USB_DESC_DEVICE) {
		*why = "device descriptor of the wrong type";
		return -1;
	}
	switch (d[7]) {                         /* bMaxPacketSize0 */
	case 8: case 16: case 32: case 64: case 9:   /* 9: 2^9 = 512 (USB 3) */
		break;
	default:
		*why = "bMaxPacketSize0 is not 8, 16, 32, 64 or 2^9";
		return -1;
	}
	out->usb_version = le16(d + 2);
	out->class = d[4];
	out->max_packet0 = d[7];
	out->vendor = le16(d + 8);
	out->product = le16(d + 10);
	out->configs = d[17];
	return 0;
}

int usb_config_total_length(const uint8_t *d, size_t n, const char **why)
{
	if (n < USB_CONFIG_DESC_LEN || d[0] < USB_CONFIG_DESC_LEN || d[1] != USB_DESC_CONFIG) {
		*why = "configuration descriptor too short or of the wrong type";
		return -1;
	}
	if (le16(d + 2) < USB_CONFIG_DESC_LEN) {
		*why = "configuration's wTotalLength is shorter than its header";
		return -1;
	}
	return le16(d + 2);
}

/* The endpoint descriptor at e (already length-checked), for the keyboard's
 * interface: 1 when it is the interrupt-IN endpoint, 0 when not, -1 bad. */
static int keyboard_endpoint(const uint8_t *e, struct usb_boot_keyboard *out,
			     const char **why)
{
	uint16_t max_packet;

	if (e[0] < 7) {
		*why = "endpoint descriptor shorter than 7 bytes";
		return -1;
	}
	max_packet = le16(e + 4) & 0x7FF;
	if (!(e[2] & EP_DIR_IN) || (e[3] & 3) != EP_TYPE_INTERRUPT)
		return 0;
	if ((e[2] & 0x0F) == 0 || max_packet == 0 || e[6] == 0) {
		*why = "keyboard endpoint with number 0, no packet size or no interval";
		return -1;
	}
	out->endpoint = e[2] & 0x0F;
	out->max_packet = max_packet;
	out->interval = e[6];
	return 1;
}

int usb_find_boot_keyboard(const uint8_t *d, size_t n, struct usb_boot_keyboard *out,
			   const char **why)
{
	size_t at, total;
	int in_keyboard = 0, r;

	if ((r = usb_config_total_length(d, n, why)) < 0)
		return -1;
	total = (size_t)r < n ? (size_t)r : n;
	out->config_value = d[5];
	for (at = d[0]; at < total; at += d[at]) {
		if (total - at < 2 || d[at] < 2 || d[at] > total - at) {
			*why = "a descriptor runs past the end of the configuration";
			return -1;
		}
		if (d[at + 1] == USB_DESC_INTERFACE) {
			if (d[at] < 9) {
				*why = "interface descriptor shorter than 9 bytes";
				return -1;
			}
			in_keyboard = d[at + 5] == HID_CLASS && d[at + 6] == HID_SUBCLASS_BOOT &&
				      d[at + 7] == HID_PROTOCOL_KBD;
			out->interface = d[at + 2];
		} else if (d[at + 1] == USB_DESC_ENDPOINT && in_keyboard) {
			r = keyboard_endpoint(d + at, out, why);
			if (r != 0)
				return r < 0 ? -1 : 0;
		}
	}
	return 1;
}

int usb_parse_hub_desc(const uint8_t *d, size_t n, struct usb_hub_desc *out,
		       const char **why)
{
	if (n < USB_HUB_DESC_LEN || d[0] < USB_HUB_DESC_LEN || d[0] > n) {
		*why = "hub descriptor shorter than 7 bytes or longer than what came";
		return -1;
	}
	if (d[1] != USB_DESC_HUB) {
		*why = "hub descriptor of the wrong type";
		return -1;
	}
	if (d[2] == 0) {
		*why = "hub descriptor with no ports";
		return -1;
	}
	out->ports = d[2];
	out->characteristics = le16(d + 3);
	out->power_good_ms = 2u * d[5];
	out->think_time = (uint8_t)((out->characteristics >> 5) & 3);
	return 0;
}
