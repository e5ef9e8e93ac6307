/*
 * uart.c - the 16550 UART on COM1: polled output (works from any context,
 * even in a panic), interrupt-driven input for the console keys.
 */
#include "arch/console_hw.h"
#include "arch/io.h"
#include "arch/cpu.h"
#include "arch/trap.h"

#define COM1 0x3F8
#define REG_DATA 0
#define REG_IER  1   /* interrupt enable */
#define REG_FCR  2   /* FIFO control */
#define REG_LCR  3   /* line control */
#define REG_MCR  4   /* modem control */
#define REG_LSR  5   /* line status */
#define LSR_DATA_READY 0x01
#define LSR_THR_EMPTY  0x20

static int present;
static void (*rx_hook)(char c);

void uart_init(void)
{
	outb(COM1 + REG_IER, 0x00);
	outb(COM1 + REG_LCR, 0x80);        /* DLAB: set the baud divisor */
	outb(COM1 + REG_DATA, 1);          /* 115200 baud */
	outb(COM1 + REG_IER, 0);
	outb(COM1 + REG_LCR, 0x03);        /* 8N1 */
	outb(COM1 + REG_FCR, 0xC7);        /* FIFO on, cleared, 14-byte level */
	outb(COM1 + REG_MCR, 0x0B);        /* DTR, RTS, OUT2 (IRQ enable) */
	/* A port that reads back 0xFF has no UART behind it (no serial card). */
	present = inb(COM1 + REG_LSR) != 0xFF;
}

int uart_present(void)
{
	return present;
}

void uart_putc(char c)
{
	int spins = 100000;

	if (!present)
		return;
	if (c == '\n')
		uart_putc('\r');
	while (!(inb(COM1 + REG_LSR) & LSR_THR_EMPTY) && --spins)
		cpu_relax();
	outb(COM1 + REG_DATA, (uint8_t)c);
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
