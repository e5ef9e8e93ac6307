/*
 * console_input.c - a small ring of typed keys.  The UART's and the PS/2
 * keyboard's interrupt handlers and the USB keyboards' poll (CPU 0's timer
 * tick) put keys in, each already a character of the one key table
 * (console/keymap.c); the "keys" kernel thread sleeps on key_wait and takes
 * them out (an interrupt wake-up).  key_wait.lock protects the ring.
 */
#include "console/console_input.h"
#include "console/printk.h"
#include "arch/console_hw.h"
#include "usb/usb.h"
#include "lib/string.h"
#include "wait.h"

#define RING 64

static char ring[RING];
static unsigned head, tail;            /* head: next to read */
static struct wait_queue key_wait = WAIT_QUEUE_INIT(key_wait);

static void key_arrived(char c)
{
	spin_lock(&key_wait.lock);
	if (tail - head < RING)
		ring[tail++ % RING] = c;       /* a full ring drops the key */
	spin_unlock(&key_wait.lock);
	wake_up(&key_wait);
}

static bool key_ready(void *arg)
{
	(void)arg;
	return head != tail;
}

int console_read_key(void)
{
	unsigned long f;
	int c;

	wait_event(&key_wait, key_ready, 0);
	f = spin_lock_irqsave(&key_wait.lock);
	c = (unsigned char)ring[head++ % RING];
	spin_unlock_irqrestore(&key_wait.lock, f);
	return c;
}

void console_input_poll(void)
{
	usb_poll();
}

/* The boot line that names every place keys come from. */
static void say_sources(int ps2, int usb, int serial)
{
	char line[96];
	int n = 0;

	line[0] = 0;
	if (ps2)
		n += snprintf(line + n, sizeof(line) - n, ", PS/2 keyboard");
	if (usb)
		n += snprintf(line + n, sizeof(line) - n, ", USB keyboard%s (%d)",
			      usb > 1 ? "s" : "", usb);
	if (serial)
		n += snprintf(line + n, sizeof(line) - n, ", serial COM1");
	printk("nickel: keys from: %s\n", n ? line + 2 : "nowhere");
}

/* Every keyboard at once (PS/2 and USB together), then where keys come from. */
void console_input_init(void)
{
	int serial = uart_present(), usb;
	const char *no_ps2;

	if (!serial)
		printk("nickel: serial: no UART at COM1 (port 0x3f8); the screen is "
		       "the only console\n");
	uart_enable_rx_irq(key_arrived);
	no_ps2 = kbd_init(key_arrived);
	usb = usb_keyboards_init(key_arrived);
	if (no_ps2)
		printk("nickel: keyboard: no i8042 (%s); keys on the %s\n", no_ps2,
		       usb ? "USB keyboard" : serial ? "serial console only" :
		       "serial console, and there is none: no keys");
	say_sources(!no_ps2, usb, serial);
}
