/*
 * vga.c - 80x25 colour text mode at physical 0xB8000, the console of a PC
 * with no serial cable.  It mirrors the serial output and scrolls.  A
 * machine without a VGA card (QEMU -vga none) has no memory there: a cell
 * written at start-up does not read back, and the screen stays off.
 */
#include "arch/console_hw.h"
#include "arch/io.h"
#include "arch/paging.h"
#include "text_screen.h"
#include <stdint.h>
#include <string.h>

#define COLS 80
#define ROWS 25
#define ATTR 0x0700            /* light grey on black */

static volatile uint16_t *screen;
static const uint16_t attr[] = {
	[SCREEN_TEXT] = ATTR,
	[SCREEN_BRIGHT] = 0x0F00,      /* white on black */
	[SCREEN_TITLE] = 0x7000,       /* black on light grey */
};

static void move_cursor(unsigned row, unsigned col)
{
	uint16_t pos = (uint16_t)(row * COLS + col);

	outb(0x3D4, 14); outb(0x3D5, pos >> 8);
	outb(0x3D4, 15); outb(0x3D5, pos & 0xFF);
}

static void put(unsigned row, unsigned col, char c, enum screen_colour colour)
{
	screen[row * COLS + col] = attr[colour] | (uint8_t)c;
}

static void scroll(unsigned top)
{
	int i;

	memmove((uint16_t *)screen + top * COLS, (uint16_t *)screen + (top + 1) * COLS,
		(ROWS - 1 - top) * COLS * 2);
	for (i = 0; i < COLS; i++)
		screen[(ROWS - 1) * COLS + i] = ATTR | ' ';
}

static struct text_screen text = {
	.cols = COLS, .rows = ROWS, .put = put, .scroll = scroll,
};

/* Is there memory at 0xB8000 that keeps what is written? */
static int vga_answers(volatile uint16_t *cell)
{
	*cell = ATTR | 'V';
	if (*cell != (ATTR | 'V'))
		return 0;
	*cell = ATTR | 'g';
	return *cell == (ATTR | 'g');
}

void vga_init(void)
{
	volatile uint16_t *mem = phys_to_virt(0xB8000);
	int i;

	if (!vga_answers(mem))
		return;
	screen = mem;
	for (i = 0; i < COLS * ROWS; i++)
		screen[i] = ATTR | ' ';
	text.row = text.col = text.top = 0;
	move_cursor(0, 0);
}

void vga_putc(char c)
{
	if (!screen)
		return;
	text_screen_putc(&text, c);
	move_cursor(text.row, text.col);
}

struct text_screen *vga_text_screen(void)
{
	return screen ? &text : 0;
}
