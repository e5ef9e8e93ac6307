/*
 * xhci_cmd.c - commands on the command ring (4.6) and control transfers
 * on a device's endpoint 0 (4.11.2.2), each waited for by polling the
 * event ring.  Events for something else (a report, a port changing)
 * go to the controller's stray handler (usb.c), so that a device set up
 * while keyboards run (a keyboard plugged in) loses none of their reports.
 */
#include "usb/xhci.h"
#include "usb/usb_desc.h"
#include "lib/string.h"
#include "arch/paging.h"
#include "arch/timer.h"

#define EVENT_WAIT_MS 500

/* The next event of `type` (and of `slot`, when not 0) within the wait. */
static int wait_for(struct xhci *x, unsigned type, unsigned slot, struct trb *ev)
{
	uint64_t end = time_us() + EVENT_WAIT_MS * 1000;

	while (time_us() < end)
		if (xhci_next_event(x, ev)) {
			if (TRB_TYPE_OF(ev) == type && (!slot || EV_SLOT(ev) == slot))
				return 0;
			if (x->stray)
				x->stray(x, ev);
		}
	return -1;
}

/* One command; 0 when it completed with success (*done: the event). */
int xhci_command(struct xhci *x, uint32_t d0, uint32_t d1, uint32_t d3, struct trb *done)
{
	uint32_t at = ring_push(&x->cmd, d0, d1, 0, d3);

	xhci_ring_doorbell(x, 0, 0);
	do {
		if (wait_for(x, TRB_EV_COMMAND, 0, done) != 0)
			return -1;
	} while (done->d[0] != at);
	return EV_CODE(done) == CC_SUCCESS ? 0 : -1;
}

/* Context i of a context array (input: 0 is the control context). */
void *xhci_ctx(struct xhci *x, uint8_t *base, unsigned i)
{
	return base + i * x->ctx_size;
}

/* A request on endpoint 0 with `len` bytes of data to or from u->buf
 * (zeroed first: a device that sends less leaves zeros, never old bytes).
 * 0 on success. */
int xhci_control(struct usb_dev *u, uint8_t type, uint8_t req, uint16_t value,
		 uint16_t index, uint16_t len)
{
	int in = type & 0x80;
	struct trb ev;

	if (len > PAGE_SIZE)
		return -1;
	memset(u->buf, 0, PAGE_SIZE);
	ring_push(&u->ep0, type | req << 8 | (uint32_t)value << 16,
		  index | (uint32_t)len << 16, 8,
		  TRB_TYPE(TRB_SETUP) | TRB_IDT | (len ? (in ? 3u : 2u) << 16 : 0));
	if (len)
		ring_push(&u->ep0, u->buf_phys, 0, len,
			  TRB_TYPE(TRB_DATA) | (in ? 1u << 16 : 0));
	ring_push(&u->ep0, 0, 0, 0,
		  TRB_TYPE(TRB_STATUS) | TRB_IOC | (len && in ? 0 : 1u << 16));
	xhci_ring_doorbell(u->x, u->slot, 1);
	if (wait_for(u->x, TRB_EV_TRANSFER, u->slot, &ev) != 0)
		return -1;
	return EV_CODE(&ev) == CC_SUCCESS || EV_CODE(&ev) == CC_SHORT_PACKET ? 0 : -1;
}

/* The first 9 bytes of configuration 0 into u->buf: its wTotalLength, or
 * -1 with *why (no answer, or a malformed header). */
int xhci_config_header(struct usb_dev *u, const char **why)
{
	*why = "no answer to GET_DESCRIPTOR(configuration)";
	if (xhci_control(u, 0x80, 6, USB_DESC_CONFIG << 8, 0, USB_CONFIG_DESC_LEN) != 0)
		return -1;
	return usb_config_total_length(u->buf, USB_CONFIG_DESC_LEN, why);
}
