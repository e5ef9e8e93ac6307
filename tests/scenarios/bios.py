"""Booting the hybrid ISO under BIOS (SeaBIOS, GRUB's multiboot 1): the
safe menu entry on one CPU and the 8259 PIC, the image as a USB stick, and
the desktop entry running the lab's programs from the ISO's modules.  The
UEFI boots of the same image are in uefi.py."""
from scenario import Scenario
from uefi import MENU, DOWN

SCENARIOS = [
    Scenario("bios-iso-safe-entry-boots-one-cpu-on-the-8259-pic",
             iso=True, smp=2, mem=64,
             keys=[(MENU, DOWN * 4 + "\r")],          # the fifth entry
             expect=[r"nickel: smp: smp=off: running on 1 CPU with the 8259 PIC",
                     r"nickel: module hog: \d+ bytes",
                     r"nickel \S+ \(policy=nick, cpus=1, mem=64 MiB\)"],
             forbid=[r"cpu 1 online", r"ACPI MADT", r"multiboot2", r"screen: framebuffer"],
             exit_code=124, stop_when_expected=True, timeout=100),
    # The image written to a USB stick with dd boots from its MBR.
    Scenario("bios-usb-stick-pc-boots-the-iso-image",
             iso=True, stick=True, smp=2, mem=64,
             keys=[(MENU, "\r")],
             expect=[r"nickel \S+ \(policy=nick, cpus=2, mem=64 MiB\)"],
             forbid=[r"multiboot2"],
             exit_code=124, stop_when_expected=True, timeout=120),
    # The menu's desktop entry runs the lab's programs, loaded from the ISO.
    Scenario("bios-iso-desktop-entry-runs-the-lab-programs-from-iso-modules",
             iso=True, smp=2, mem=64,
             keys=[(MENU, DOWN * 3 + "\r")],          # the fourth entry
             expect=[r"^task pid=\d+ name=xserver .*state=[RS]",
                     r"^task pid=\d+ name=audio ", r"^task pid=\d+ name=video ",
                     r"^lat name=xclient n=[1-9]", r"^=== end"],
             forbid=[r"is not loaded", r"rejected"],
             exit_code=124, stop_when_expected=True, timeout=150),
]
