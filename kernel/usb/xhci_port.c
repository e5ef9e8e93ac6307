/*
 * xhci_port.c - the device on a root hub port: reset the port (USB 2; a
 * USB 3 port enables itself), get a slot, give the device its address
 * (4.3), and read its device descriptor.  A device behind a hub is reset
 * by the hub (usb_hub.c) and addressed here the same way, its slot
 * context naming the path to it.
 */
#include "usb/xhci.h"
#include "usb/usb_desc.h"
#include "mm/pmm.h"
#include "lib/string.h"
#include "arch/paging.h"
#include "arch/timer.h"

#define PORT_CONNECTED  (1u << 0)
#define PORT_ENABLED    (1u << 1)
#define PORT_RESET      (1u << 4)
#define PORT_RESET_DONE (1u << 21)
#define PORT_CONNECT_CHANGE (1u << 17)
#define PORT_CHANGES    0x00FE0000u
#define PORT_SPEED(sc)  (((sc) >> 10) & 0xF)
/* PED, the change bits (write 1 to clear) and the USB 3 warm reset must
 * be written as 0 when another bit of PORTSC is changed (4.19.2). */
#define PORT_KEEP_MASK  ~(PORT_ENABLED | 0x00FF0000u | 0x80000000u)
#define SPEED_LOW  2
#define SPEED_HIGH 3
#define SPEED_SUPER 4
#define EP_TYPE_CONTROL 4

static int reset_port(struct xhci *x, unsigned port)
{
	unsigned reg = XHCI_PORTSC(port);
	uint32_t sc = xhci_op_read(x, reg);
	uint64_t end = time_us() + 100000;

	if (x->port_usb[port] != 3) {
		xhci_op_write(x, reg, (sc & PORT_KEEP_MASK) | PORT_RESET);
		while (!(xhci_op_read(x, reg) & PORT_RESET_DONE))
			if (time_us() > end)
				return -1;
		mdelay(10);                         /* reset recovery (USB 2.0 7.1.7.5) */
	}
	while (!(xhci_op_read(x, reg) & PORT_ENABLED))
		if (time_us() > end)
			return -1;
	sc = xhci_op_read(x, reg);                  /* clear the change bits */
	xhci_op_write(x, reg, (sc & PORT_KEEP_MASK) | (sc & PORT_CHANGES));
	return 0;
}

/* After a Port Status Change event (4.19.2): 1 a device was plugged in,
 * -1 one was pulled out, 0 nothing new (a reset finished, or the change
 * was already seen).  The change bits are cleared. */
int xhci_port_change(struct xhci *x, unsigned port)
{
	unsigned reg = XHCI_PORTSC(port);
	uint32_t sc = xhci_op_read(x, reg);

	xhci_op_write(x, reg, (sc & PORT_KEEP_MASK) | (sc & PORT_CHANGES));
	if (!(sc & PORT_CONNECT_CHANGE))
		return 0;
	return sc & PORT_CONNECTED ? 1 : -1;
}

static unsigned first_max_packet(unsigned speed)
{
	return speed == SPEED_SUPER ? 512 : speed == SPEED_HIGH ? 64 : 8;
}

static void ep0_context(struct usb_dev *u, unsigned max_packet)
{
	uint32_t *ep0 = xhci_ctx(u->x, u->in_ctx, 2);

	ep0[1] = 3u << 1 | EP_TYPE_CONTROL << 3 | max_packet << 16;   /* CErr 3 */
	ep0[2] = u->ep0.phys | 1;                   /* dequeue cycle state 1 */
	ep0[3] = 0;
	ep0[4] = 8;                                 /* average TRB length */
}

/* The slot context (6.2.2) of the input context: speed, the path to the
 * device (root port, route string, the TT it talks through), whether it is
 * a hub, and how many endpoint contexts follow (`entries`: the last DCI). */
void xhci_slot_context(struct usb_dev *u, uint32_t *slot, unsigned entries)
{
	slot[0] = (u->route & 0xFFFFF) | u->speed << 20 | (u->hub_ports ? 1u << 26 : 0) |
		  entries << 27;
	slot[1] = u->port << 16 | u->hub_ports << 24;
	slot[2] = u->tt_slot | u->tt_port << 8 | u->think_time << 16;
	slot[3] = 0;
}

