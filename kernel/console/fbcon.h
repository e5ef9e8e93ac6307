/* fbcon.h - a text console drawn on a linear framebuffer (fbcon.c). */
#ifndef NICKEL_FBCON_H
#define NICKEL_FBCON_H
#include "boot/mb2.h"

#define FBCON_MAX_COLS 256
#define FBCON_MAX_ROWS 128

/* `pixels` is the framebuffer fb describes, mapped.  Clears it; returns
 * -1 (and draws nothing) for a mode it cannot use. */
int fbcon_init(const struct boot_fb *fb, void *pixels);
void fbcon_putc(char c);
void fbcon_size(unsigned *cols, unsigned *rows);
struct text_screen;
struct text_screen *fbcon_text_screen(void);   /* NULL: not in use */
#endif
