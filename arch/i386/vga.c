/*
 * vga.c - 80x25 colour text mode at physical 0xB8000, the console of a PC
 * with no serial cable.  It mirrors the serial output and scrolls.
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

static uint16_t *screen;

static void move_cursor(unsigned row, unsigned col)
{
	uint16_t pos = (uint16_t)(row * COLS + col);

	outb(0x3D4, 14); outb(0x3D5, pos >> 8);
	outb(0x3D4, 15); outb(0x3D5, pos & 0xFF);
}

static void put(unsigned row, unsigned col, char c)
{
	screen[row * COLS + col] = ATTR | (uint8_t)c;
}

static void scroll(void)
{
	int i;

	memmove(screen, screen + COLS, (ROWS - 1) * COLS * 2);
	for (i = 0; i < COLS; i++)
		screen[(ROWS - 1) * COLS + i] = ATTR | ' ';
}

static struct text_screen text = { COLS, ROWS, 0, 0, put, scroll };

void vga_init(void)
{
	int i;

	screen = (uint16_t *)phys_to_virt(0xB8000);
	for (i = 0; i < COLS * ROWS; i++)
		screen[i] = ATTR | ' ';
	text.row = text.col = 0;
	move_cursor(0, 0);
}

void vga_putc(char c)
{
	if (!screen)
		return;
	text_screen_putc(&text, c);
	move_cursor(text.row, text.col);
}
