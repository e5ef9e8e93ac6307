/*
 * usb.c - from the PCI scan to keys: each xHCI controller found is started
 * (xhci.c), each root hub port with a device is reset and the device
 * addressed (xhci_port.c), each USB 2 hub on a root port walked the same
 * way (usb_hub.c), and each boot keyboard turned on (usb_kbd.c).  After
 * boot, a root port's change event (a device plugged in or pulled out)
 * is handled in the poll the same way.  A hub behind a hub is not walked,
 * and a hub's own ports are looked at once, when it is found.
 */
#include "usb/usb.h"
#include "usb/xhci.h"
#include "usb/usb_desc.h"
#include "console/printk.h"
#include "arch/pci.h"
#include "arch/paging.h"
#include "arch/timer.h"

#define XHCI_CLASS     0x0C0330
#define MAX_XHCI       4
#define MAX_KEYBOARDS  8
#define MAX_HUBS       4
#define MMIO_WINDOW    0x10000           /* capability .. doorbells, with room */

static struct xhci xhcis[MAX_XHCI];
static struct usb_dev keyboards[MAX_KEYBOARDS];
static struct usb_dev hubs[MAX_HUBS];    /* kept while a keyboard is behind them */
static int nxhci, nkbd, nhub;            /* entries used so far; one whose slot is 0 is free */
static int started;                      /* keyboards started, ever */
static volatile int usb_ready;           /* boot set-up done: usb_poll may look */
static void (*emit)(char c);

/* Memory decoding and bus mastering on, the legacy INTx off (polled). */
static volatile uint8_t *map_controller(const struct pci_dev *d, const char **why)
{
	uint64_t bar = pci_bar_mem(d, 0, why);
	volatile uint8_t *mmio;

	if (!bar)
		return 0;
	mmio = ioremap64(bar, MMIO_WINDOW);
	if (!mmio) {
		*why = "its registers are above what the CPU can map (PSE-36)";
		return 0;
	}
	pci_write16(d, PCI_COMMAND, pci_read16(d, PCI_COMMAND) | PCI_CMD_MEMORY |
		    PCI_CMD_BUS_MASTER | PCI_CMD_INTX_OFF);
	return mmio;
}

/* A free entry of `a` (its device gone), or a new one; NULL when full. */
static struct usb_dev *entry(struct usb_dev *a, int *n, int max)
{
	int i;

	for (i = 0; i < *n; i++)
		if (!a[i].slot)
			return &a[i];
	return *n < max ? &a[(*n)++] : 0;
}

static int is_hub(const struct usb_dev *u)
{
	struct usb_device_desc dev;
	const char *why;

	return usb_parse_device_desc(u->buf, USB_DEVICE_DESC_LEN, &dev, &why) == 0 &&
	       dev.class == USB_CLASS_HUB;
}

static void start_device(struct usb_dev *u, int r);
static void on_event(struct xhci *x, const struct trb *ev);

/* A hub on a root port: walked, and kept only if a keyboard is behind it. */
static void start_hub(struct usb_dev *u)
{
	struct usb_dev *hub = u->route ? 0 : entry(hubs, &nhub, MAX_HUBS);
	int before = started, r;

	if (!hub) {
		printk("nickel: usb: xhci %d port %s: hub not walked (%s)\n", u->x->index,
		       u->where, u->route ? "behind another hub: one level only" :
		       "too many hubs");
		xhci_device_free(u);
		return;
	}
	*hub = *u;
	r = usb_hub_start(hub, start_device);
	if (r == 0 && started > before)
		return;
	if (r == 0)
		printk("nickel: usb: xhci %d port %s: no keyboard behind the hub; "
		       "let go\n", hub->x->index, hub->where);
	xhci_device_free(hub);
}

/* A device addressed on a root port or a hub's port (r 0), or one that did
 * not answer (r -1, already freed). */
static void start_device(struct usb_dev *u, int r)
{
	struct usb_dev *k;

	if (r < 0) {
		printk("nickel: usb: xhci %d port %s: a device that did not answer "
		       "(reset, address or descriptor); ignored\n", u->x->index, u->where);
		return;
	}
	if (is_hub(u))
		start_hub(u);
	else if (!(k = entry(keyboards, &nkbd, MAX_KEYBOARDS)))
		printk("nickel: usb: xhci %d port %s: device not looked at: %d keyboards already\n",
		       u->x->index, u->where, MAX_KEYBOARDS);
	else if (usb_kbd_start(u) == 0) {
		*k = *u;
		started++;
		return;
	}
	xhci_device_free(u);
}

static void probe_ports(struct xhci *x)
{
	static struct usb_dev probe;
	unsigned port;
	int r;

	for (port = 1; port <= x->ports; port++)
		if ((r = xhci_port_device(x, port, &probe)) != 1)
			start_device(&probe, r);
}

