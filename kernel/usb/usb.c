/*
 * usb.c - from the PCI scan to keys: each xHCI controller found is started
 * (xhci.c), each root hub port with a device is reset and the device
 * addressed (xhci_port.c), and each boot keyboard turned on (usb_kbd.c).
 * Devices are looked for once, at boot: a keyboard plugged in later is not
 * seen (the port's change event is passed over).  Hubs are not walked, so
 * a keyboard must sit on a root port.
 */
#include "usb/usb.h"
#include "usb/xhci.h"
#include "console/printk.h"
#include "arch/pci.h"
#include "arch/paging.h"
#include "arch/timer.h"

#define XHCI_CLASS     0x0C0330
#define MAX_XHCI       4
#define MAX_KEYBOARDS  8
#define MMIO_WINDOW    0x10000           /* capability .. doorbells, with room */

static struct xhci xhcis[MAX_XHCI];
static struct usb_dev keyboards[MAX_KEYBOARDS];
static int nxhci, nkbd;
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

static void probe_ports(struct xhci *x)
{
	static struct usb_dev probe;
	unsigned port;
	int r;

	for (port = 1; port <= x->ports; port++) {
		r = xhci_port_device(x, port, &probe);
		if (r < 0)
			printk("nickel: usb: xhci %d port %u: a device that did not answer "
			       "(reset, address or descriptor); ignored\n", x->index, port);
		if (r != 0)
			continue;
		if (nkbd < MAX_KEYBOARDS && usb_kbd_start(&probe) == 0)
			keyboards[nkbd++] = probe;
		else
			xhci_device_free(&probe);
	}
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
	}
	usb_ready = 1;
	return nkbd;
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
		printk("nickel: usb: xhci %d port %u: keyboard gone (completion code %u)\n",
		       u->x->index, u->port, code);
		return;
	}
	hid_kbd_report(&u->hid, usb_kbd_report(u),
		       left < HID_BOOT_REPORT_LEN ? HID_BOOT_REPORT_LEN - left : 0, now_ms, emit);
	usb_kbd_queue(u);
}

void usb_poll(void)
{
	uint32_t now_ms;
	struct usb_dev *u;
	struct trb ev;
	int i;

	if (!usb_ready || !nkbd)
		return;
	now_ms = (uint32_t)(time_us() / 1000);
	for (i = 0; i < nxhci; i++)
		while (xhci_next_event(&xhcis[i], &ev))
			if (TRB_TYPE_OF(&ev) == TRB_EV_TRANSFER && (u = keyboard_of(&xhcis[i], &ev)))
				transfer_done(u, &ev, now_ms);
	for (i = 0; i < nkbd; i++)
		if (!keyboards[i].dead)
			hid_kbd_repeat(&keyboards[i].hid, now_ms, emit);
}
