#!/usr/bin/env python3
"""test_psf.py - the PSF font reader (tools/lib/boot/psf.py) behind tools/build/psf2c and
the screen check: the build's font gives the glyph of 'A' written out by
hand below; a PSF 2 font made here is read through its Unicode table; a
truncated font, one with impossible glyph sizes and a file that is not a
font each give one error.  Prints PASS/FAIL lines for tests/run.py."""
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from lib.boot import psf  # noqa: E402
from report import Report  # noqa: E402

FONT = "/usr/share/consolefonts/Uni2-VGA16.psf.gz"
# 'A' in Uni2-VGA16 (8x16), one byte a row, read off the glyph by eye:
#   ...#....  ..###...  .##.##..  ##...##.  ##...##.  #######.  ##...##. x4
A_ROWS = [0x00, 0x00, 0x10, 0x38, 0x6C, 0xC6, 0xC6, 0xFE,
          0xC6, 0xC6, 0xC6, 0xC6, 0x00, 0x00, 0x00, 0x00]
report = Report("test_psf.py:")
result = report.result


def psf2(glyphs, width=8, height=4, table=None):
    """A PSF 2 font of `glyphs` (lists of row ints) and a Unicode table."""
    stride = (width + 7) // 8
    head = struct.pack("<8I", 0x864AB572, 0, 32, 1 if table else 0, len(glyphs),
                       stride * height, height, width)
    body = b"".join(r.to_bytes(stride, "big") for g in glyphs for r in g)
    tab = b"".join(("".join(table.get(i, "")).encode() + b"\xff")
                   for i in range(len(glyphs))) if table else b""
    return head + body + tab


def expect_error(name, data, words):
    try:
        psf.parse(data)
        result(name, "no error", depth=2)
    except psf.FontError as e:
        result(name, None if words in str(e) else "error %r lacks %r" % (str(e), words),
               depth=2)


def main():
    font = psf.load(FONT)
    result("build_font_is_8x16_with_the_hand_read_A",
           None if (font.width, font.height, font.rows[0x41]) == (8, 16, A_ROWS)
           else "got %dx%d %r" % (font.width, font.height, font.rows[0x41]))
    blank, bar = [0] * 4, [0xF0] * 4
    glyphs = [blank] * 128
    glyphs[5] = bar
    f = psf.parse(psf2(glyphs, table={5: "A"}))
    result("psf2_unicode_table_maps_A_to_glyph_5",
           None if f.rows[0x41] == bar and f.rows[0x42] == blank else "A=%r" % f.rows[0x41])
    expect_error("truncated_font_is_refused", psf2(glyphs)[:200], "truncated")
    expect_error("glyph_size_not_width_by_height_is_refused",
                 psf2(glyphs)[:20] + struct.pack("<I", 99) + psf2(glyphs)[24:], "glyph size")
    expect_error("not_a_font_is_refused", b"hello world, not a font", "not a PSF font")
    with tempfile.NamedTemporaryFile(suffix=".psf") as bad:
        bad.write(b"garbage")
        bad.flush()
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build", "psf2c"), bad.name,
                            os.devnull], capture_output=True, text=True)
        lines = p.stderr.strip().splitlines()
        result("psf2c_says_why_in_one_line_and_fails",
               None if p.returncode != 0 and len(lines) == 1 and "not a PSF font" in lines[0]
               else "rc=%d stderr=%r" % (p.returncode, p.stderr))
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
