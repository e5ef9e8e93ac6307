/*
 * vga.c - 80x25 colour text mode at physical 0xB8000, the console of a PC
 * with no serial cable.  It mirrors the serial output and scrolls.  The
 * BIOS says whether there is such a screen: its video BIOS writes the CRT
 * controller's port into the BIOS data area.  Without a VGA card (a
 * serial-only board, QEMU -vga none; a UEFI boot) the word is 0 and the
 * screen stays off: 0xB8000 may then be plain RAM, which a write-and-read
 * probe would take for a screen.
 */
#include "arch/console_hw.h"
#include "arch/io.h"
#include "arch/paging.h"
#include "console/text_screen.h"
#include <stdint.h>
#include "lib/string.h"

#define COLS 80
#define ROWS 25
#define ATTR 0x0700            /* light grey on black */
#define BDA_CRTC_PORT 0x463    /* BIOS data area: 0x3D4 for a colour text screen */

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

void vga_init(void)
{
	int i;

	if (*(volatile uint16_t *)phys_to_virt(BDA_CRTC_PORT) != 0x3D4)
		return;
	screen = phys_to_virt(0xB8000);
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
