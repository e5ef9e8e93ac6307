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
import select
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


class MonitorSteps(Scenario):
    """Keys and more: `steps` are (regex, monitor command) pairs, taken in
    order as `keys` are, each once its regex is in the serial log after the
    previous step ("sendkey r", "device_del k1", "device_add usb-kbd,...").
    Each step is noted in the log: [test runner: monitor: COMMAND]."""

    def __init__(self, name, steps, **kw):
        super().__init__(name, keys_via="monitor", exit_code=124,
                         stop_when_expected=True, **kw)
        self.steps = list(steps)

    def run(self, kernel, iso):
        start, log, done_to, status = time.time(), "", 0, None
        p = subprocess.Popen(command(self, kernel, iso), stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
        steps = list(self.steps)
        while status is None:
            if time.time() - start > wall_limit(self):
                log += "\n[test runner: timeout after %ds]\n" % wall_limit(self)
                status = 124
                break
            r, _, _ = select.select([p.stdout], [], [], 0.5)
            chunk = os.read(p.stdout.fileno(), 65536) if r else b""
            if r and not chunk:
                status = p.wait()
                break
            log += chunk.decode("utf-8", "replace").replace("\r", "")
            lines_end = log.rfind("\n") + 1
            if steps and re.search(steps[0][0], log[done_to:lines_end], re.M):
                monitor_command(self, steps[0][1])
                note = "[test runner: monitor: %s]\n" % steps[0][1]
                log, done_to = log[:lines_end] + note + log[lines_end:], lines_end + len(note)
                steps.pop(0)
            if not steps and all(re.search(e, log, re.M) for e in self.expect):
                status = 124
        stop(p)
        if os.path.exists(monitor_path(self)):
            os.unlink(monitor_path(self))
        return log, status, time.time() - start


def one_switch_per_key(log, second):
    """Each `sendkey r` switched the policy once (a key held by a keyboard
    pulled out must not repeat), and the last switch came from the keyboard
    at `second` (its first-key line is before it)."""
    typed = log.count("[test runner: monitor: sendkey r]")
    switches = re.findall(r"^nickel: policy \w+ -> \w+", log, re.M)
    first = re.search(r"^nickel: usb: xhci 0 %s: first key" % second, log, re.M)
    last = list(re.finditer(r"^nickel: policy \w+ -> \w+", log, re.M))
    problems = []
    if len(switches) != typed:
        problems.append("policy switches: %d, keys r typed: %d" % (len(switches), typed))
    if not first or not last or last[-1].start() < first.start():
        problems.append("the last switch is not after the first key of %s" % second)
    return problems


def dump_after_the_key(log):
    typed = log.find("[test runner: typed b's']")
    if typed < 0 or not re.search(r"^=== stats jiffies=\d+", log[typed:], re.M):
        return ["no stat dump on the screen after the key s"]
    return []


USB_KBD = "-device qemu-xhci -device usb-kbd"
USB_LINE = (r"^nickel: usb: xhci 0 port \d+: keyboard 0627:0001 \(USB 2, \w+ speed\), "
            r"boot protocol, endpoint 1")
# QEMU's usb-hub (full speed, 8 ports) on the bus's port 1, which is the
# xHCI's root port 5 (qemu-xhci: ports 1-4 USB 3, 5-8 USB 2), and a
# keyboard on the hub's port 1.
HUB_KBD = ("-device qemu-xhci,id=x -device usb-hub,bus=x.0,port=1 "
           "-device usb-kbd,bus=x.0,port=1.1,id=hubkbd")
HUB_LINE = r"^nickel: usb: xhci 0 port 5: hub, 8 ports, powered"
HUB_KBD_LINE = (r"^nickel: usb: xhci 0 port 5\.1: keyboard 0627:0001 \(USB 2, full speed\), "
                r"boot protocol, endpoint 1 \(bInterval 10\)")

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
    # Not keyboards: a stick on root port 2, a hub with nothing behind it on
    # root port 5; the stick gets one line, the hub two (walked, let go);
    # their slots are disabled and their pages freed (the page check's
    # "other": the controller's three pages only).
    Scenario("keys-usb-stick-and-empty-hub-give-their-pages-back",
             args="demo=none run=2 check=1", mem=32, machine="q35",
             qemu_flags="-device qemu-xhci,id=x -device usb-hub,bus=x.0,port=1 "
             "-drive if=none,id=d,format=raw,readonly=on,file=/dev/null "
             "-device usb-storage,bus=x.0,port=2,drive=d",
             expect=[r"^nickel: usb: xhci 0 port 2: device 46f4:0001 \(class 0\), not a keyboard",
                     HUB_LINE, r"^nickel: usb: xhci 0 port 5: no keyboard behind the hub; let go",
                     r"^nickel: keys from: PS/2 keyboard, serial COM1",
                     r"^nickel: selfcheck: pages ok: .* other=3 ", r"power off \(status=0\)"],
             forbid=[r"usb: .*keyboard 0627", r"ignored"], timeout=60),
    walk("keys-usb-behind-a-hub-q35-no-i8042-every-key-of-the-handler-by-its-effect",
         "q35,i8042=off", HUB_KBD, HUB_KBD_LINE,
         forbid=[r"PS/2 keyboard", r"ignored", r"not walked", r"let go"]),
    # Two keyboards: QEMU's sendkey goes to one of them (the one added last,
    # on root port 6); that one is then pulled out (device_del), maybe with
    # its key still held, and the next key must come from the other, behind
    # the hub, with no key repeated by the one gone.  "first key from this
    # keyboard" names the keyboard each key came from.
    MonitorSteps("keys-usb-root-port-and-behind-a-hub-both-type",
                 args="demo=hogs run=60", mem=32, machine="q35,i8042=off",
                 qemu_flags=HUB_KBD + " -device usb-kbd,bus=x.0,port=2,id=rootkbd",
                 steps=[(START, "sendkey r"), (r"^nickel: policy nick -> o1", "device_del rootkbd"),
                        (r"^nickel: usb: xhci 0 port 6: keyboard gone \(unplugged\)", "sendkey r")],
                 expect=[HUB_KBD_LINE, r"^nickel: keys from: USB keyboards \(2\)",
                         r"^nickel: usb: xhci 0 port 6: first key from this keyboard",
                         r"^nickel: usb: xhci 0 port 5\.1: first key from this keyboard",
                         r"^nickel: policy o1 -> "],
                 verify=lambda log: one_switch_per_key(log, "port 5\\.1"), timeout=90),
    # Hot-plug: no keyboard at boot; one plugged in on root port 7 (the
    # bus's port 3) once the demo runs is found by its port's change event,
    # started, and types.
    MonitorSteps("keys-usb-keyboard-plugged-in-after-boot-is-found-and-types",
                 args="demo=hogs run=60", mem=32, machine="q35,i8042=off",
                 qemu_flags="-device qemu-xhci,id=x",
                 steps=[(START, "device_add usb-kbd,bus=x.0,port=3,id=late"),
                        (r"^nickel: usb: xhci 0 port 7: keyboard 0627", "sendkey r")],
                 expect=[r"^nickel: keys from: serial COM1",
                         r"^nickel: usb: xhci 0 port 7: keyboard 0627:0001 \(USB 2, high speed\)",
                         r"^nickel: policy nick -> o1"],
                 verify=lambda log: one_switch_per_key(log, "port 7"), timeout=90),
    ScreenOnly("keys-no-serial-port-usb-key-gives-the-stat-dump-on-the-screen",
               args="demo=hogs run=60", mem=32, machine="q35,i8042=off",
               qemu_flags=USB_KBD, keys_via="monitor", keys=[(START, "s")],
               expect=[r"^nickel: serial: no UART at COM1 \(port 0x3f8\); the screen is "
                       r"the only console$",
                       r"^nickel: keys from: USB keyboard \(1\)$", r"^=== end$"],
               verify=dump_after_the_key, exit_code=124, timeout=90),
]