int usb_keyboards_init(void (*on_char)(char c))
{
	struct pci_dev found[MAX_XHCI];
	volatile uint8_t *mmio;
	const char *why, *ignored;
	int n = pci_find_class(XHCI_CLASS, found, MAX_XHCI), i;

	emit = on_char;
	for (i = 0; i < n; i++) {
		struct xhci *x = &xhcis[nxhci];

		x->index = nxhci;
		x->stray = on_event;
		mmio = map_controller(&found[i], &why);
		if (mmio)
			why = xhci_start(x, mmio);
		printk("nickel: usb: xhci %d at pci %02x:%02x.%x (%04x:%04x), registers at "
		       "0x%llx%s%s\n", x->index, found[i].bus, found[i].dev, found[i].fn,
		       found[i].vendor, found[i].device,
		       (unsigned long long)pci_bar_mem(&found[i], 0, &ignored),
		       why ? ": not used: " : "", why ? why : "");
		if (why)
			continue;
		nxhci++;
		probe_ports(x);
		x->port_events = 0;              /* the changes the set-up itself made */
	}
	usb_ready = 1;
	return started;
}

static struct usb_dev *keyboard_of(struct xhci *x, const struct trb *ev)
{
	int i;

	for (i = 0; i < nkbd; i++)
		if (keyboards[i].x == x && keyboards[i].slot == EV_SLOT(ev) &&
		    keyboards[i].dci == ((ev->d[3] >> 16) & 0x1F))
			return &keyboards[i];
	return 0;
}

/* A report came (or the keyboard went away: an error ends its transfers). */
static void transfer_done(struct usb_dev *u, const struct trb *ev, uint32_t now_ms)
{
	unsigned code = EV_CODE(ev), left = ev->d[2] & 0xFFFFFF;

	if (u->dead || ev->d[0] != u->queued)
		return;
	if (code != CC_SUCCESS && code != CC_SHORT_PACKET) {
		u->dead = 1;
		printk("nickel: usb: xhci %d port %s: keyboard gone (completion code %u)\n",
		       u->x->index, u->where, code);
		return;
	}
	/* one line when a keyboard's first key comes: which keyboard nickel
	 * hears, when there are several */
	if (!u->heard && left <= HID_BOOT_REPORT_LEN - 3 && usb_kbd_report(u)[2]) {
		u->heard = 1;
		printk("nickel: usb: xhci %d port %s: first key from this keyboard\n",
		       u->x->index, u->where);
	}
	hid_kbd_report(&u->hid, usb_kbd_report(u),
		       left < HID_BOOT_REPORT_LEN ? HID_BOOT_REPORT_LEN - left : 0, now_ms, emit);
	usb_kbd_queue(u);
}

/* Every event: at boot while waiting for a command (xhci_cmd.c), then in
 * the poll.  A port's change is noted and looked at once the ring is read. */
static void on_event(struct xhci *x, const struct trb *ev)
{
	unsigned port = ev->d[0] >> 24;
	struct usb_dev *u;

	if (TRB_TYPE_OF(ev) == TRB_EV_TRANSFER && (u = keyboard_of(x, ev)))
		transfer_done(u, ev, (uint32_t)(time_us() / 1000));
	else if (TRB_TYPE_OF(ev) == TRB_EV_PORT && port >= 1 && port <= x->ports)
		x->port_events |= 1ull << (port - 1);
}

/* Pulled out: every keyboard and hub on that root port (behind it too)
 * is let go; a key it held stops repeating. */
static void unplugged(struct xhci *x, unsigned port)
{
	int i;

	for (i = 0; i < nkbd; i++)
		if (keyboards[i].x == x && keyboards[i].port == port && keyboards[i].slot) {
			printk("nickel: usb: xhci %d port %s: keyboard gone (unplugged)\n",
			       x->index, keyboards[i].where);
			keyboards[i].dead = 1;
			xhci_device_free(&keyboards[i]);
		}
	for (i = 0; i < nhub; i++)
		if (hubs[i].x == x && hubs[i].port == port && hubs[i].slot)
			xhci_device_free(&hubs[i]);
}

/* Hot-plug, in CPU 0's timer tick: the device is set up there, as at
 * boot (some 30 ms of resets and requests with interrupts off, once per
 * plug). */
static void port_changed(struct xhci *x, unsigned port)
{
	static struct usb_dev plugged;
	int c = xhci_port_change(x, port), r;

	if (c < 0)
		unplugged(x, port);
	if (c > 0 && (r = xhci_port_device(x, port, &plugged)) != 1)
		start_device(&plugged, r);
}

void usb_poll(void)
{
	uint32_t now_ms;
	struct trb ev;
	unsigned port;
	int i;

	if (!usb_ready)
		return;
	for (i = 0; i < nxhci; i++) {
		struct xhci *x = &xhcis[i];

		while (xhci_next_event(x, &ev))
			on_event(x, &ev);
		while (x->port_events) {
			port = (unsigned)__builtin_ctzll(x->port_events) + 1;
			x->port_events &= ~(1ull << (port - 1));
			port_changed(x, port);
		}
	}
	now_ms = (uint32_t)(time_us() / 1000);
	for (i = 0; i < nkbd; i++)
		if (!keyboards[i].dead && keyboards[i].slot)
			hid_kbd_repeat(&keyboards[i].hid, now_ms, emit);
}
