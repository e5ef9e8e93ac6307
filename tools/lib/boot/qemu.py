"""nickel-qemu: boot nickel in qemu-system-i386 and map QEMU's exit status.

The kernel powers off through the isa-debug-exit device (port 0xF4), which
makes QEMU exit with (v << 1) | 1; nickel writes 0x10 + status (kernel/power.c),
so QEMU exits 33 or 35.  This wrapper turns that back into:
    0  healthy power-off (QEMU 33)
    1  kernel panic (QEMU 35)
    2  QEMU ended without nickel's power-off (triple fault, reset, killed)
   124 timeout (--timeout seconds of wall time)
With --no-debug-exit the device is left out (a machine like a real PC): the
kernel then powers off through ACPI S5, QEMU exits 0 (mapped to 0) and the
log, not the status, tells a healthy end from a panic.
Used by `make run` (interactive) and by tests/run.py (log to a file).

--firmware uefi boots through Debian's OVMF (a 64-bit UEFI, so
qemu-system-x86_64; nickel itself stays 32-bit), with a private copy of its
variable store; --firmware uefi32 through the 32-bit OVMF (Debian's
ovmf-ia32, a Secure Boot build: q35 with SMM; no keys are enrolled, so it
boots unsigned loaders); --stick attaches the --iso as a USB stick (as
written with dd) instead of a CD; --monitor PATH puts QEMU's monitor on a Unix socket (the
screen tests' screendump).
--x86-64 boots on qemu-system-x86_64 (a 64-bit PC; nickel itself stays
32-bit): tools/compare-linux runs nickel and Debian's Linux in that one
emulator.
"""
import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile

OVMF = {"uefi": ("/usr/share/OVMF/OVMF_CODE.fd", "/usr/share/OVMF/OVMF_VARS.fd"),
        "uefi32": ("/usr/share/OVMF/OVMF32_CODE_4M.secboot.fd",
                   "/usr/share/OVMF/OVMF32_VARS_4M.fd")}


