/*
 * usb_desc.h - USB descriptors as a device sends them (USB 2.0 chapter 9,
 * HID 1.11 for the keyboard), parsed without trusting them: a descriptor
 * is bad input, refused with one reason, and the device is then ignored.
 * Plain C with no kernel state: the host unit tests (test_usb_desc.c) and
 * the fuzzers call these directly.
 */
#ifndef NICKEL_USB_DESC_H
#define NICKEL_USB_DESC_H
#include <stddef.h>
#include <stdint.h>

#define USB_DESC_DEVICE    1
#define USB_DESC_CONFIG    2
#define USB_DESC_INTERFACE 4
#define USB_DESC_ENDPOINT  5
#define USB_DESC_HUB       0x29        /* USB 2.0 11.23.2.1 */
#define USB_CLASS_HUB      9
#define USB_DEVICE_DESC_LEN 18
#define USB_CONFIG_DESC_LEN 9
#define USB_HUB_DESC_LEN    7          /* its fixed part; the port bitmaps follow */

struct usb_device_desc {
	uint16_t usb_version, vendor, product;
	uint8_t class, max_packet0, configs;
};

/* What a keyboard needs from its configuration: the HID interface of
 * subclass 1 (boot) and protocol 1 (keyboard), and its interrupt-IN
 * endpoint. */
struct usb_boot_keyboard {
	uint8_t config_value;          /* for SET_CONFIGURATION */
	uint8_t interface;             /* wIndex of SET_PROTOCOL and SET_IDLE */
	uint8_t endpoint;              /* its number, 1..15 (the IN direction) */
	uint8_t interval;              /* bInterval as sent */
	uint16_t max_packet;
};

/* What walking a USB 2 hub needs from its class descriptor. */
struct usb_hub_desc {
	uint8_t ports;                 /* bNbrPorts, 1..255 */
	uint16_t characteristics;      /* wHubCharacteristics */
	unsigned power_good_ms;        /* bPwrOn2PwrGood x 2 ms: power-on to usable */
	uint8_t think_time;            /* TT think time, 0..3 (8 FS bit times each + 8) */
};

/* 0 and *out filled; -1 with *why for a malformed descriptor. */
int usb_parse_device_desc(const uint8_t *d, size_t n, struct usb_device_desc *out,
			  const char **why);
/* The configuration's total length (wTotalLength), or -1 with *why. */
int usb_config_total_length(const uint8_t *d, size_t n, const char **why);
/* A whole configuration (all its descriptors): 0 and *out for a boot
 * keyboard, 1 when it is well formed but has none, -1 with *why. */
int usb_find_boot_keyboard(const uint8_t *d, size_t n, struct usb_boot_keyboard *out,
			   const char **why);
/* A hub class descriptor (USB 2.0 11.23.2.1): 0 and *out, or -1 with *why. */
int usb_parse_hub_desc(const uint8_t *d, size_t n, struct usb_hub_desc *out,
		       const char **why);
#endif
