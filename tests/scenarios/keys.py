"""Every key of the key handler (kernel/diag/keys.c) typed on each kind of
keyboard, each checked by its effect: the PS/2 keyboard and a USB keyboard
(qemu-xhci + usb-kbd) driven by QEMU's monitor (`sendkey`), PS/2 and USB
together, two USB keyboards, and a PC with no i8042 whose only keyboard is
on USB; and a PC with no serial port at all, where the screen is the only
console and a key on the USB keyboard gives the stat dump on it.

The keys are typed one after another, each once the previous key's effect
is in the log (scenario.py, keys), so each effect follows its own key.
verify() also reads the help line (`h`): a key the handler lists there and
this walk does not type fails the test, so a key added to the handler is
walked on every keyboard."""
import os
import re
import subprocess
import time

from scenario import (ROOT, Scenario, command, monitor_command, monitor_path, sendkey,
                      stop, wall_limit)
from screen import vga_rows, VGA_COLS, VGA_ROWS

# (sendkey name, the character it types, the effect seen in the log)
WALK = [
    ("s", "s", r"^=== end"),
    ("t", "t", r"^nickel: tracing on"),
    ("r", "r", r"^nickel: policy nick -> o1"),
    ("v", "v", r"^nickel: panel on"),
    ("b", "b", r"^nickel: backtraces: end"),
    ("h", "h", r"^nickel keys: "),
    ("shift-slash", "?", r"^nickel keys: "),
    ("shift-equal", "+", r"^nickel: added hog pid \d+"),
    ("equal", "=", r"^nickel: added hog pid \d+"),
    ("kp_add", "+", r"^nickel: added hog pid \d+"),
    ("minus", "-", r"^nickel: removing hog pid \d+"),
    ("kp_subtract", "-", r"^nickel: removing hog pid \d+"),
    ("t", "t", r"^nickel: tracing off"),
]
START = r"^nickel: demo hogs: 2 hogs"


def walk_keys():
    """Each key typed once the previous key's effect appeared.  (Triggers
    and stop_when_expected read the raw serial bytes, whose lines end in
    \\r\\n: the patterns here have no `$`.)"""
    triggers = [START] + [effect for _, _, effect in WALK[:-1]]
    return [(trigger, key) for trigger, (key, _, _) in zip(triggers, WALK)]


def every_effect_in_order(log):
    problems, at = [], 0
    for key, char, effect in WALK:
        typed = log.find("[test runner: typed b'%s']" % key, at)
        m = re.compile(effect, re.M).search(log, typed if typed >= 0 else at)
        if typed < 0 or not m:
            problems.append("key %s (%r): typed %s, effect /%s/ %s" % (
                key, char, typed >= 0, effect, "seen" if m else "not seen after it"))
            continue
        at = m.end()
    return problems


def help_keys_all_walked(log):
    """Every key the help line names (`s stat dump, t trace ...`) is walked."""
    m = re.search(r"^nickel keys: (.*)$", log, re.M)
    if not m:
        return ["no help line"]
    listed = set()
    for item in m.group(1).split(", "):
        listed.add(item[0])
        listed.update(re.findall(r"\(or (\S)\)", item))
    walked = {char for _, char, _ in WALK}
    missing = sorted(listed - walked)
    return ["keys in the help line never typed here: %s" % " ".join(missing)] if missing else []


def verify(log):
    return every_effect_in_order(log) or help_keys_all_walked(log)


def walk(name, machine, qemu_flags, found, forbid=(), uefi=False):
    """-kernel, or the ISO under OVMF (GRUB's first entry, taken after its
    timeout: no key is typed before nickel runs)."""
    more = dict(iso=True, firmware="uefi", mem=256, timeout=300) if uefi else \
        dict(args="demo=hogs run=60", mem=32, timeout=120)
    return Scenario(name, machine=machine, qemu_flags=qemu_flags, keys=walk_keys(),
                    keys_via="monitor", expect=[found, START, r"^nickel: tracing off"],
                    forbid=list(forbid), verify=verify, exit_code=124,
                    stop_when_expected=True, **more)


