/*
 * text_screen.c - the cursor of a screen console (text_screen.h): a line
 * that reaches the right edge goes on at the start of the next row, and a
 * new row below the last one scrolls the rows below the kept top up.
 */
#include "console/text_screen.h"

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
		s->put(s->row, s->col, c, SCREEN_TEXT);
		if (++s->col == s->cols) {
			s->col = 0;
			s->row++;
		}
	}
	if (s->row == s->rows) {
		s->scroll(s->top);
		s->row = s->rows - 1;
	}
}

void text_screen_write(struct text_screen *s, unsigned row, unsigned col,
		       const char *text, enum screen_colour colour)
{
	if (row >= s->rows)
		return;
	for (; *text && col < s->cols; text++, col++)
		s->put(row, col, *text, colour);
}

void text_screen_keep_top(struct text_screen *s, unsigned rows)
{
	unsigned r, c;

	if (rows >= s->rows)
		rows = s->rows - 1;
	for (r = 0; r < (rows > s->top ? rows : s->top); r++)
		for (c = 0; c < s->cols; c++)
			s->put(r, c, ' ', SCREEN_TEXT);
	s->top = rows;
	if (s->row < rows) {
		s->row = rows;
		s->col = 0;
	}
}
