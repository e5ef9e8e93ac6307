/*
 * printk.c - the console: every line goes to COM1 and to the screen (VGA
 * text, or a framebuffer under UEFI: fbcon.c), so a PC without a serial
 * cable shows what the serial log shows.
 * Lock: console_lock keeps lines from different CPUs whole.
 */
#include "console/printk.h"
#include "arch/console_hw.h"
#include "spinlock.h"
#include "lib/string.h"
#include "console/fbcon.h"
#include "arch/paging.h"
#include "console/screen.h"

static spinlock_t console_lock = SPINLOCK_INIT("console");
int console_panicking;          /* set by panic: never wait for the lock */
static void (*screen_putc)(char c) = vga_putc;
static void (*screen_done)(void) = vga_show_cursor;   /* after each write */
static struct text_screen *screen;     /* NULL: serial only (screen.h) */

/* Callers hold console_lock, or the console is panicking. */
static void console_emit(const char *s, unsigned n)
{
	unsigned i;

	uart_write(s, n);
	for (i = 0; i < n; i++)
		screen_putc(s[i]);
	if (screen_done)
		screen_done();
}

/* A framebuffer the loader set up, else (or when it is unusable) VGA text. */
void console_init(const struct boot_fb *fb)
{
	void *pixels;

	uart_init();
	if (fb->type == FB_RGB) {
		pixels = ioremap(fb->addr, fb->pitch * fb->height);
		if (pixels && fbcon_init(fb, pixels) == 0) {
			screen_putc = fbcon_putc;
			screen_done = 0;
			screen = fbcon_text_screen();
			return;
		}
	}
	vga_init();
	screen = vga_text_screen();
}

int vprintk(const char *fmt, va_list ap)
{
	char line[512];
	unsigned long f;
	int n = vsnprintf(line, sizeof(line), fmt, ap);

	if (n > (int)sizeof(line) - 1)
		n = sizeof(line) - 1;
	if (console_panicking) {
		console_emit(line, n);
		return n;
	}
	f = spin_lock_irqsave(&console_lock);
	console_emit(line, n);
	spin_unlock_irqrestore(&console_lock, f);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

/*
 * Write n bytes line by line, each line whole, under console_lock: ring-3
 * writes (file.c) and printk on other CPUs never interleave, and a long
 * write never keeps interrupts off for more than a line.  The screen
 * consoles (vga.c, fbcon.c) keep a cursor that two writers at once would
 * corrupt.
 */
void console_write(const char *s, unsigned n)
{
	while (n) {
		unsigned len = 0;
		unsigned long f = 0;

		while (len < n && s[len++] != '\n')
			;
		if (!console_panicking)
			f = spin_lock_irqsave(&console_lock);
		console_emit(s, len);
		if (!console_panicking)
			spin_unlock_irqrestore(&console_lock, f);
		s += len;
		n -= len;
	}
}

/* Print a long text line by line, each line whole (printk cuts at 512). */
void console_print(const char *s)
{
	console_write(s, strlen(s));
}

/* Serial only, line by line like console_write: the panel's test copy
 * (panel=serial), which the screen must not show twice. */
void console_serial_print(const char *s)
{
	while (*s) {
		unsigned long f = 0;

		if (!console_panicking)
			f = spin_lock_irqsave(&console_lock);
		while (*s && *s != '\n')
			uart_putc(*s++);
		if (*s)
			uart_putc(*s++);
		if (!console_panicking)
			spin_unlock_irqrestore(&console_lock, f);
	}
}

/* The screen API (screen.h): the cells under console_lock. */
void screen_size(unsigned *cols, unsigned *rows)
{
	*cols = screen ? screen->cols : 0;
	*rows = screen ? screen->rows : 0;
}

void screen_keep_top(unsigned rows)
{
	unsigned long f;

	if (!screen)
		return;
	f = spin_lock_irqsave(&console_lock);
	text_screen_keep_top(screen, rows);
	spin_unlock_irqrestore(&console_lock, f);
}

void screen_write(unsigned row, unsigned col, const char *text,
		  enum screen_colour colour)
{
	unsigned long f;

	if (!screen)
		return;
	f = spin_lock_irqsave(&console_lock);
	text_screen_write(screen, row, col, text, colour);
	spin_unlock_irqrestore(&console_lock, f);
}
