/*
 * test_fbcon.c - the framebuffer console (kernel/console/fbcon.c) on a framebuffer
 * in host memory: glyph pixels and colour packing at 32, 24 and 16 bpp
 * (light grey 0xAAAAAA packed by hand below), wrapping, scrolling, the
 * padding past each line's pixels left alone, unusable modes refused,
 * text drawn in a kept top region (the panel's) staying while the log
 * scrolls beneath it.
 * The font is the build's (build/k/font.c from the PSF font).
 */
#include "unit.h"
#include "console/fbcon.h"
#include "console/font.h"
#include "console/text_screen.h"
#include <string.h>

#define PAD 0x5A                          /* bytes nothing may write */
static uint8_t pixels[4 * 64 * 64 + 4096];

/* A w x h RGB mode, masks as GRUB reports them for the depth. */
static struct boot_fb mode(unsigned w, unsigned h, uint8_t bpp, unsigned pitch)
{
	struct boot_fb f = { FB_RGB, 0xFD000000u, pitch, w, h, bpp,
			     16, 8, 8, 8, 0, 8 };

	if (bpp == 16) {                  /* RGB 565 */
		f.red_pos = 11, f.red_bits = 5;
		f.green_pos = 5, f.green_bits = 6;
		f.blue_pos = 0, f.blue_bits = 5;
	}
	memset(pixels, PAD, sizeof(pixels));
	return f;
}

static uint32_t pixel_at(const struct boot_fb *f, unsigned x, unsigned y)
{
	const uint8_t *p = pixels + y * f->pitch + x * (f->bpp / 8);
	uint32_t v = 0;

	memcpy(&v, p, f->bpp / 8);
	return v;
}

/* 1 when cell (r, c) shows ch in `fg` on black, pixel for pixel. */
static int cell_shows(const struct boot_fb *f, unsigned r, unsigned c, char ch, uint32_t fg)
{
	const uint32_t *g = font_rows[ch - FONT_FIRST];
	unsigned x, y;

	for (y = 0; y < font_height; y++)
		for (x = 0; x < font_width; x++) {
			uint32_t want = (g[y] >> (font_width - 1 - x)) & 1 ? fg : 0;

			if (pixel_at(f, c * font_width + x, r * font_height + y) != want)
				return 0;
		}
	return 1;
}

static void put(const char *s)
{
	while (*s)
		fbcon_putc(*s++);
}

/* Light grey 0xAA, 0xAA, 0xAA packed by hand; RGB565 is 21 << 11 | 42 << 5 | 21. */
static const struct { uint8_t bpp; uint32_t grey; } depths[] = {
	{ 32, 0xAAAAAA }, { 24, 0xAAAAAA }, { 16, 0xAD55 },
};

UNIT_TEST(glyphs_drawn_light_grey_at_32_24_and_16_bpp)
{
	unsigned i;

	for (i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
		struct boot_fb f = mode(64, 48, depths[i].bpp, 64 * depths[i].bpp / 8);

		CHECK_EQ(0, fbcon_init(&f, pixels));
		put("AgW");
		CHECK(cell_shows(&f, 0, 0, 'A', depths[i].grey));
		CHECK(cell_shows(&f, 0, 1, 'g', depths[i].grey));
		CHECK(cell_shows(&f, 0, 2, 'W', depths[i].grey));
		CHECK(cell_shows(&f, 0, 3, ' ', depths[i].grey));
	}
}

UNIT_TEST(size_in_characters_follows_the_font)
{
	struct boot_fb f = mode(64, 48, 32, 64 * 4);
	unsigned cols, rows;

	CHECK_EQ(0, fbcon_init(&f, pixels));
	fbcon_size(&cols, &rows);
	CHECK_EQ(64 / font_width, cols);
	CHECK_EQ(48 / font_height, rows);
}

