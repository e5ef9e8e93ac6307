/*
 * fbcon.c - the console on a linear framebuffer (what UEFI firmware
 * leaves: there is no VGA text mode).  Light grey on black like the VGA
 * screen, one glyph of the build's PSF font (font.h) per character cell,
 * scrolling.  A copy of the text on screen (`text`) lets a scroll redraw
 * only the cells whose character changed: framebuffer reads are slow on
 * real hardware, so it never reads the framebuffer.
 * Each cell has a colour too (text_screen.h: the panel's title and rows).
 * Callers serialise: printk's console_lock.  Host-compilable (test_fbcon.c).
 */
#include "console/fbcon.h"
#include "console/font.h"
#include "console/text_screen.h"
#include "lib/string.h"

static struct {
	uint8_t *pixels;
	uint32_t pitch;
	unsigned bytes;              /* per pixel: 2, 3 or 4 */
	unsigned cols, rows;
	uint32_t fg[3], bg[3];       /* by enum screen_colour */
} fb;
static char text[FBCON_MAX_ROWS][FBCON_MAX_COLS];
static uint8_t colours[FBCON_MAX_ROWS][FBCON_MAX_COLS];

/* 8-bit channel values packed as the mode's masks say. */
static uint32_t pack_colour(const struct boot_fb *f, unsigned r, unsigned g, unsigned b)
{
	return ((r >> (8 - f->red_bits)) << f->red_pos) |
	       ((g >> (8 - f->green_bits)) << f->green_pos) |
	       ((b >> (8 - f->blue_bits)) << f->blue_pos);
}

static void put_pixel(uint8_t *p, uint32_t v)
{
	if (fb.bytes == 4) {
		memcpy(p, &v, 4);
	} else if (fb.bytes == 3) {
		p[0] = (uint8_t)v;
		p[1] = (uint8_t)(v >> 8);
		p[2] = (uint8_t)(v >> 16);
	} else {
		uint16_t h = (uint16_t)v;
		memcpy(p, &h, 2);
	}
}

static void draw_cell(unsigned r, unsigned c)
{
	unsigned char ch = (unsigned char)text[r][c];
	uint32_t fg = fb.fg[colours[r][c]], bg = fb.bg[colours[r][c]];
	const uint32_t *glyph;
	unsigned x, y;

	if (ch < FONT_FIRST || ch >= FONT_FIRST + FONT_GLYPHS)
		ch = '?';
	glyph = font_rows[ch - FONT_FIRST];
	for (y = 0; y < font_height; y++) {
		uint8_t *p = fb.pixels + (r * font_height + y) * fb.pitch +
			     c * font_width * fb.bytes;

		for (x = 0; x < font_width; x++, p += fb.bytes)
			put_pixel(p, (glyph[y] >> (font_width - 1 - x)) & 1 ? fg : bg);
	}
}

/* Make cell (r, c) show ch in colour, drawing only if it changes. */
static void set_cell(unsigned r, unsigned c, char ch, enum screen_colour colour)
{
	if (text[r][c] != ch || colours[r][c] != colour) {
		text[r][c] = ch;
		colours[r][c] = (uint8_t)colour;
		draw_cell(r, c);
	}
}

static void scroll(unsigned top)
{
	unsigned r, c;

	for (r = top; r + 1 < fb.rows; r++)
		for (c = 0; c < fb.cols; c++)
			set_cell(r, c, text[r + 1][c], colours[r + 1][c]);
	for (c = 0; c < fb.cols; c++)
		set_cell(fb.rows - 1, c, ' ', SCREEN_TEXT);
}

static struct text_screen cursor = { .put = set_cell, .scroll = scroll };

int fbcon_init(const struct boot_fb *f, void *pixels)
{
	unsigned y;

	fb.pixels = 0;
	if (f->type != FB_RGB || (f->bpp != 16 && f->bpp != 24 && f->bpp != 32) ||
	    f->width < font_width || f->height < font_height)
		return -1;
	fb.bytes = f->bpp / 8;
	fb.pitch = f->pitch;
	fb.cols = f->width / font_width;
	fb.rows = f->height / font_height;
	if (fb.cols > FBCON_MAX_COLS)
		fb.cols = FBCON_MAX_COLS;
	if (fb.rows > FBCON_MAX_ROWS)
		fb.rows = FBCON_MAX_ROWS;
	fb.fg[SCREEN_TEXT] = fb.bg[SCREEN_TITLE] = pack_colour(f, 0xAA, 0xAA, 0xAA);
	fb.bg[SCREEN_TEXT] = fb.bg[SCREEN_BRIGHT] = fb.fg[SCREEN_TITLE] = pack_colour(f, 0, 0, 0);
	fb.fg[SCREEN_BRIGHT] = pack_colour(f, 0xFF, 0xFF, 0xFF);
	fb.pixels = pixels;
	for (y = 0; y < f->height; y++)
		memset(fb.pixels + y * fb.pitch, 0, f->width * fb.bytes);
	memset(text, ' ', sizeof(text));
	memset(colours, SCREEN_TEXT, sizeof(colours));
	cursor.cols = fb.cols;
	cursor.rows = fb.rows;
	cursor.row = cursor.col = cursor.top = 0;
	return 0;
}

void fbcon_putc(char c)
{
	if (fb.pixels)
		text_screen_putc(&cursor, c);
}

void fbcon_size(unsigned *cols, unsigned *rows)
{
	*cols = fb.pixels ? fb.cols : 0;
	*rows = fb.pixels ? fb.rows : 0;
}

struct text_screen *fbcon_text_screen(void)
{
	return fb.pixels ? &cursor : 0;
}
