"""screen.py - read the framebuffer console back from a QEMU screendump.

A UEFI boot draws the console on a framebuffer (kernel/console/fbcon.c) with the
font the build took from console-setup-linux.  decode() cuts a screendump
(PPM) into character cells and names each cell's glyph by comparing its
pixels with that same font, so a blank screen, another font, a shifted or
miscoloured picture all fail; check_console() then asks that the banner is
a row of the screen (or another line the scenario names) and that every
row shown is text of the serial log.
render() draws text the way fbcon.c does (tests/tools/test_screen.py).
decode_coloured() reads text drawn in other colours too (the live panel's
title and rows), naming each cell's two colours.
A VGA text screen (BIOS boots) is read from memory instead: vga_text_dump()
saves the 80x25 cells at 0xB8000, vga_rows() gives each row's characters
and colour attributes.
"""
import os
import re
import socket
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from lib.boot import psf  # noqa: E402

FONT = os.environ.get("FONT", "/usr/share/consolefonts/Uni2-VGA16.psf.gz")
FG, BG = (0xAA, 0xAA, 0xAA), (0, 0, 0)      # fbcon.c: light grey on black
SCREEN_LINE = (r"nickel: screen: framebuffer (\d+)x(\d+)x\d+ at 0x[0-9a-f]+, "
               r"(\d+)x(\d+) characters")
BANNER = r"^nickel \S+ \(policy=\w+, cpus=\d+, mem=\d+ MiB\)$"


def read_ppm(path):
    """(width, height, RGB bytes) of a binary PPM (P6, maxval 255)."""
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        m = re.compile(rb"\s*(#[^\n]*\n\s*)*(\S+)").match(data, pos)
        if not m:
            raise ValueError("%s: not a PPM" % path)
        fields.append(m.group(2))
        pos = m.end()
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError("%s: not an 8-bit P6 PPM" % path)
    w, h = int(fields[1]), int(fields[2])
    pixels = data[pos + 1:pos + 1 + w * h * 3]
    if len(pixels) != w * h * 3:
        raise ValueError("%s: truncated" % path)
    return w, h, pixels


def write_ppm(path, w, h, pixels):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h) + bytes(pixels))


def render(lines, w, h, font):
    """RGB bytes of a w x h screen showing `lines` from the top left."""
    px = bytearray(w * h * 3)
    for r, text in enumerate(lines):
        for c, ch in enumerate(text):
            if ch == " ":
                continue
            for y in range(font.height):
                for x in range(font.width):
                    if font.pixel(ord(ch), x, y):
                        i = ((r * font.height + y) * w + c * font.width + x) * 3
                        px[i:i + 3] = bytes(FG)
    return bytes(px)


def decode(w, h, pixels, cols, rows, font):
    """(rows of text, problems): each cell named by its glyph in `font`."""
    glyphs = {}
    for code in psf.PRINTABLE:
        glyphs.setdefault(tuple(font.rows[code]), chr(code))
    fg, bg = bytes(FG), bytes(BG)
    lines, problems = [], []
    for r in range(rows):
        text = []
        for c in range(cols):
            bits = []
            for y in range(font.height):
                i = ((r * font.height + y) * w + c * font.width) * 3
                row = 0
                for x in range(font.width):
                    p = pixels[i + 3 * x:i + 3 * x + 3]
                    if p not in (fg, bg):
                        problems.append("cell (%d,%d): pixel colour %s is neither "
                                        "text nor background" % (r, c, p.hex()))
                        return lines, problems
                    row = row << 1 | (p == fg)
                bits.append(row)
            ch = glyphs.get(tuple(bits))
            if ch is None:
                problems.append("cell (%d,%d) matches no glyph of %s"
                                % (r, c, os.path.basename(FONT)))
                return lines, problems
            text.append(ch)
        lines.append("".join(text))
    return lines, problems


