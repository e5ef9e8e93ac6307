/*
 * usb_hub.c - a USB 2 hub on a root port (USB 2.0 chapter 11): configure
 * it, tell the xHC it is a hub (its ports and TT, 4.6.6), power its ports,
 * and reset and address the device on each one through hub class
 * requests.  Each device found is handed back to usb.c, which starts it
 * as it would one on a root port.  One level: a hub behind a hub is not
 * walked (its devices would need the route string's next nibble and the
 * hub's own status-change endpoint for nothing a keyboard needs).
 */
#include "usb/xhci.h"
#include "usb/usb_desc.h"
#include "console/printk.h"
#include "lib/string.h"
#include "arch/paging.h"
#include "arch/timer.h"

#define TO_DEVICE          0x00
#define FROM_HUB_CLASS     0xA0
#define TO_PORT_CLASS      0x23
#define FROM_PORT_CLASS    0xA3
#define REQ_GET_STATUS     0
#define REQ_CLEAR_FEATURE  1
#define REQ_SET_FEATURE    3
#define REQ_GET_DESCRIPTOR 6
#define REQ_SET_CONFIGURATION 9
/* port features (11.24.2) */
#define PORT_RESET         4
#define PORT_POWER         8
#define C_PORT_CONNECTION  16
#define C_PORT_RESET       20
/* wPortStatus and wPortChange bits (11.24.2.7) */
#define ST_CONNECTION      (1u << 0)
#define ST_ENABLE          (1u << 1)
#define ST_LOW_SPEED       (1u << 9)
#define ST_HIGH_SPEED      (1u << 10)
#define CH_RESET           (1u << 4)
#define HUB_DESC_ASK       71             /* 7 + two bitmaps for 255 ports */
#define ROUTE_PORTS_MAX    15             /* a route string nibble */
#define RESET_WAIT_MS      100
#define POWER_WAIT_MIN_MS  100            /* as Linux: some hubs say less than they need */
#define SPEED_FULL 1
#define SPEED_LOW  2
#define SPEED_HIGH 3

/* GET_STATUS of a port: wPortStatus | wPortChange << 16, or -1. */
static int64_t port_status(struct usb_dev *hub, unsigned port)
{
	const uint8_t *b = hub->buf;

	if (xhci_control(hub, FROM_PORT_CLASS, REQ_GET_STATUS, 0, (uint16_t)port, 4) != 0)
		return -1;
	return (uint32_t)(b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24);
}

static int port_feature(struct usb_dev *hub, uint8_t req, unsigned feature, unsigned port)
{
	return xhci_control(hub, TO_PORT_CLASS, req, (uint16_t)feature, (uint16_t)port, 0);
}

/* 11.5.1.5: reset the port, wait for C_PORT_RESET, acknowledge the
 * changes; the port's speed, or -1 when it did not come out enabled. */
static int reset_hub_port(struct usb_dev *hub, unsigned port)
{
	uint64_t end = time_us() + RESET_WAIT_MS * 1000;
	int64_t st;

	if (port_feature(hub, REQ_SET_FEATURE, PORT_RESET, port) != 0)
		return -1;
	do {
		mdelay(10);
		if ((st = port_status(hub, port)) < 0)
			return -1;
	} while (!(st >> 16 & CH_RESET) && time_us() < end);
	port_feature(hub, REQ_CLEAR_FEATURE, C_PORT_RESET, port);
	port_feature(hub, REQ_CLEAR_FEATURE, C_PORT_CONNECTION, port);
	if (!(st & ST_ENABLE))
		return -1;
	mdelay(10);                                 /* reset recovery (7.1.7.5) */
	return st & ST_LOW_SPEED ? SPEED_LOW : st & ST_HIGH_SPEED ? SPEED_HIGH : SPEED_FULL;
}

/* The device on hub port `port`: 0 addressed (its device descriptor in
 * child->buf), 1 nothing there, -1 it did not answer. */
