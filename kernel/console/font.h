/* font.h - the framebuffer console's font, generated at build time from a
 * PSF console font of a Debian package (tools/build/psf2c, mk/kernel.mk). */
#ifndef NICKEL_FONT_H
#define NICKEL_FONT_H
#include <stdint.h>

#define FONT_FIRST      0x20          /* ' ': glyphs for 0x20..0x7E */
#define FONT_GLYPHS     95
#define FONT_MAX_HEIGHT 32

extern const unsigned font_width, font_height;          /* pixels, <= 32 */
/* Row y of character c: font_rows[c - FONT_FIRST][y], pixel x (0 = left)
 * in bit font_width - 1 - x. */
extern const uint32_t font_rows[FONT_GLYPHS][FONT_MAX_HEIGHT];
#endif