UNIT_TEST(long_line_wraps_and_newlines_scroll_the_oldest_row_off)
{
	struct boot_fb f = mode(64, 48, 32, 64 * 4);
	unsigned cols, rows, r;
	char line[80];

	CHECK_EQ(0, fbcon_init(&f, pixels));
	fbcon_size(&cols, &rows);
	for (r = 0; r < rows + 1; r++) {       /* one row more than fits */
		snprintf(line, sizeof(line), "%c\n", 'a' + r);
		put(line);
	}
	/* Rows show b, c, ... and the last row is empty for the cursor. */
	for (r = 0; r + 1 < rows; r++)
		CHECK(cell_shows(&f, r, 0, (char)('a' + r + 2), 0xAAAAAA));
	CHECK(cell_shows(&f, rows - 1, 0, ' ', 0xAAAAAA));
	memset(line, 'q', cols + 1);
	line[cols + 1] = 0;
	put(line);                              /* cols q's, then one more */
	CHECK(cell_shows(&f, rows - 2, cols - 1, 'q', 0xAAAAAA));
	CHECK(cell_shows(&f, rows - 1, 0, 'q', 0xAAAAAA));
	CHECK(cell_shows(&f, rows - 1, 1, ' ', 0xAAAAAA));
}

UNIT_TEST(kept_top_rows_stay_in_white_while_the_log_scrolls_below_them)
{
	struct boot_fb f = mode(64, 48, 32, 64 * 4);   /* 8 x 3 characters */
	struct text_screen *s;

	CHECK_EQ(0, fbcon_init(&f, pixels));
	s = fbcon_text_screen();
	CHECK(s != 0);
	put("a\n");
	text_screen_keep_top(s, 1);                 /* blanks row 0, cursor to row 1 */
	CHECK(cell_shows(&f, 0, 0, ' ', 0xAAAAAA));
	text_screen_write(s, 0, 6, "PANEL", SCREEN_BRIGHT);   /* cut at column 8 */
	put("b\nc\nd\ne");                       /* rows 1, 2 scroll twice */
	CHECK(cell_shows(&f, 0, 6, 'P', 0xFFFFFF));
	CHECK(cell_shows(&f, 0, 7, 'A', 0xFFFFFF));
	CHECK(cell_shows(&f, 1, 0, 'd', 0xAAAAAA));
	CHECK(cell_shows(&f, 2, 0, 'e', 0xAAAAAA));
	text_screen_keep_top(s, 0);                 /* given back: blank, log stays */
	CHECK(cell_shows(&f, 0, 6, ' ', 0xAAAAAA));
	CHECK(cell_shows(&f, 2, 0, 'e', 0xAAAAAA));
}

UNIT_TEST(padding_past_the_visible_pixels_is_never_written)
{
	struct boot_fb f = mode(60, 48, 32, 64 * 4);   /* 4 pixels of padding */
	unsigned y, x;

	CHECK_EQ(0, fbcon_init(&f, pixels));
	put("0123456789\n\n\n\n");
	for (y = 0; y < 48; y++)
		for (x = 60 * 4; x < 64 * 4; x++)
			CHECK_EQ(PAD, pixels[y * f.pitch + x]);
	CHECK_EQ(PAD, pixels[48 * f.pitch]);
}

UNIT_TEST(unusable_modes_are_refused_and_draw_nothing)
{
	struct boot_fb f = mode(64, 48, 8, 64);

	CHECK_EQ(-1, fbcon_init(&f, pixels));       /* 8 bpp: a palette */
	f = mode(4, 48, 32, 64 * 4);
	CHECK_EQ(-1, fbcon_init(&f, pixels));       /* narrower than a glyph */
	f = mode(64, 48, 32, 64 * 4);
	f.type = FB_EGA_TEXT;
	CHECK_EQ(-1, fbcon_init(&f, pixels));
	put("x\n");                                 /* ignored, no crash */
	CHECK_EQ(PAD, pixels[0]);
}
