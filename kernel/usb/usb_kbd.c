/*
 * usb_kbd.c - a USB keyboard in the boot protocol (HID 1.11, 7.2.5 and
 * appendix B): pick its configuration, set its interrupt-IN endpoint up
 * (Configure Endpoint, 4.6.6), ask for boot reports and for reports only
 * on a change (SET_IDLE 0), then keep one transfer queued for the next
 * report; usb.c polls for it.
 */
#include "usb/xhci.h"
#include "usb/usb_desc.h"
#include "console/printk.h"
#include "arch/paging.h"

#define REQ_SET_CONFIGURATION 9
#define REQ_GET_DESCRIPTOR    6
#define HID_SET_IDLE          0x0A
#define HID_SET_PROTOCOL      0x0B
#define TO_DEVICE             0x00
#define FROM_DEVICE           0x80
#define TO_INTERFACE_CLASS    0x21
#define EP_TYPE_INTERRUPT_IN  7
#define REPORT_AT             0x800      /* the report's place in u->buf */

/* The endpoint's service interval as xHCI wants it: 2^n x 125 us (6.2.3.6). */
static unsigned xhci_interval(unsigned speed, unsigned b_interval)
{
	unsigned n = 0;

	if (speed >= 3)                      /* high or super speed: 2^(b-1) frames of 125 us */
		return b_interval - 1 > 15 ? 15 : b_interval - 1;
	while ((2u << n) <= b_interval * 8)  /* full and low speed: b ms */
		n++;
	return n < 3 ? 3 : n > 10 ? 10 : n;
}

static int configure_endpoint(struct usb_dev *u, const struct usb_boot_keyboard *k)
{
	struct xhci *x = u->x;
	uint32_t *ctrl = xhci_ctx(x, u->in_ctx, 0), *slot = xhci_ctx(x, u->in_ctx, 1), *ep;
	struct trb ev;

	if (ring_init(&u->intr) != 0)
		return -1;
	u->dci = 2 * k->endpoint + 1;              /* an IN endpoint's context index */
	ep = xhci_ctx(x, u->in_ctx, u->dci + 1);
	ctrl[0] = 0;
	ctrl[1] = 1u | 1u << u->dci;
	xhci_slot_context(u, slot, u->dci);        /* context entries: up to this one */
	ep[0] = xhci_interval(u->speed, k->interval) << 16;
	ep[1] = 3u << 1 | EP_TYPE_INTERRUPT_IN << 3 | (uint32_t)k->max_packet << 16;
	ep[2] = u->intr.phys | 1;
	ep[3] = 0;
	ep[4] = 8 | (uint32_t)k->max_packet << 16; /* avg TRB length, max ESIT payload */
	return xhci_command(x, u->in_phys, 0, TRB_TYPE(TRB_CONFIG_EP) | u->slot << 24, &ev);
}

/* Read the whole configuration into u->buf and look for a boot keyboard. */
static int read_configuration(struct usb_dev *u, struct usb_boot_keyboard *k,
			      const char **why)
{
	int total;

	if ((total = xhci_config_header(u, why)) < 0)
		return -1;
	if (total > REPORT_AT)
		total = REPORT_AT;                 /* more than a keyboard ever has */
	*why = "no answer to GET_DESCRIPTOR(configuration)";
	if (xhci_control(u, FROM_DEVICE, REQ_GET_DESCRIPTOR, USB_DESC_CONFIG << 8, 0,
			 (uint16_t)total) != 0)
		return -1;
	return usb_find_boot_keyboard(u->buf, (size_t)total, k, why);
}

/* Queue the transfer that the next report completes. */
void usb_kbd_queue(struct usb_dev *u)
{
	u->queued = ring_push(&u->intr, u->buf_phys + REPORT_AT, 0, HID_BOOT_REPORT_LEN,
			      TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
	xhci_ring_doorbell(u->x, u->slot, u->dci);
}

const uint8_t *usb_kbd_report(struct usb_dev *u)
{
	return u->buf + REPORT_AT;
}

/* 0: a keyboard, started; 1: another kind of device; -1: it failed or sent
 * bad descriptors (one line says which).  u->buf holds its device descriptor. */
int usb_kbd_start(struct usb_dev *u)
{
	struct usb_device_desc dev;
	struct usb_boot_keyboard k;
	const char *why;
	int r;

	if (usb_parse_device_desc(u->buf, USB_DEVICE_DESC_LEN, &dev, &why) != 0)
		r = -1;
	else if ((r = read_configuration(u, &k, &why)) == 0) {
		why = "it refused the keyboard's set-up requests";
		if (xhci_control(u, TO_DEVICE, REQ_SET_CONFIGURATION, k.config_value, 0, 0) != 0 ||
		    configure_endpoint(u, &k) != 0 ||
		    xhci_control(u, TO_INTERFACE_CLASS, HID_SET_PROTOCOL, 0, k.interface, 0) != 0)
			r = -1;
		else
			(void)xhci_control(u, TO_INTERFACE_CLASS, HID_SET_IDLE, 0, k.interface, 0);
	}                                          /* SET_IDLE is optional for a keyboard */
	if (r < 0) {
		printk("nickel: usb: xhci %d port %s: device ignored: %s\n",
		       u->x->index, u->where, why);
		return -1;
	}
	if (r > 0) {
		printk("nickel: usb: xhci %d port %s: device %04x:%04x (class %u), not a "
		       "keyboard\n", u->x->index, u->where, dev.vendor, dev.product, dev.class);
		return 1;
	}
	printk("nickel: usb: xhci %d port %s: keyboard %04x:%04x (USB %u, %s speed), "
	       "boot protocol, endpoint %u (bInterval %u)\n", u->x->index, u->where,
	       dev.vendor, dev.product, u->x->port_usb[u->port], u->speed == 2 ? "low" :
	       u->speed == 1 ? "full" : u->speed == 3 ? "high" : "super", k.endpoint,
	       k.interval);
	usb_kbd_queue(u);
	return 0;
}
