"""Booting the hybrid ISO under UEFI (Debian's OVMF, 64- and 32-bit):
GRUB's multiboot2, the ACPI tables found through the loader's RSDP copy,
every CPU online, and the framebuffer console showing what the serial
console shows, read back from a screendump glyph by glyph (screen.py).
Also: the image as a USB stick under UEFI.  The BIOS boots of the same
image are in bios.py."""
from scenario import Scenario
from screen import BANNER, check_console

MENU = r"executed automatically|Use the"
DOWN = "\x1b[B"                     # GRUB's menu on the serial terminal


def uefi_smp4(name, machine, keys=(), expect=(), must_show=BANNER, gone=None):
    return Scenario(
        name,
        iso=True, firmware="uefi", machine=machine, smp=4, mem=256,
        keys=[(MENU, "\r")] + list(keys),
        expect=[r"nickel: boot: multiboot2 from GRUB \S+; memory map given; "
                r"ACPI RSDP (1|2)\.0 copy",
                r"nickel: screen: framebuffer \d+x\d+x(16|24|32) at 0x[0-9a-f]+",
                r"nickel: module xserver: \d+ bytes",
                r"nickel: smp: 4 CPUs from the ACPI MADT",
                r"nickel \S+ \(policy=nick, cpus=4, mem=\d+ MiB\)",
                r"nickel: cpu 1 online", r"nickel: cpu 2 online",
                r"nickel: cpu 3 online"] + list(expect),
        forbid=[r"no RSDP", r"running on 1 CPU", r"multiboot2: "],
        screen=lambda ppm, log: check_console(ppm, log, must_show=must_show,
                                                gone=gone),
        exit_code=124, stop_when_expected=True, timeout=240)


SCENARIOS = [
    uefi_smp4("uefi-iso-pc-smp4-every-cpu-online-and-banner-on-the-screen", "pc"),
    # Five stat dumps (the `s` key) fill more than a screen: it scrolls.
    uefi_smp4("uefi-iso-q35-smp4-every-cpu-online-and-screen-scrolled-to-the-fifth-stat-dump",
              "q35",
              keys=[(r"cpu 3 online", "s")] + [(r"^=== end", "s")] * 4,
              expect=[r"(^=== end[\s\S]*){5}"], must_show=r"^=== end$",
              gone=r"nickel: boot: multiboot2.*$"),   # after GRUB's codes
    # 32-bit UEFI (GRUB's bootia32.efi on the same ISO), two CPUs.
    Scenario("uefi-ia32-iso-q35-smp2-both-cpus-online-and-banner-on-the-screen",
             iso=True, firmware="uefi32", machine="q35", smp=2, mem=256,
             keys=[(MENU, "\r")],
             expect=[r"nickel: boot: multiboot2 from GRUB",
                     r"nickel: screen: framebuffer \d+x\d+x(16|24|32)",
                     r"nickel: module hog: \d+ bytes",
                     r"nickel \S+ \(policy=nick, cpus=2, mem=\d+ MiB\)",
                     r"nickel: cpu 1 online"],
             forbid=[r"no RSDP", r"running on 1 CPU", r"multiboot2: "],
             screen=check_console, exit_code=124, stop_when_expected=True,
             timeout=300),
    # The same image written to a USB stick with dd: GPT for UEFI, MBR for BIOS.
    Scenario("uefi-usb-stick-pc-boots-the-iso-image",
             iso=True, stick=True, firmware="uefi", smp=2, mem=256,
             keys=[(MENU, "\r")],
             expect=[r"nickel: boot: multiboot2 from GRUB",
                     r"nickel \S+ \(policy=nick, cpus=2, mem=\d+ MiB\)"],
             exit_code=124, stop_when_expected=True, timeout=240),
]
