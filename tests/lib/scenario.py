"""scenario.py - what a QEMU scenario is, and how one runs.

A scenario is kernel arguments plus assertions on the serial log and on the
exit status (tools/nickel-qemu: 0 healthy power-off, 1 panic, 2 no power-off,
124 timeout).  Assertions: `expect` regexes that must appear, `forbid`
regexes that must not, and `verify(log)` returning a list of problems.
`keys` are (regex, key) pairs, taken in order: once the regex appears in the
log after the point where the previous key was typed, the key is typed on the
serial console; with `keys_via="monitor"` it is a key of QEMU's monitor
command `sendkey` instead ("s", "shift-equal", "kp_add"), pressed on the
machine's keyboards (PS/2, or a USB keyboard when there is one).
`firmware="uefi"` boots through OVMF (tools/nickel-qemu --firmware);
`stick=True` attaches the ISO as a USB stick instead of a CD.
`screen(ppm_path, log)` returns problems with the screen: with
stop_when_expected, once every `expect` pattern has appeared QEMU's monitor
takes a screendump (build/test-logs/NAME.ppm) before QEMU is stopped;
with `vga_text=True` it saves the VGA text cells instead (NAME.vga,
screen.vga_text_dump) and `screen(vga_path, log)` reads them.
"""
import os
import re
import select
import signal
import socket
import subprocess
import tempfile
import time

from screen import screendump, vga_text_dump

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def user_elf(name):
    """A ring-3 program of `make user`, as a module: build/user/NAME.elf."""
    return os.path.join(ROOT, "build", "user", name + ".elf")


# QEMU flags for a repeatable run: guest time is the count of instructions
# run (16 ns each), so a loaded host can neither stretch a tick nor stop
# an emulated CPU between two of them; sleep=off skips idle time.
ICOUNT = "-icount shift=4,sleep=off"

# Never acceptable in a scenario that does not ask for it.
ALWAYS_FORBID = [r"PANIC", r"invariant failed", r"soft lockup"]


class Scenario:
    def __init__(self, name, args="", smp=1, mem=32, machine="pc", qemu_flags="",
                 iso=False, expect=(), forbid=(), exit_code=0, verify=None,
                 keys=(), timeout=60, modules=(), allow_panic=False,
                 stop_when_expected=False, debug_exit=True, emulator="qemu",
                 firmware="bios", screen=None, stick=False, vga_text=False,
                 keys_via="serial"):
        self.name = name
        self.args = args
        self.smp, self.mem, self.machine = smp, mem, machine
        self.qemu_flags, self.iso, self.modules = qemu_flags, iso, list(modules)
        self.expect, self.forbid = list(expect), list(forbid)
        self.exit_code, self.verify = exit_code, verify
        self.keys, self.timeout = list(keys), timeout
        # For a boot that never powers off (the ISO): stop QEMU once every
        # `expect` pattern has appeared; the status is then 124.
        self.stop_when_expected = stop_when_expected
        # debug_exit=False: no isa-debug-exit device, power-off by ACPI S5.
        # emulator="bochs": tools/nickel-bochs instead of nickel-qemu.
        self.debug_exit, self.emulator = debug_exit, emulator
        self.firmware, self.screen, self.stick = firmware, screen, stick
        self.vga_text = vga_text
        self.keys_via = keys_via
        self.screen_problems = ["no screendump taken"] if screen else []
        if not allow_panic:
            self.forbid += ALWAYS_FORBID

    def check(self, log, rc):
        problems = []
        if rc != self.exit_code:
            problems.append("exit status %s, expected %s" % (rc, self.exit_code))
        for pat in self.expect:
            if not re.search(pat, log, re.M):
                problems.append("missing /%s/" % pat)
        for pat in self.forbid:
            m = re.search(pat, log, re.M)
            if m:
                problems.append("unexpected %r" % m.group(0))
        if self.verify and not problems:
            problems += self.verify(log) or []
        if not problems:
            problems += self.screen_problems
        return problems


def command(sc, kernel, iso):
    if sc.emulator == "bochs":
        cmd = ["python3", os.path.join(ROOT, "tools", "nickel-bochs"),
               "--smp", str(sc.smp), "--mem", str(sc.mem), "--timeout", str(wall_limit(sc))]
        return cmd + (["--iso", iso] if sc.iso else
                      ["--kernel", kernel, "--append", sc.args]) + sc.qemu_flags.split()
    cmd = ["python3", os.path.join(ROOT, "tools", "nickel-qemu"),
           "--smp", str(sc.smp), "--mem", str(sc.mem), "--machine", sc.machine,
           "--accel", os.environ.get("ACCEL", "tcg")]
    if sc.iso:
        cmd += ["--iso", iso] + (["--stick"] if sc.stick else [])
    else:   # a scenario may name its own kernel (kcov.py: the coverage build)
        cmd += ["--kernel", getattr(sc, "kernel", None) or kernel, "--append", sc.args]
    for m in sc.modules:
        cmd += ["--module", m]
    if sc.firmware != "bios":
        cmd += ["--firmware", sc.firmware]
    if sc.screen or sc.keys_via == "monitor":
        cmd += ["--monitor", monitor_path(sc)]
    if sc.qemu_flags:
        cmd += ["--qemu-flags=" + sc.qemu_flags]   # "=": flags start with "-"
    if not sc.debug_exit:
        cmd += ["--no-debug-exit"]
    return cmd


def monitor_path(sc):
    """A Unix socket's path must stay short (108 bytes): not under ROOT."""
    return os.path.join(tempfile.gettempdir(),
                        "nickel-%d-%s.monitor" % (os.getpid(), sc.name[:60]))


