/* text_screen.h - what the two screen consoles (arch/i386/vga.c,
 * kernel/fbcon.c) share: where the next character goes, line breaks,
 * wrapping and when to scroll.  Each console says how to put one character
 * in a cell and how to scroll; callers serialise (printk's console_lock). */
#ifndef NICKEL_TEXT_SCREEN_H
#define NICKEL_TEXT_SCREEN_H

struct text_screen {
	unsigned cols, rows;
	unsigned row, col;                      /* the cursor */
	void (*put)(unsigned row, unsigned col, char c);
	void (*scroll)(void);                   /* every row up one, the last blank */
};

/* Print c: '\n', '\r' and '\b' move the cursor, the rest is drawn. */
void text_screen_putc(struct text_screen *s, char c);
#endif
