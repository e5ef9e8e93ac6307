#!/usr/bin/env python3
"""test_screen.py - the screendump check (tests/lib/screen.py) can
fail: a screen rendered with the build's font and the log's lines passes;
a blank screen, a picture shifted by one pixel, another font, a stray
colour, a banner missing from the screen, a screen row the serial log never
printed and a line that should have scrolled off each fail.  Prints
PASS/FAIL lines for tests/run.py."""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
import screen  # noqa: E402  (tests/lib/screen.py, the scenarios' check)
from report import Report  # noqa: E402
from lib.boot import psf  # noqa: E402

W, H = 640, 480                      # 80x30 cells of 8x16
LOG = """nickel: boot: multiboot2 from GRUB 2.06; memory map given; ACPI RSDP 2.0 copy
nickel: screen: framebuffer 640x480x32 at 0xfd000000, 80x30 characters
nickel 0.1 (policy=nick, cpus=4, mem=256 MiB)
nickel: cpu 1 online (apic id 1)
"""
report = Report("test_screen.py:")


def result(name, problems, want_fail):
    """A check that must (want_fail) or must not find a problem."""
    ok = bool(problems) == want_fail
    report.result(name, None if ok else "expected %s, got %r" % (
        "a problem" if want_fail else "none", problems), depth=2)


def check(pixels, log=LOG, font=None, gone=None):
    with tempfile.NamedTemporaryFile(suffix=".ppm") as f:
        screen.write_ppm(f.name, W, H, pixels)
        return screen.check_console(f.name, log, font, gone=gone)


def main():
    font = psf.load(screen.FONT)
    lines = LOG.splitlines()
    good = screen.render(lines, W, H, font)
    result("screen_rendered_from_the_log_matches", check(good), False)
    result("blank_screen_fails", check(bytes(W * H * 3)), True)
    shifted = bytes(3) + good[:-3]
    result("screen_shifted_one_pixel_fails", check(shifted), True)
    other = psf.load(screen.FONT.replace("Uni2-VGA16", "Uni2-Terminus16"))
    result("screen_in_another_font_fails", check(screen.render(lines, W, H, other)), True)
    stray = bytearray(good)
    stray[3 * (W * 40 + 100):3 * (W * 40 + 100) + 3] = b"\xff\x00\x00"
    result("stray_colour_fails", check(bytes(stray)), True)
    no_banner = screen.render(lines[:2] + lines[3:], W, H, font)
    result("banner_missing_from_the_screen_fails", check(no_banner), True)
    extra = screen.render(lines + ["nickel: never printed"], W, H, font)
    result("row_not_in_the_serial_log_fails", check(extra), True)
    result("line_that_should_have_scrolled_off_fails",
           check(good, LOG, gone=r"^nickel: boot: .*$"), True)
    result("scrolled_off_line_passes",
           check(screen.render(lines[1:], W, H, font), LOG, gone=r"^nickel: boot: .*$"),
           False)
    result("wrong_screen_size_fails", check(good, LOG.replace("640x480x32", "800x600x32")),
           True)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