def decode_coloured(w, h, pixels, cols, rows, font):
    """[(text, [background RGB per cell])] of each row: a cell's background
    is the colour of its top-left pixel (blank in every glyph of the text
    nickel draws), its glyph the pixels of any other colour."""
    glyphs = {}
    for code in psf.PRINTABLE:
        glyphs.setdefault(tuple(font.rows[code]), chr(code))
    out = []
    for r in range(rows):
        text, backs = [], []
        for c in range(cols):
            i0 = ((r * font.height) * w + c * font.width) * 3
            bg = pixels[i0:i0 + 3]
            bits = []
            for y in range(font.height):
                i = ((r * font.height + y) * w + c * font.width) * 3
                row = 0
                for x in range(font.width):
                    row = row << 1 | (pixels[i + 3 * x:i + 3 * x + 3] != bg)
                bits.append(row)
            text.append(glyphs.get(tuple(bits), "?"))
            backs.append(tuple(bg))
        out.append(("".join(text), backs))
    return out


def check_console(ppm_path, log, font=None, must_show=BANNER, gone=None):
    """Problems with the screen against the serial log (empty: it matches):
    the last log line matching `must_show` is a row of the screen, the first
    matching `gone` (if given) has scrolled off it, and every row shown is
    text of the log."""
    font = font or psf.load(FONT)
    m = re.search(SCREEN_LINE, log)
    if not m:
        return ["no 'nickel: screen: framebuffer' line in the log"]
    want_w, want_h, cols, rows = map(int, m.groups())
    w, h, pixels = read_ppm(ppm_path)
    if (w, h) != (want_w, want_h):
        return ["screendump is %dx%d, nickel said %dx%d" % (w, h, want_w, want_h)]
    lines, problems = decode(w, h, pixels, cols, rows, font)
    if problems:
        return problems
    shown = [l.rstrip() for l in lines]
    wanted = re.findall(must_show, log, re.M)
    if not wanted:
        return ["no line matching /%s/ in the serial log" % must_show]
    if wanted[-1] not in shown:
        return ["%r is not a row of the screen; the screen's first rows: %r"
                % (wanted[-1], [l for l in shown if l][:8])]
    off = re.search(gone, log, re.M) if gone else None
    if gone and (not off or off.group(0) in shown):
        return ["%r should have scrolled off the screen" % (off.group(0) if off else gone)]
    for r, text in enumerate(shown):
        if text and text not in log:
            problems.append("screen row %d %r is not in the serial log" % (r, text))
    return problems[:5]


def monitor_save(sock_path, out_path, command, ready, what, timeout=60):
    """Stop the guest (so the file shows one moment) and send QEMU's monitor
    (a Unix socket) `command`, which writes out_path; wait until ready(path)
    says the file is whole.  Returns None, or why there is no file."""
    deadline = time.time() + timeout
    try:
        os.unlink(out_path)
    except FileNotFoundError:
        pass
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(timeout)
            s.connect(sock_path)
            s.sendall(b"stop\n" + command.encode() + b"\n")
            while time.time() < deadline:
                if os.path.exists(out_path) and ready(out_path):
                    return None
                time.sleep(0.5)
    except OSError as e:
        return "monitor %s: %s" % (sock_path, e)
    return "no %s after %ds" % (what, timeout)


def ppm_whole(path):
    try:
        read_ppm(path)
        return True
    except ValueError:
        return False                 # still being written


def screendump(sock_path, out_path, timeout=60):
    """The screen as a PPM picture; None, or why there is none."""
    return monitor_save(sock_path, out_path, "screendump %s" % out_path,
                        ppm_whole, "screendump", timeout)


VGA_COLS, VGA_ROWS = 80, 25


def vga_text_dump(sock_path, out_path, timeout=60):
    """The VGA text cells (a character byte and an attribute byte each)
    from guest memory at 0xb8000; None, or why there are none."""
    size = VGA_COLS * VGA_ROWS * 2
    return monitor_save(sock_path, out_path, 'pmemsave 0xb8000 %d "%s"' % (size, out_path),
                        lambda path: os.path.getsize(path) == size,
                        "VGA memory dump", timeout)


def vga_rows(path):
    """[(text, attributes)] of each row of a vga_text_dump."""
    with open(path, "rb") as f:
        cells = f.read()
    rows = []
    for r in range(VGA_ROWS):
        row = cells[r * VGA_COLS * 2:(r + 1) * VGA_COLS * 2]
        rows.append(("".join(chr(c) for c in row[0::2]), bytes(row[1::2])))
    return rows
