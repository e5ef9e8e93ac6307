/*
 * xhci.h - inside the xHCI host controller driver (eXtensible Host
 * Controller Interface for USB, revision 1.2): the controller, its rings
 * and the devices on its root hub ports.  xhci.c brings a controller up
 * (firmware hand-off, reset, rings); xhci_cmd.c runs commands and control
 * transfers; xhci_port.c addresses the device on each port; usb_kbd.c turns
 * keyboards on and polls them.
 *
 * Polled, not interrupt-driven: CPU 0's timer tick looks at the event ring
 * (one read of a TRB's cycle bit when nothing happened).  A keyboard needs
 * no more than the tick's millisecond, and polling needs no MSI and no
 * routing of the PCI interrupt pin (the ACPI _PRT, which nickel does not
 * read), which differ from PC to PC.  A wake-up thread per poll would
 * perturb the scheduler being measured (kernel/run.c says why).
 *
 * Locking: the rings are used at boot by the booting CPU, then only by
 * CPU 0's timer tick (interrupts off), never both at once (usb_ready).
 */
#ifndef NICKEL_XHCI_H
#define NICKEL_XHCI_H
#include <stdint.h>
#include "usb/hid_kbd.h"

struct trb {
	uint32_t d[4];
};

#define TRB_CYCLE        (1u << 0)
#define TRB_TOGGLE       (1u << 1)   /* Link TRB: toggle the cycle state */
#define TRB_ISP          (1u << 2)
#define TRB_IOC          (1u << 5)
#define TRB_IDT          (1u << 6)
#define TRB_TYPE(t)      ((uint32_t)(t) << 10)
#define TRB_TYPE_OF(trb) (((trb)->d[3] >> 10) & 0x3F)
#define TRB_NORMAL       1
#define TRB_SETUP        2
#define TRB_DATA         3
#define TRB_STATUS       4
#define TRB_LINK         6
#define TRB_ENABLE_SLOT  9
#define TRB_DISABLE_SLOT 10
#define TRB_ADDRESS_DEV  11
#define TRB_CONFIG_EP    12
#define TRB_EVALUATE     13
#define TRB_EV_TRANSFER  32
#define TRB_EV_COMMAND   33
#define TRB_EV_PORT      34
#define CC_SUCCESS       1
#define CC_SHORT_PACKET  13
#define EV_CODE(trb)     ((trb)->d[2] >> 24)
#define EV_SLOT(trb)     ((trb)->d[3] >> 24)

#define RING_TRBS 256                /* one page; the last is a Link TRB */

struct ring {
	struct trb *trbs;
	uint32_t phys;
	unsigned enq;
	uint32_t cycle;
};

#define XHCI_MAX_PORTS 64

struct xhci {
	volatile uint8_t *cap, *op, *rt;
	volatile uint32_t *db;
	unsigned slots, ports, ctx_size;
	uint8_t port_usb[XHCI_MAX_PORTS + 1];  /* 2 or 3 (Supported Protocol), by port */
	uint64_t *dcbaa;
	uint32_t dcbaa_phys;
	struct ring cmd;
	struct trb *events;
	uint32_t events_phys;
	unsigned ev_deq;
	uint32_t ev_cycle;
	int index;                           /* its number in the boot lines */
	/* an event that no one waiting for a command or a control transfer
	 * wanted (a report, a port's change): handed here, never dropped */
	void (*stray)(struct xhci *x, const struct trb *ev);
	uint64_t port_events;                /* bit p-1: port p changed, not yet looked at */
};

/* A device on a root hub port or behind a hub on one, once addressed. */
struct usb_dev {
	struct xhci *x;
	unsigned slot, port, speed;          /* port: the root hub port it is behind */
	/* where it is: the route string (4.3.3; one nibble per hub, 0 on a
	 * root port), the transaction translator of a high-speed hub that a
	 * low- or full-speed device talks through (slot 0: none), and for a
	 * hub, its ports and TT think time */
	unsigned route, tt_slot, tt_port, hub_ports, think_time;
	char where[12];                      /* "5", or "5.1" behind a hub: the boot lines */
	uint8_t *in_ctx, *out_ctx, *buf;     /* input and device contexts, data buffer */
	uint32_t in_phys, out_phys, buf_phys;
	struct ring ep0;
	/* a keyboard (usb_kbd.c) */
	struct ring intr;
	unsigned dci;                        /* Device Context Index of its endpoint */
	uint32_t queued;                     /* phys of the TRB waiting for a report */
	struct hid_kbd hid;
	int dead;
	int heard;                           /* a key came from it: its line is out */
};

/* xhci.c */
const char *xhci_start(struct xhci *x, volatile uint8_t *mmio);
int ring_init(struct ring *r);
void ring_free(struct ring *r);
uint32_t ring_push(struct ring *r, uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3);
int xhci_next_event(struct xhci *x, struct trb *ev);
void xhci_ring_doorbell(struct xhci *x, unsigned slot, unsigned target);
uint32_t xhci_op_read(struct xhci *x, unsigned off);
void xhci_op_write(struct xhci *x, unsigned off, uint32_t v);
#define XHCI_PORTSC(n)   (0x400 + 0x10 * ((n) - 1))
/* xhci_cmd.c */
int xhci_command(struct xhci *x, uint32_t d0, uint32_t d1, uint32_t d3, struct trb *done);
int xhci_control(struct usb_dev *u, uint8_t type, uint8_t req, uint16_t value,
		 uint16_t index, uint16_t len);
void *xhci_ctx(struct xhci *x, uint8_t *base, unsigned i);
int xhci_config_header(struct usb_dev *u, const char **why);
/* xhci_port.c */
int xhci_port_device(struct xhci *x, unsigned port, struct usb_dev *u);
int xhci_address(struct usb_dev *u);
int xhci_port_change(struct xhci *x, unsigned port);
void xhci_slot_context(struct usb_dev *u, uint32_t *slot, unsigned entries);
void xhci_device_free(struct usb_dev *u);
/* usb_hub.c: a USB 2 hub's ports; each device found is handed to `found`
 * with r 0 (addressed) or -1 (it did not answer, already freed) */
int usb_hub_start(struct usb_dev *hub, void (*found)(struct usb_dev *child, int r));
/* usb_kbd.c */
int usb_kbd_start(struct usb_dev *u);
void usb_kbd_queue(struct usb_dev *u);
const uint8_t *usb_kbd_report(struct usb_dev *u);
#endif
