/*
 * vga.c - 80x25 colour text mode at physical 0xB8000, the console of a PC
 * with no serial cable.  It mirrors the serial output and scrolls.  The
 * BIOS says whether there is such a screen: its video BIOS writes the CRT
 * controller's port into the BIOS data area.  Without a VGA card (a
 * serial-only board, QEMU -vga none; a UEFI boot) the word is 0 and the
 * screen stays off: 0xB8000 may then be plain RAM, which a write-and-read
 * probe would take for a screen.
 *
 * The cells are also kept in RAM (`shown`), and a cell of VGA memory is
 * written only when it changes and never read: under an emulator every
 * access to VGA memory and every CRT controller port is a trip out of the
 * guest (under QEMU TCG, one taking QEMU's global lock, which every other
 * vCPU wants too).  A scroll that copied the screen through VGA memory
 * read and wrote ~3840 bytes each; one against the copy writes only the
 * cells whose character differs from the one below (a few for a run of
 * similar lines: "cpu 12 online", "cpu 13 online"); and the hardware
 * cursor moves once per write (vga_show_cursor), not per character.
 */
#include "arch/console_hw.h"
#include "arch/io.h"
#include "arch/paging.h"
#include "console/text_screen.h"
#include <stdint.h>

#define COLS 80
#define ROWS 25
#define ATTR 0x0700            /* light grey on black */
#define BDA_CRTC_PORT 0x463    /* BIOS data area: 0x3D4 for a colour text screen */

static volatile uint16_t *screen;
static uint16_t shown[ROWS * COLS];    /* = screen[], read instead of it */
static uint16_t cursor_at = 0xFFFF;    /* the cursor register's value */
static const uint16_t attr[] = {
	[SCREEN_TEXT] = ATTR,
	[SCREEN_BRIGHT] = 0x0F00,      /* white on black */
	[SCREEN_TITLE] = 0x7000,       /* black on light grey */
};

/* The cursor's two bytes, each written only when it changes. */
static void move_cursor(unsigned row, unsigned col)
{
	uint16_t pos = (uint16_t)(row * COLS + col);

	if ((pos ^ cursor_at) & 0xFF00) {
		outb(0x3D4, 14);
		outb(0x3D5, pos >> 8);
	}
	if ((pos ^ cursor_at) & 0x00FF) {
		outb(0x3D4, 15);
		outb(0x3D5, pos & 0xFF);
	}
	cursor_at = pos;
}

static void show(unsigned cell, uint16_t v)
{
	if (shown[cell] != v) {
		shown[cell] = v;
		screen[cell] = v;
	}
}

static void put(unsigned row, unsigned col, char c, enum screen_colour colour)
{
	show(row * COLS + col, attr[colour] | (uint8_t)c);
}

/* Rows below `top` up one (each cell takes the one below it, read from the
 * copy), the last row blank. */
static void scroll(unsigned top)
{
	unsigned i;

	for (i = top * COLS; i < (ROWS - 1) * COLS; i++)
		show(i, shown[i + COLS]);
	for (; i < ROWS * COLS; i++)
		show(i, ATTR | ' ');
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
		screen[i] = shown[i] = ATTR | ' ';
	cursor_at = 0xFFFF;
	text.row = text.col = text.top = 0;
	move_cursor(0, 0);
}

void vga_putc(char c)
{
	if (screen)
		text_screen_putc(&text, c);
}

/* Once per write, not per character: four CRT controller ports. */
void vga_show_cursor(void)
{
	if (screen)
		move_cursor(text.row, text.col);
}

struct text_screen *vga_text_screen(void)
{
	return screen ? &text : 0;
}