class ScreenOnly(Scenario):
    """No serial port (-serial none): the log is what the VGA text screen
    showed, read from guest memory once a second through the monitor: each
    snapshot adds the rows the previous one did not have.  Keys are typed
    with `sendkey` once their trigger is on the screen."""

    def screen_rows(self, path):
        monitor_command(self, 'pmemsave 0xb8000 %d "%s"' % (VGA_COLS * VGA_ROWS * 2, path))
        return [text.rstrip(" \0") for text, _ in vga_rows(path)]

    def run(self, kernel, iso):
        start, log, before = time.time(), [], set()
        path = os.path.join(ROOT, "build", "test-logs", self.name + ".vga")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        p = subprocess.Popen(command(self, kernel, iso) + ["--no-serial"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                             start_new_session=True)
        keys, status = list(self.keys), None
        while status is None:
            time.sleep(1)
            if p.poll() is not None:
                status = p.returncode
                break
            try:
                rows = self.screen_rows(path)
            except OSError as e:
                log.append("[test runner: no screen: %s]" % e)
                continue
            log += [r for r in rows if r and r not in before]
            before = set(rows)
            text = "\n".join(log)
            if keys and re.search(keys[0][0], text, re.M):
                sendkey(self, keys[0][1])
                log.append("[test runner: typed b'%s']" % keys[0][1])
                keys.pop(0)
            elif not keys and all(re.search(e, text, re.M) for e in self.expect):
                status = 124
            elif time.time() - start > wall_limit(self):
                log.append("[test runner: timeout after %ds]" % wall_limit(self))
                status = 124
        stop(p)
        if os.path.exists(monitor_path(self)):
            os.unlink(monitor_path(self))
        return "\n".join(log) + "\n", status, time.time() - start


def dump_after_the_key(log):
    typed = log.find("[test runner: typed b's']")
    if typed < 0 or not re.search(r"^=== stats jiffies=\d+", log[typed:], re.M):
        return ["no stat dump on the screen after the key s"]
    return []


USB_KBD = "-device qemu-xhci -device usb-kbd"
USB_LINE = (r"^nickel: usb: xhci 0 port \d+: keyboard 0627:0001 \(USB 2, \w+ speed\), "
            r"boot protocol, endpoint 1")

SCENARIOS = [
    walk("keys-ps2-every-key-of-the-handler-by-its-effect", "pc", "",
         r"^nickel: keys from: PS/2 keyboard, serial COM1", forbid=[r"usb: xhci"]),
    walk("keys-usb-xhci-q35-no-i8042-every-key-of-the-handler-by-its-effect",
         "q35,i8042=off", USB_KBD, USB_LINE,
         forbid=[r"PS/2 keyboard", r"device ignored"]),
    walk("keys-uefi-iso-ps2-every-key-of-the-handler-by-its-effect", "q35", "",
         r"^nickel: keys from: PS/2 keyboard, serial COM1", uefi=True),
    walk("keys-uefi-iso-usb-q35-no-i8042-every-key-of-the-handler-by-its-effect",
         "q35,i8042=off", USB_KBD, USB_LINE, forbid=[r"PS/2 keyboard", r"device ignored"],
         uefi=True),
    Scenario("keys-ps2-and-usb-together-both-found-usb-key-works",
             args="demo=hogs run=60", mem=32, qemu_flags=USB_KBD, keys_via="monitor",
             keys=[(START.rstrip(""), "s"), (r"^=== end", "r")],
             expect=[USB_LINE, r"^nickel: keys from: PS/2 keyboard, USB keyboard \(1\), "
                     r"serial COM1", r"^nickel: policy nick -> o1"],
             exit_code=124, stop_when_expected=True, timeout=90),
    Scenario("keys-two-usb-keyboards-on-two-ports-both-started",
             args="demo=hogs run=60", mem=32, machine="q35,i8042=off",
             qemu_flags=USB_KBD + " -device usb-kbd", keys_via="monitor",
             keys=[(START.rstrip(""), "r")],
             expect=[r"^nickel: keys from: USB keyboards \(2\), serial COM1",
                     r"^nickel: policy nick -> o1"],
             verify=lambda log: [] if len(re.findall(USB_LINE, log, re.M)) == 2 else
             ["USB keyboard lines: %d, expected 2" % len(re.findall(USB_LINE, log, re.M))],
             exit_code=124, stop_when_expected=True, timeout=90),
    # Not keyboards: a stick on root port 2, a hub on root port 1 (hubs are
    # not walked: the keyboard behind it is not seen); each gets one line,
    # its slot is disabled and its pages freed (the page check's "other":
    # the controller's three pages only).
    Scenario("keys-usb-stick-and-hub-are-one-line-each-and-give-their-pages-back",
             args="demo=none run=2 check=1", mem=32, machine="q35",
             qemu_flags="-device qemu-xhci,id=x -device usb-hub,bus=x.0,port=1 "
             "-device usb-kbd,bus=x.0,port=1.1 -drive if=none,id=d,format=raw,"
             "readonly=on,file=/dev/null -device usb-storage,bus=x.0,port=2,drive=d",
             expect=[r"^nickel: usb: xhci 0 port 2: device 46f4:0001 \(class 0\), not a keyboard",
                     r"^nickel: usb: xhci 0 port \d+: device 0409:55aa \(class 9\), not a "
                     r"keyboard", r"^nickel: keys from: PS/2 keyboard, serial COM1",
                     r"^nickel: selfcheck: pages ok: .* other=3 ", r"power off \(status=0\)"],
             forbid=[r"usb: .*keyboard 0627"], timeout=60),
    ScreenOnly("keys-no-serial-port-usb-key-gives-the-stat-dump-on-the-screen",
               args="demo=hogs run=60", mem=32, machine="q35,i8042=off",
               qemu_flags=USB_KBD, keys_via="monitor", keys=[(START, "s")],
               expect=[r"^nickel: serial: no UART at COM1 \(port 0x3f8\); the screen is "
                       r"the only console$",
                       r"^nickel: keys from: USB keyboard \(1\)$", r"^=== end$"],
               verify=dump_after_the_key, exit_code=124, timeout=90),
]
