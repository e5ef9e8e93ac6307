/* text_screen.h - what the two screen consoles (arch/i386/vga.c,
 * kernel/console/fbcon.c) share: where the next character goes, line breaks,
 * wrapping and when to scroll, and text written at a place of the screen
 * (the live panel, panel.c).  Each console says how to put one character
 * in a cell and how to scroll; callers serialise (printk's console_lock). */
#ifndef NICKEL_TEXT_SCREEN_H
#define NICKEL_TEXT_SCREEN_H

enum screen_colour {
	SCREEN_TEXT,            /* light grey on black: the console's text */
	SCREEN_BRIGHT,          /* white on black */
	SCREEN_TITLE,           /* black on light grey */
};

struct text_screen {
	unsigned cols, rows;
	unsigned row, col;                      /* the cursor */
	unsigned top;                           /* rows above it are kept: the
						   cursor and scrolling stay below */
	void (*put)(unsigned row, unsigned col, char c, enum screen_colour colour);
	void (*scroll)(unsigned top);           /* rows top+1.. up one, the last blank */
};

/* Print c: '\n', '\r' and '\b' move the cursor, the rest is drawn. */
void text_screen_putc(struct text_screen *s, char c);
/* Draw text at (row, col), cut at the right edge; the cursor stays. */
void text_screen_write(struct text_screen *s, unsigned row, unsigned col,
		       const char *text, enum screen_colour colour);
/* Keep the top `rows` rows out of the console's way (0: give them back),
 * blank them, and put the cursor below them if it was among them.  At
 * least one row always stays the console's. */
void text_screen_keep_top(struct text_screen *s, unsigned rows);
#endif
