/*
 * xhci.c - bringing an xHCI controller up (xhci.h): take it from the
 * firmware, reset it, give it a device context array, a command ring and
 * an event ring, and start it.  Section numbers are the xHCI 1.2 spec's.
 */
#include "usb/xhci.h"
#include "mm/pmm.h"
#include "lib/string.h"
#include "console/printk.h"
#include "arch/paging.h"
#include "arch/timer.h"

/* Capability registers (5.3) */
#define CAP_LENGTH   0x00
#define CAP_HCS1     0x04            /* MaxSlots 7:0, MaxPorts 31:24 */
#define CAP_HCS2     0x08            /* scratchpad buffers */
#define CAP_HCC1     0x10            /* CSZ bit 2, xECP 31:16 */
#define CAP_DBOFF    0x14
#define CAP_RTSOFF   0x18
/* Operational registers (5.4) */
#define OP_USBCMD    0x00
#define OP_USBSTS    0x04
#define OP_CRCR      0x18
#define OP_DCBAAP    0x30
#define OP_CONFIG    0x38
#define CMD_RUN      (1u << 0)
#define CMD_RESET    (1u << 1)
#define STS_HALTED   (1u << 0)
#define STS_NOT_READY (1u << 11)
/* Interrupter 0 in the runtime registers (5.5.2) */
#define IR0_ERSTSZ   0x28
#define IR0_ERSTBA   0x30
#define IR0_ERDP     0x38
#define ERDP_BUSY    (1u << 3)
/* Extended capabilities (7) */
#define XCAP_LEGACY   1
#define XCAP_PROTOCOL 2
#define LEGACY_BIOS_OWNED (1u << 16)
#define LEGACY_OS_OWNED   (1u << 24)

#define MAX_SLOTS 16                 /* keyboards and what shares their ports */
#define ERST_OFFSET 2048             /* the ERST shares the DCBAA's page */

static uint32_t rd(volatile uint8_t *base, unsigned off)
{
	return *(volatile uint32_t *)(base + off);
}

static void wr(volatile uint8_t *base, unsigned off, uint32_t v)
{
	*(volatile uint32_t *)(base + off) = v;
}

uint32_t xhci_op_read(struct xhci *x, unsigned off) { return rd(x->op, off); }
void xhci_op_write(struct xhci *x, unsigned off, uint32_t v) { wr(x->op, off, v); }

/* Wait up to ms until (reg & mask) == want; 0, or -1 on timeout. */
static int wait_reg(volatile uint8_t *base, unsigned off, uint32_t mask, uint32_t want,
		    unsigned ms)
{
	uint64_t end = time_us() + (uint64_t)ms * 1000;

	while ((rd(base, off) & mask) != want)
		if (time_us() > end)
			return -1;
	return 0;
}

int ring_init(struct ring *r)
{
	struct trb *link;

	r->phys = pmm_alloc();
	if (!r->phys)
		return -1;
	r->trbs = phys_to_virt(r->phys);
	memset(r->trbs, 0, PAGE_SIZE);
	link = &r->trbs[RING_TRBS - 1];
	link->d[0] = r->phys;
	link->d[3] = TRB_TYPE(TRB_LINK) | TRB_TOGGLE;
	r->enq = 0;
	r->cycle = 1;
	return 0;
}

void ring_free(struct ring *r)
{
	if (r->phys)
		pmm_free(r->phys);
	r->phys = 0;
}

/* Queue one TRB (4.9.1): the cycle bit is written last, so the controller
 * never sees half a TRB.  Returns the TRB's physical address. */
uint32_t ring_push(struct ring *r, uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3)
{
	struct trb *t = &r->trbs[r->enq];
	uint32_t at = r->phys + r->enq * sizeof(struct trb);

	t->d[0] = d0;
	t->d[1] = d1;
	t->d[2] = d2;
	__asm__ volatile("" ::: "memory");
	t->d[3] = (d3 & ~TRB_CYCLE) | r->cycle;
	if (++r->enq == RING_TRBS - 1) {         /* through the Link TRB */
		t = &r->trbs[RING_TRBS - 1];
		t->d[3] = (t->d[3] & ~TRB_CYCLE) | r->cycle;
		r->enq = 0;
		r->cycle ^= 1;
	}
	return at;
}

void xhci_ring_doorbell(struct xhci *x, unsigned slot, unsigned target)
{
	__asm__ volatile("" ::: "memory");
	x->db[slot] = target;
}

/* The next event (4.9.4), copied to *ev: 1, or 0 when there is none yet. */
int xhci_next_event(struct xhci *x, struct trb *ev)
{
	struct trb *t = &x->events[x->ev_deq];

	if ((t->d[3] & TRB_CYCLE) != x->ev_cycle)
		return 0;
	*ev = *t;
	if (++x->ev_deq == RING_TRBS) {
		x->ev_deq = 0;
		x->ev_cycle ^= 1;
	}
	wr(x->rt, IR0_ERDP, (x->events_phys + x->ev_deq * sizeof(struct trb)) | ERDP_BUSY);
	wr(x->rt, IR0_ERDP + 4, 0);
	return 1;
}

/* 4.22.1: set the OS semaphore, wait for the BIOS to let go (up to 1 s),
 * and turn off the SMIs it asked for.  Also reads which ports are USB 2
 * and which USB 3 (the Supported Protocol capabilities, 7.2). */
