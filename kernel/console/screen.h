/* screen.h - the console's screen as rows of cells, for what draws on it
 * besides the log (the live panel, panel.c).  printk.c implements it under
 * console_lock, so drawn text and printed lines never meet in a cell.  The
 * serial line never sees what is drawn. */
#ifndef NICKEL_SCREEN_H
#define NICKEL_SCREEN_H
#include "console/text_screen.h"

/* The screen's size in characters; 0 x 0 when there is none (serial only). */
void screen_size(unsigned *cols, unsigned *rows);
/* Keep the top `rows` rows for drawing (blanked); the log scrolls below
 * them.  0 gives them back to the log. */
void screen_keep_top(unsigned rows);
/* Draw text at (row, col) in a colour, cut at the right edge. */
void screen_write(unsigned row, unsigned col, const char *text,
		  enum screen_colour colour);
#endif