def monitor_command(sc, line, timeout=10):
    """One command to QEMU's monitor; returns once its prompt is back, so
    that the command is done (a key taken, a file written)."""
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(timeout)
        s.connect(monitor_path(sc))
        seen = b""
        s.sendall(line.encode() + b"\n")
        while seen.count(b"(qemu)") < 2:
            chunk = s.recv(4096)
            if not chunk:
                break
            seen += chunk


def sendkey(sc, key):
    """Press `key` (a name of QEMU's sendkey) on the machine's keyboard."""
    monitor_command(sc, "sendkey " + key)


def type_key(sc, p, key):
    if sc.keys_via == "monitor":
        sendkey(sc, key)
    else:
        p.stdin.write(key.encode())
        p.stdin.flush()


def read_until_quiet(p, quiet=2.0, limit=30.0):
    """The console's output after a pause of `quiet` seconds: the screen
    is drawn as the serial line is written, so then no glyph is half drawn
    (stopping the guest alone could cut one in the middle)."""
    out, end = b"", time.time() + limit
    while time.time() < end:
        r, _, _ = select.select([p.stdout], [], [], quiet)
        chunk = os.read(p.stdout.fileno(), 65536) if r else b""
        if not chunk:
            break
        out += chunk
    return out


def check_screen(sc, log):
    """Screendump (or the VGA text cells) through the monitor, then the
    scenario's screen check."""
    path = os.path.join(ROOT, "build", "test-logs",
                        sc.name + (".vga" if sc.vga_text else ".ppm"))
    why = (vga_text_dump if sc.vga_text else screendump)(monitor_path(sc), path)
    text = log.decode("utf-8", "replace").replace("\r", "")
    sc.screen_problems = [why] if why else sc.screen(path, text)


EVIDENCE_WAIT = 20      # seconds a timed-out guest gets to print its evidence
EVIDENCE_DONE = b"nickel: backtraces: end"


def ask_for_evidence(p, log):
    """A scenario ran out of time: before QEMU is killed, type `s` (stat
    dump: who sleeps, with wchan=) and `b` (every CPU's and every sleeper's
    backtrace), and keep what the guest prints for EVIDENCE_WAIT seconds or
    until the backtraces end.  A guest too stuck to answer prints nothing."""
    start = len(log)
    try:
        p.stdin.write(b"sb")
        p.stdin.flush()
    except (BrokenPipeError, ValueError):
        return log
    end = time.time() + EVIDENCE_WAIT
    while time.time() < end and EVIDENCE_DONE not in log[start:]:
        r, _, _ = select.select([p.stdout], [], [], 0.5)
        if r:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                break
            log += chunk
    return log


def stop(p):
    """Kill nickel-qemu and the QEMU it started."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()


def wall_limit(sc):
    """A timeout only guards against a hang: the scenario's own figure (what
    it needs on an idle 2-core host) times NICKEL_TIMEOUT_SCALE (tests/run.py
    --timeout-scale, default 3), as a loaded host runs the guest slower."""
    return int(sc.timeout * float(os.environ.get("NICKEL_TIMEOUT_SCALE", "3")))


def run_qemu(sc, kernel, iso):
    """Run one scenario; returns (log text, status, wall seconds).  A
    scenario with its own way to run (a method run(kernel, iso), e.g. one
    with no serial port) runs that way."""
    if hasattr(sc, "run"):
        return sc.run(kernel, iso)
    start = time.time()
    if sc.screen:
        os.makedirs(os.path.join(ROOT, "build", "test-logs"), exist_ok=True)
    limit = wall_limit(sc)
    # Its own process group: killing nickel-qemu alone left QEMU running
    # (three of them ate the host's CPU for 20 minutes after a make test).
    p = subprocess.Popen(command(sc, kernel, iso), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    log = b""
    keys = list(sc.keys)
    key_from = 0                       # search for the next trigger from here
    status = None
    while True:
        left = limit - (time.time() - start)
        if left <= 0:
            log += b"\n[test runner: timeout after %ds; typed 's' and 'b' for the " \
                   b"evidence]\n" % limit
            log = ask_for_evidence(p, log)
            stop(p)
            status = 124
            break
        r, _, _ = select.select([p.stdout], [], [], min(left, 0.5))
        if r:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                status = p.wait()
                break
            log += chunk
            if sc.stop_when_expected and all(
                    re.search(pat.encode(), log, re.M) for pat in sc.expect):
                if sc.screen:
                    log += read_until_quiet(p)
                    check_screen(sc, log)
                stop(p)
                status = 124
                break
        # Keys wait for whole lines: a pattern matched on a half-received
        # line ("pid 1" of "pid 12") types too early, and the note that a
        # key was typed goes between lines, never into one.
        while keys:
            lines_end = log.rfind(b"\n", key_from) + 1
            if not lines_end or not re.search(keys[0][0].encode(),
                                              log[key_from:lines_end], re.M):
                break
            try:
                type_key(sc, p, keys[0][1])
            except OSError:             # a closed pipe, a monitor gone
                pass
            note = b"[test runner: typed %r]\n" % keys[0][1].encode()
            log = log[:lines_end] + note + log[lines_end:]
            key_from = lines_end + len(note)
            keys.pop(0)
    text = log.decode("utf-8", "replace").replace("\r", "")
    if (sc.screen or sc.keys_via == "monitor") and os.path.exists(monitor_path(sc)):
        os.unlink(monitor_path(sc))
    return text, status, time.time() - start