def die_with_parent():
    """In QEMU's child before exec: Linux sends it SIGKILL when this wrapper
    dies, however it is killed (a test's or a lab tool's timeout kills the
    wrapper, and QEMU used to run on, eating the CPU)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass                                   # not Linux: best effort


def uefi_vars_copy(firmware):
    """OVMF writes its variable store: give it a private copy, already
    unlinked (QEMU opens it as /dev/fd/N), so that nothing is left in /tmp
    however QEMU ends."""
    fd, path = tempfile.mkstemp(prefix="nickel-ovmf-vars-")
    os.unlink(path)
    with open(OVMF[firmware][1], "rb") as f:
        os.write(fd, f.read())
    return fd


def uefi_flags(firmware, vars_copy):
    flags = ["-drive", "if=pflash,format=raw,unit=0,readonly=on,file=" + OVMF[firmware][0],
             "-drive", "if=pflash,format=raw,unit=1,file=" + vars_copy]
    if firmware == "uefi32":
        flags += ["-global", "driver=cfi.pflash01,property=secure,value=on"]
    return flags


def qemu_command(a, vars_copy=None):
    x86_64 = a.firmware == "uefi" or a.x86_64
    qemu = "qemu-system-x86_64" if x86_64 else "qemu-system-i386"
    machine = a.machine + (",smm=on" if a.firmware == "uefi32" else "")
    cmd = [qemu, "-machine", machine, "-m", str(a.mem),
           "-smp", str(a.smp), "-no-reboot"]
    if not a.no_debug_exit:
        cmd += ["-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    if a.accel == "kvm":
        cmd += ["-accel", "kvm"]
    else:
        cmd += ["-accel", "tcg"]
    if a.firmware != "bios":
        cmd += uefi_flags(a.firmware, vars_copy)
    if a.iso and a.stick:              # the ISO dd'ed to a USB stick
        cmd += ["-drive", "if=none,id=stick,format=raw,readonly=on,file=" + a.iso,
                "-device", "qemu-xhci", "-device", "usb-storage,drive=stick,bootindex=0"]
    elif a.iso:
        cmd += ["-cdrom", a.iso, "-boot", "d"]
    else:
        cmd += ["-kernel", a.kernel, "-append", a.append]
        if a.module:
            cmd += ["-initrd", ",".join(a.module)]
    if a.interactive:
        cmd += ["-nographic"]          # serial on stdio; Ctrl-A x quits
    else:
        cmd += ["-display", "none", "-serial", "none" if a.no_serial else "stdio", "-monitor",
                "unix:%s,server=on,wait=off" % a.monitor if a.monitor else "none"]
    if a.gdb:
        cmd += ["-s", "-S"]
    if a.qemu_flags:
        cmd += shlex.split(a.qemu_flags)
    return cmd


def map_status(rc, debug_exit=True):
    if not debug_exit:
        return 0 if rc == 0 else 2        # ACPI power-off: QEMU's clean exit
    return {33: 0, 35: 1}.get(rc, 2)


def run_with_timeout(cmd, seconds, debug_exit=True, fds=()):
    """Like the test runner (tests/lib/scenario.py): a run that is not
    over after `seconds` is asked for a stat dump and every CPU's and
    sleeper's backtrace (keys s and b), given 20 s to print them, stopped."""
    q = subprocess.Popen(cmd, stdin=subprocess.PIPE, preexec_fn=die_with_parent,
                         pass_fds=fds)
    try:
        return map_status(q.wait(timeout=seconds), debug_exit)
    except subprocess.TimeoutExpired:
        pass
    print("\nnickel-qemu: still running after %d s; typing s and b for the evidence"
          % seconds, flush=True)
    try:
        q.stdin.write(b"sb")
        q.stdin.flush()
        q.wait(timeout=20)
    except (BrokenPipeError, subprocess.TimeoutExpired):
        pass
    q.kill()
    q.wait()
    return 124


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kernel", default="build/nickel.elf")
    p.add_argument("--iso")
    p.add_argument("--append", default="")
    p.add_argument("--smp", type=int, default=2)
    p.add_argument("--mem", type=int, default=128)
    p.add_argument("--machine", default="pc")
    p.add_argument("--accel", default="tcg", choices=["tcg", "kvm"])
    p.add_argument("--module", action="append", default=[])
    p.add_argument("--qemu-flags", default="")
    p.add_argument("--firmware", default="bios", choices=["bios", "uefi", "uefi32"])
    p.add_argument("--monitor", help="Unix socket path for QEMU's monitor")
    p.add_argument("--stick", action="store_true",
                   help="with --iso: attach it as a USB stick, not a CD")
    p.add_argument("--x86-64", action="store_true",
                   help="qemu-system-x86_64 instead of qemu-system-i386")
    p.add_argument("--interactive", action="store_true")
    p.add_argument("--gdb", action="store_true")
    p.add_argument("--no-debug-exit", action="store_true",
                   help="no isa-debug-exit device: the kernel must power off by ACPI")
    p.add_argument("--no-serial", action="store_true",
                   help="no COM1 (-serial none): a PC without a serial port; nothing "
                   "on stdout, the screen (through --monitor) is the only console")
    p.add_argument("--print-command", action="store_true")
    p.add_argument("--timeout", type=int, default=0,
                   help="after S seconds ask for evidence (keys s, b), then stop QEMU")
    a = p.parse_args()
    for m in a.module:
        if not os.path.exists(m):
            sys.exit("nickel-qemu: module %s: no such file" % m)
    if a.firmware != "bios":
        for f in OVMF[a.firmware]:
            if not os.path.exists(f):
                sys.exit("nickel-qemu: --firmware %s: %s missing (Debian package %s)"
                         % (a.firmware, f, "ovmf" if a.firmware == "uefi" else "ovmf-ia32"))
        if a.firmware == "uefi32" and a.machine != "q35":
            sys.exit("nickel-qemu: --firmware uefi32 needs --machine q35 (SMM)")
    vars_fd = uefi_vars_copy(a.firmware) if a.firmware != "bios" else None
    cmd = qemu_command(a, "/dev/fd/%d" % vars_fd if vars_fd is not None else None)
    if a.print_command:
        print(" ".join(shlex.quote(c) for c in cmd))
        return 0
    if a.gdb:
        print("nickel-qemu: waiting for gdb on localhost:1234 (make gdb)")
    fds = (vars_fd,) if vars_fd is not None else ()   # OVMF's variable store
    if a.timeout:
        return run_with_timeout(cmd, a.timeout, not a.no_debug_exit, fds)
    rc = subprocess.call(cmd, preexec_fn=die_with_parent, pass_fds=fds)
    status = map_status(rc, not a.no_debug_exit)
    if status == 2:
        print("nickel-qemu: QEMU exited with %d without nickel's power-off" % rc,
              file=sys.stderr)
    return status