static int address_device(struct usb_dev *u)
{
	struct xhci *x = u->x;
	uint32_t *ctrl = xhci_ctx(x, u->in_ctx, 0), *slot = xhci_ctx(x, u->in_ctx, 1);
	struct trb ev;

	if (xhci_command(x, 0, 0, TRB_TYPE(TRB_ENABLE_SLOT), &ev) != 0)
		return -1;
	u->slot = EV_SLOT(&ev);
	if (!u->slot || u->slot > x->slots) {
		u->slot = 0;
		return -1;
	}
	x->dcbaa[u->slot] = u->out_phys;
	ctrl[1] = 3;                                /* add the slot and EP0 */
	xhci_slot_context(u, slot, 1);              /* one context entry: EP0 */
	ep0_context(u, first_max_packet(u->speed));
	if (xhci_command(x, u->in_phys, 0, TRB_TYPE(TRB_ADDRESS_DEV) | u->slot << 24, &ev) != 0)
		return -1;
	mdelay(2);                                  /* SET_ADDRESS recovery */
	return 0;
}

/* The first 8 bytes of the device descriptor hold bMaxPacketSize0; a
 * full-speed device may want other than 8 (Evaluate Context, 4.6.7). */
static int fix_max_packet(struct usb_dev *u)
{
	uint32_t *ctrl = xhci_ctx(u->x, u->in_ctx, 0);
	unsigned mps = u->buf[7] == 9 ? 512 : u->buf[7];
	struct trb ev;

	if (mps == first_max_packet(u->speed) || mps == 0)
		return 0;
	ctrl[0] = 0;
	ctrl[1] = 2;                                /* EP0 only */
	ep0_context(u, mps);
	return xhci_command(u->x, u->in_phys, 0, TRB_TYPE(TRB_EVALUATE) | u->slot << 24, &ev);
}

static int alloc_pages(struct usb_dev *u)
{
	u->in_phys = pmm_alloc();
	u->out_phys = pmm_alloc();
	u->buf_phys = pmm_alloc();
	if (!u->in_phys || !u->out_phys || !u->buf_phys || ring_init(&u->ep0) != 0)
		return -1;
	u->in_ctx = phys_to_virt(u->in_phys);
	u->out_ctx = phys_to_virt(u->out_phys);
	u->buf = phys_to_virt(u->buf_phys);
	memset(u->in_ctx, 0, PAGE_SIZE);
	memset(u->out_ctx, 0, PAGE_SIZE);
	return 0;
}

/* 0: a device is on `port`, addressed, its device descriptor in u->buf;
 * 1: nothing on the port; -1: it did not answer (u freed either way but 0). */
int xhci_port_device(struct xhci *x, unsigned port, struct usb_dev *u)
{
	memset(u, 0, sizeof(*u));
	u->x = x;
	u->port = port;
	snprintf(u->where, sizeof(u->where), "%u", port);
	if (!(xhci_op_read(x, XHCI_PORTSC(port)) & PORT_CONNECTED))
		return 1;
	if (reset_port(x, port) != 0)
		return -1;
	u->speed = PORT_SPEED(xhci_op_read(x, XHCI_PORTSC(port)));
	return xhci_address(u);
}

/* A device whose port was just reset (u: x, port, speed and the path set):
 * its slot, its address and its device descriptor in u->buf.  0, or -1
 * with u freed. */
int xhci_address(struct usb_dev *u)
{
	if (alloc_pages(u) != 0 || address_device(u) != 0 ||
	    xhci_control(u, 0x80, 6, USB_DESC_DEVICE << 8, 0, 8) != 0 ||
	    fix_max_packet(u) != 0 ||
	    xhci_control(u, 0x80, 6, USB_DESC_DEVICE << 8, 0, USB_DEVICE_DESC_LEN) != 0) {
		xhci_device_free(u);
		return -1;
	}
	return 0;
}

void xhci_device_free(struct usb_dev *u)
{
	struct trb ev;

	if (u->slot) {
		xhci_command(u->x, 0, 0, TRB_TYPE(TRB_DISABLE_SLOT) | u->slot << 24, &ev);
		u->x->dcbaa[u->slot] = 0;
	}
	ring_free(&u->ep0);
	ring_free(&u->intr);
	if (u->in_phys)
		pmm_free(u->in_phys);
	if (u->out_phys)
		pmm_free(u->out_phys);
	if (u->buf_phys)
		pmm_free(u->buf_phys);
	u->slot = u->in_phys = u->out_phys = u->buf_phys = 0;
}
