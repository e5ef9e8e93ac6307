/*
 * console_input.c - a small ring of typed keys.  The UART and keyboard
 * interrupt handlers put keys in; the "keys" kernel thread sleeps on
 * key_wait and takes them out (an interrupt wake-up).  key_wait.lock
 * protects the ring.
 */
#include "console/console_input.h"
#include "arch/console_hw.h"
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

void console_input_init(void)
{
	uart_enable_rx_irq(key_arrived);
	kbd_init(key_arrived);
}