static void walk_capabilities(struct xhci *x)
{
	unsigned off = (rd(x->cap, CAP_HCC1) >> 16) << 2, first, n, p;
	uint32_t v;

	while (off) {
		v = rd(x->cap, off);
		if ((v & 0xFF) == XCAP_LEGACY) {
			wr(x->cap, off, v | LEGACY_OS_OWNED);
			if (wait_reg(x->cap, off, LEGACY_BIOS_OWNED, 0, 1000) != 0) {
				printk("nickel: usb: xhci %d: the firmware keeps it; taking it\n",
				       x->index);
				wr(x->cap, off, (rd(x->cap, off) & ~LEGACY_BIOS_OWNED) |
				   LEGACY_OS_OWNED);
			}
			/* SMI enables off (bits 0, 4, 13..15), SMI events cleared (29..31) */
			wr(x->cap, off + 4, (rd(x->cap, off + 4) & ~0xE011u) | 0xE0000000u);
		} else if ((v & 0xFF) == XCAP_PROTOCOL) {
			first = rd(x->cap, off + 8) & 0xFF;
			n = (rd(x->cap, off + 8) >> 8) & 0xFF;
			for (p = first; p < first + n && p <= XHCI_MAX_PORTS; p++)
				x->port_usb[p] = (uint8_t)(v >> 24);
		}
		if (!((v >> 8) & 0xFF))
			break;
		off += ((v >> 8) & 0xFF) << 2;
	}
}

static int halt_and_reset(struct xhci *x)
{
	wr(x->op, OP_USBCMD, rd(x->op, OP_USBCMD) & ~CMD_RUN);
	if (wait_reg(x->op, OP_USBSTS, STS_HALTED, STS_HALTED, 20) != 0)
		return -1;
	wr(x->op, OP_USBCMD, CMD_RESET);
	mdelay(1);                           /* some Intel parts want this */
	if (wait_reg(x->op, OP_USBCMD, CMD_RESET, 0, 1000) != 0)
		return -1;
	return wait_reg(x->op, OP_USBSTS, STS_NOT_READY, 0, 1000);
}

/* Scratchpad buffers the controller asks for (4.20): pages it owns. */
static int scratchpads(struct xhci *x)
{
	uint32_t hcs2 = rd(x->cap, CAP_HCS2), array, *entries;
	unsigned n = ((hcs2 >> 21) & 0x1F) << 5 | ((hcs2 >> 27) & 0x1F), i;

	if (!n)
		return 0;
	if (n > PAGE_SIZE / 8 || !(array = pmm_alloc()))
		return -1;
	entries = phys_to_virt(array);
	memset(entries, 0, PAGE_SIZE);
	for (i = 0; i < n; i++) {
		entries[2 * i] = pmm_alloc();
		if (!entries[2 * i])
			return -1;
		memset(phys_to_virt(entries[2 * i]), 0, PAGE_SIZE);
	}
	x->dcbaa[0] = array;
	return 0;
}

/* The DCBAA, the ERST (one segment) and the two rings. */
static int rings(struct xhci *x)
{
	uint32_t *erst;

	x->dcbaa_phys = pmm_alloc();
	x->events_phys = pmm_alloc();
	if (!x->dcbaa_phys || !x->events_phys || ring_init(&x->cmd) != 0)
		return -1;
	x->dcbaa = phys_to_virt(x->dcbaa_phys);
	x->events = phys_to_virt(x->events_phys);
	memset(x->dcbaa, 0, PAGE_SIZE);
	memset(x->events, 0, PAGE_SIZE);
	if (scratchpads(x) != 0)
		return -1;
	erst = (uint32_t *)((uint8_t *)x->dcbaa + ERST_OFFSET);
	erst[0] = x->events_phys;
	erst[2] = RING_TRBS;
	x->ev_deq = 0;
	x->ev_cycle = 1;
	wr(x->op, OP_CONFIG, x->slots);
	wr(x->op, OP_DCBAAP, x->dcbaa_phys);
	wr(x->op, OP_DCBAAP + 4, 0);
	wr(x->op, OP_CRCR, x->cmd.phys | 1);       /* RCS = 1 */
	wr(x->op, OP_CRCR + 4, 0);
	wr(x->rt, IR0_ERSTSZ, 1);
	wr(x->rt, IR0_ERDP, x->events_phys);
	wr(x->rt, IR0_ERDP + 4, 0);
	wr(x->rt, IR0_ERSTBA, x->dcbaa_phys + ERST_OFFSET);
	wr(x->rt, IR0_ERSTBA + 4, 0);
	return 0;
}

/* 4.2: from the registers at `mmio` to a running controller; NULL or why not. */
const char *xhci_start(struct xhci *x, volatile uint8_t *mmio)
{
	uint32_t hcs1;

	x->cap = mmio;
	x->op = mmio + (rd(mmio, CAP_LENGTH) & 0xFF);
	x->rt = mmio + (rd(mmio, CAP_RTSOFF) & ~0x1Fu);
	x->db = (volatile uint32_t *)(mmio + (rd(mmio, CAP_DBOFF) & ~0x3u));
	hcs1 = rd(mmio, CAP_HCS1);
	x->slots = (hcs1 & 0xFF) < MAX_SLOTS ? (hcs1 & 0xFF) : MAX_SLOTS;
	x->ports = hcs1 >> 24 < XHCI_MAX_PORTS ? hcs1 >> 24 : XHCI_MAX_PORTS;
	x->ctx_size = (rd(mmio, CAP_HCC1) & 4) ? 64 : 32;
	if (hcs1 == 0xFFFFFFFFu)
		return "its registers read all ones";
	walk_capabilities(x);
	if (halt_and_reset(x) != 0)
		return "it did not halt or reset";
	if (rings(x) != 0)
		return "out of memory for its rings";
	wr(x->op, OP_USBCMD, CMD_RUN);             /* no interrupts: polled */
	if (wait_reg(x->op, OP_USBSTS, STS_HALTED, 0, 100) != 0)
		return "it did not start";
	return 0;
}
