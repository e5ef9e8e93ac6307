"""psf.py - read a Linux console font (PSF 1 or 2, gzipped or not).

nickel's framebuffer console draws with a font from a Debian package
(console-setup-linux); the build turns it into C (tools/build/psf2c) and the
screen test renders its expected text with the same glyphs
(tests/lib/screen.py).  Only the 95 printable ASCII characters are
used; their glyphs are found through the font's Unicode table when it has
one.
"""
import gzip
import struct

PSF1_MAGIC = b"\x36\x04"
PSF2_MAGIC = b"\x72\xb5\x4a\x86"
PSF1_MODE512, PSF1_MODEHASTAB = 0x01, 0x02
PSF2_HAS_UNICODE_TABLE = 0x01
PRINTABLE = range(0x20, 0x7F)


class FontError(Exception):
    pass


class Font:
    """width, height (pixels), and rows[code]: `height` ints, each a row
    of `width` bits, most significant bit leftmost, for ASCII codes."""

    def __init__(self, width, height, rows):
        self.width, self.height, self.rows = width, height, rows

    def pixel(self, code, x, y):
        row = self.rows.get(code, self.rows[0x3F])   # '?' for the rest
        return (row[y] >> (self.width - 1 - x)) & 1


def _unicode_table_psf1(data, count):
    table, glyph, i = {}, 0, 0
    while glyph < count and i + 2 <= len(data):
        (u,) = struct.unpack_from("<H", data, i)
        i += 2
        if u == 0xFFFF:
            glyph += 1
        elif u != 0xFFFE:
            table.setdefault(u, glyph)
    return table


def _unicode_table_psf2(data, count):
    table, glyph, i = {}, 0, 0
    text = data
    while glyph < count and i < len(text):
        b = text[i]
        if b == 0xFF:
            glyph += 1
            i += 1
            continue
        if b == 0xFE:                       # sequences follow: skip them
            end = text.find(b"\xff", i)
            i = end if end >= 0 else len(text)
            continue
        n = 1 if b < 0x80 else 2 if b >> 5 == 6 else 3 if b >> 4 == 14 else 4
        try:
            table.setdefault(ord(text[i:i + n].decode("utf-8")), glyph)
        except UnicodeDecodeError:
            pass
        i += n
    return table


def parse(data):
    """A Font from the bytes of a PSF file (not gzipped)."""
    if data[:2] == PSF1_MAGIC:
        mode, charsize = data[2], data[3]
        count = 512 if mode & PSF1_MODE512 else 256
        width, height, stride, start = 8, charsize, 1, 4
        table = (_unicode_table_psf1(data[4 + count * charsize:], count)
                 if mode & PSF1_MODEHASTAB else {})
    elif data[:4] == PSF2_MAGIC:
        (_, _, hsize, flags, count, charsize, height,
         width) = struct.unpack_from("<8I", data, 0)
        stride, start = (width + 7) // 8, hsize
        if stride * height != charsize:
            raise FontError("glyph size %d is not %dx%d" % (charsize, width, height))
        table = (_unicode_table_psf2(data[hsize + count * charsize:], count)
                 if flags & PSF2_HAS_UNICODE_TABLE else {})
    else:
        raise FontError("not a PSF font")
    if not (1 <= width <= 32 and 1 <= height <= 64):
        raise FontError("glyphs of %dx%d pixels" % (width, height))
    if len(data) < start + count * stride * height:
        raise FontError("truncated: %d glyphs do not fit" % count)
    rows = {}
    for code in PRINTABLE:
        g = table.get(code, code)
        if g >= count:
            raise FontError("no glyph for %r" % chr(code))
        off = start + g * stride * height
        rows[code] = [int.from_bytes(data[off + y * stride:off + (y + 1) * stride], "big")
                      >> (stride * 8 - width) for y in range(height)]
    return Font(width, height, rows)


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return parse(data)
