"""nickel-bochs: boot nickel in Bochs (a second emulator beside QEMU), headless.

Bochs boots a CD image: `--iso nickel.iso` (the menu's default entry), or
`--kernel K --append ARGS`, for which a one-entry GRUB image with those
arguments is built in a temporary directory (build/bochs-*) (Bochs offers no way to pick a
menu entry without a screen).  Debian's Bochs 2.7 is built with SMP and its
debugger, without the `nogui` display: it runs with the `term` display on a
pseudo-terminal nobody looks at, and the debugger is told to continue at
once.  COM1 goes to a file that is copied to stdout as it grows.

Exit status, as tools/nickel-qemu's: N from `nickel: power off (status=N)`
(0 healthy, 1 panic), 2 when Bochs ended without it, 124 after --timeout.
"""
import argparse
import glob
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from lib import ROOT

BIOS = "/usr/share/bochs/BIOS-bochs-latest"
VGABIOS = "/usr/share/vgabios/vgabios.bin"

GRUB_CFG = """serial --unit=0 --speed=115200
terminal_input serial
terminal_output serial
set timeout=0
menuentry "nickel under Bochs" {
	multiboot /boot/nickel.elf %s
}
"""


def one_entry_iso(kernel, append, tmp):
    root = os.path.join(tmp, "iso")
    os.makedirs(os.path.join(root, "boot", "grub"))
    shutil.copy(kernel, os.path.join(root, "boot", "nickel.elf"))
    with open(os.path.join(root, "boot", "grub", "grub.cfg"), "w") as f:
        f.write(GRUB_CFG % append)
    iso = os.path.join(tmp, "nickel-bochs.iso")
    subprocess.run(["grub-mkrescue", "-o", iso, root], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return iso


def bochsrc(a, iso, tmp):
    path = os.path.join(tmp, "bochsrc")
    with open(path, "w") as f:
        f.write("megs: %d\n" % a.mem)
        f.write("cpu: model=%s, count=%d, ips=%d, reset_on_triple_fault=0\n"
                % (a.cpu, a.smp, a.ips))
        f.write("romimage: file=%s\nvgaromimage: file=%s\n" % (BIOS, VGABIOS))
        f.write("ata0-master: type=cdrom, path=%s, status=inserted\nboot: cdrom\n" % iso)
        f.write("display_library: term\nspeaker: enabled=0\n")
        f.write("com1: enabled=1, mode=file, dev=%s\n" % os.path.join(tmp, "com1"))
        f.write("log: %s\n" % os.path.join(tmp, "bochs.log"))
    with open(os.path.join(tmp, "debugger.rc"), "w") as f:
        f.write("c\n")                     # the debugger's prompt: continue
    return path


def die_with_parent():
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def run(a, tmp):
    iso = os.path.abspath(a.iso) if a.iso else one_entry_iso(a.kernel, a.append, tmp)
    rc_file = bochsrc(a, iso, tmp)
    master, slave = pty.openpty()
    env = dict(os.environ, TERM="xterm")
    p = subprocess.Popen(["bochs", "-q", "-f", rc_file, "-rc",
                          os.path.join(tmp, "debugger.rc")],
                         stdin=slave, stdout=slave, stderr=slave, env=env, cwd=tmp,
                         preexec_fn=die_with_parent)
    os.close(slave)
    com1, done, log = os.path.join(tmp, "com1"), 0, b""
    end = time.time() + a.timeout
    while True:
        drain(master)                      # the term display's output
        if os.path.exists(com1):
            with open(com1, "rb") as f:
                f.seek(done)
                chunk = f.read()
            done += len(chunk)
            log += chunk
            sys.stdout.buffer.write(chunk)
            sys.stdout.flush()
        if p.poll() is not None and not chunk_left(com1, done):
            break
        if re.search(rb"^nickel: it is now safe|^nickel: PANIC", log, re.M) or time.time() > end:
            p.kill()
        time.sleep(0.1)
    p.wait()
    if time.time() > end:
        return 124
    m = re.search(rb"^nickel: power off \(status=(\d+)\)", log, re.M)
    if not m:
        sys.stderr.write("nickel-bochs: Bochs ended without nickel's power-off "
                         "(--keep keeps its bochs.log)\n")
        return 2
    return int(m.group(1))


def drain(fd):
    """Read and drop what is waiting on the pseudo-terminal, so that Bochs
    never blocks writing its screen."""
    try:
        while select.select([fd], [], [], 0)[0]:
            os.read(fd, 65536)
    except OSError:
        pass


def chunk_left(path, done):
    return os.path.exists(path) and os.path.getsize(path) > done


def remove_stale(build):
    """Directories of earlier runs whose wrapper is gone (a test runner
    that stops a run kills this wrapper before it can clean up)."""
    for d in glob.glob(os.path.join(build, "bochs-*")):
        try:
            with open(os.path.join(d, "pid")) as f:
                os.kill(int(f.read()), 0)
        except ProcessLookupError:
            shutil.rmtree(d, ignore_errors=True)
        except (OSError, ValueError):
            pass


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kernel", default="build/nickel.elf")
    p.add_argument("--append", default="")
    p.add_argument("--iso")
    p.add_argument("--smp", type=int, default=2)
    p.add_argument("--mem", type=int, default=64)
    p.add_argument("--cpu", default="corei7_icelake_u",
                   help="Bochs CPU model (bochs --help cpu)")
    p.add_argument("--ips", type=int, default=50000000,
                   help="instructions per emulated second, per CPU")
    p.add_argument("--timeout", type=int, default=600)
    p.add_argument("--keep", action="store_true", help="keep the temporary directory")
    a = p.parse_args()
    for tool in ("bochs", "grub-mkrescue"):
        if not shutil.which(tool):
            sys.exit("nickel-bochs: %s not found (make deps installs it)" % tool)
    # Under build/ (make clean removes it): a test runner that kills this
    # wrapper leaves the directory behind.
    build = os.path.join(ROOT, "build")
    if os.path.isdir(build):
        remove_stale(build)
    tmp = tempfile.mkdtemp(prefix="bochs-", dir=build if os.path.isdir(build) else None)
    with open(os.path.join(tmp, "pid"), "w") as f:
        f.write(str(os.getpid()))
    try:
        return run(a, tmp)
    finally:
        if a.keep:
            sys.stderr.write("nickel-bochs: files kept in %s\n" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