static int hub_port_device(struct usb_dev *hub, unsigned port, struct usb_dev *child)
{
	int64_t st = port_status(hub, port);
	int speed;

	memset(child, 0, sizeof(*child));
	child->x = hub->x;
	child->port = hub->port;
	snprintf(child->where, sizeof(child->where), "%s.%u", hub->where, port);
	if (st < 0 || !(st & ST_CONNECTION))
		return st < 0 ? -1 : 1;
	if ((speed = reset_hub_port(hub, port)) < 0)
		return -1;
	child->speed = (unsigned)speed;
	child->route = port;                        /* one level: the first nibble */
	if (hub->speed == SPEED_HIGH && speed != SPEED_HIGH) {
		child->tt_slot = hub->slot;         /* split transactions through its TT */
		child->tt_port = port;
	}
	return xhci_address(child);
}

/* SET_CONFIGURATION with the hub's first configuration. */
static int configure(struct usb_dev *hub, const char **why)
{
	if (xhci_config_header(hub, why) < 0)
		return -1;
	*why = "it refused SET_CONFIGURATION";
	return xhci_control(hub, TO_DEVICE, REQ_SET_CONFIGURATION, hub->buf[5], 0, 0);
}

/* Configure Endpoint with the slot context only: the Hub flag, its ports
 * and TT think time (4.6.6; 6.2.2 asks for it before a device behind it
 * is addressed). */
static int tell_the_controller(struct usb_dev *hub, const struct usb_hub_desc *h)
{
	uint32_t *ctrl = xhci_ctx(hub->x, hub->in_ctx, 0);
	struct trb ev;

	hub->hub_ports = h->ports < ROUTE_PORTS_MAX ? h->ports : ROUTE_PORTS_MAX;
	hub->think_time = hub->speed == SPEED_HIGH ? h->think_time : 0;
	ctrl[0] = 0;
	ctrl[1] = 1;                                /* the slot context */
	xhci_slot_context(hub, xhci_ctx(hub->x, hub->in_ctx, 1), 1);
	return xhci_command(hub->x, hub->in_phys, 0,
			    TRB_TYPE(TRB_CONFIG_EP) | hub->slot << 24, &ev);
}

/* Power its ports and walk them.  0, or -1 with one line (the hub is then
 * to be freed by the caller). */
int usb_hub_start(struct usb_dev *hub, void (*found)(struct usb_dev *child, int r))
{
	static struct usb_dev child;
	struct usb_hub_desc h;
	const char *why;
	unsigned port;

	if (configure(hub, &why) != 0)
		goto bad;
	why = "no answer to GET_DESCRIPTOR(hub)";
	if (xhci_control(hub, FROM_HUB_CLASS, REQ_GET_DESCRIPTOR, USB_DESC_HUB << 8, 0,
			 HUB_DESC_ASK) != 0 || usb_parse_hub_desc(hub->buf, HUB_DESC_ASK, &h, &why))
		goto bad;
	why = "the controller refused it as a hub (Configure Endpoint)";
	if (tell_the_controller(hub, &h) != 0)
		goto bad;
	for (port = 1; port <= hub->hub_ports; port++)
		port_feature(hub, REQ_SET_FEATURE, PORT_POWER, port);
	mdelay(h.power_good_ms > POWER_WAIT_MIN_MS ? h.power_good_ms : POWER_WAIT_MIN_MS);
	printk("nickel: usb: xhci %d port %s: hub, %u ports%s, powered\n", hub->x->index,
	       hub->where, h.ports, h.ports > ROUTE_PORTS_MAX ? " (the first 15 walked)" : "");
	for (port = 1; port <= hub->hub_ports; port++) {
		int r = hub_port_device(hub, port, &child);

		if (r != 1)
			found(&child, r);
	}
	return 0;
bad:
	printk("nickel: usb: xhci %d port %s: hub ignored: %s\n", hub->x->index, hub->where,
	       why);
	return -1;
}
