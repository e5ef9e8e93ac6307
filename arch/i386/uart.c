/*
 * uart.c - the 16550 UART on COM1: polled output (works from any context,
 * even in a panic), interrupt-driven input for the console keys.
 *
 * Output waits for "transmitter empty" once per 16 bytes where the chip
 * has a 16-byte transmit FIFO (a 16550A; an 8250 or 16450 has none and is
 * asked before every byte): under an emulator each status read is a trip
 * out of the guest, as costly as the byte itself.
 */
#include "arch/console_hw.h"
#include "arch/io.h"
#include "arch/cpu.h"
#include "arch/trap.h"

#define COM1 0x3F8
#define REG_DATA 0
#define REG_IER  1   /* interrupt enable */
#define REG_FCR  2   /* FIFO control (write) */
#define REG_IIR  2   /* interrupt identification (read): bits 7..6 = FIFOs on */
#define REG_LCR  3   /* line control */
#define REG_MCR  4   /* modem control */
#define REG_LSR  5   /* line status */
#define LSR_DATA_READY 0x01
#define LSR_THR_EMPTY  0x20
#define LSR_TX_IDLE    0x40  /* the FIFO and the shift register both empty */

#define FIFO_BYTES 16

static int present;
static int tx_burst = 1;           /* bytes per "transmitter empty" */
static void (*rx_hook)(char c);

void uart_init(void)
{
	outb(COM1 + REG_IER, 0x00);
	outb(COM1 + REG_LCR, 0x80);        /* DLAB: set the baud divisor */
	outb(COM1 + REG_DATA, 1);          /* 115200 baud */
	outb(COM1 + REG_IER, 0);
	outb(COM1 + REG_LCR, 0x03);        /* 8N1 */
	outb(COM1 + REG_FCR, 0xC7);        /* FIFO on, cleared, 14-byte level */
	tx_burst = (inb(COM1 + REG_IIR) & 0xC0) == 0xC0 ? FIFO_BYTES : 1;
	outb(COM1 + REG_MCR, 0x0B);        /* DTR, RTS, OUT2 (IRQ enable) */
	/* A port that reads back 0xFF has no UART behind it (no serial card). */
	present = inb(COM1 + REG_LSR) != 0xFF;
}

int uart_present(void)
{
	return present;
}

/* One byte; *room counts what the FIFO still takes without asking. */
static void put_byte(char c, int *room)
{
	int spins = 100000;

	if (*room == 0) {
		while (!(inb(COM1 + REG_LSR) & LSR_THR_EMPTY) && --spins)
			cpu_relax();
		*room = tx_burst;
	}
	outb(COM1 + REG_DATA, (uint8_t)c);
	(*room)--;
}

/* n bytes, "\r\n" for each '\n'. */
void uart_write(const char *s, unsigned n)
{
	int room = 0;

	if (!present)
		return;
	for (; n; n--, s++) {
		if (*s == '\n')
			put_byte('\r', &room);
		put_byte(*s, &room);
	}
}

void uart_putc(char c)
{
	uart_write(&c, 1);
}

/* Wait until the last byte written has left the chip (bounded): the FIFO
 * may still hold up to 16 bytes that a power-off would cut (Bochs sends
 * them at the line's rate; QEMU at once). */
void uart_drain(void)
{
	int spins = 1000000;

	if (!present)
		return;
	while (!(inb(COM1 + REG_LSR) & LSR_TX_IDLE) && --spins)
		cpu_relax();
}

static void uart_irq(struct trap_frame *f)
{
	(void)f;
	while (inb(COM1 + REG_LSR) & LSR_DATA_READY) {
		char c = (char)inb(COM1 + REG_DATA);
		if (rx_hook)
			rx_hook(c);
	}
}

void uart_enable_rx_irq(void (*on_char)(char c))
{
	if (!present)
		return;
	rx_hook = on_char;
	irq_install(4, uart_irq);
	outb(COM1 + REG_IER, 0x01);        /* interrupt on received data */
}
