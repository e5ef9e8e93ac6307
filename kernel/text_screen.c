/*
 * text_screen.c - the cursor of a screen console (text_screen.h): a line
 * that reaches the right edge goes on at the start of the next row, and a
 * new row below the last one scrolls the screen up.
 */
#include "text_screen.h"

void text_screen_putc(struct text_screen *s, char c)
{
	if (c == '\n') {
		s->col = 0;
		s->row++;
	} else if (c == '\r') {
		s->col = 0;
	} else if (c == '\b') {
		if (s->col > 0)
			s->col--;
	} else {
		s->put(s->row, s->col, c);
		if (++s->col == s->cols) {
			s->col = 0;
			s->row++;
		}
	}
	if (s->row == s->rows) {
		s->scroll();
		s->row = s->rows - 1;
	}
}
