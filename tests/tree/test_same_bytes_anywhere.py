#!/usr/bin/env python3
"""test_same_bytes_anywhere.py - the kernel and the programs QEMU boots name
no directory of the machine that built them.

Under -icount the lab's tables repeat exactly, but only for the same bytes:
newlib's asserts print __FILE__, and a build directory with a longer name
(newlib's holds the pid of its build) moves every later byte of a program's
data.  That alone changed the IPC table's donate row from 23.6 to 39.1 ms
between two clones.  So every image is built with its paths mapped
(mk/kernel.mk, mk/user.mk, tools/build/deps.d/newlib.sh), and:

images-name-no-build-directory: no program of build/user/*.elf (a module
  the guest receives whole) and no section of build/nickel.elf but its
  debug sections (which QEMU does not load; nasm 2.16 cannot map the path
  it writes there) contains the tree's absolute path or newlib's build
  directory (.cache/newlib.build.PID).
Prints PASS/FAIL lines (tests/lib/report.py).
"""
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
from report import Report  # noqa: E402

MARKS = [os.path.realpath(ROOT).encode(), b".cache/newlib.build."]


def images():
    return [os.path.join(ROOT, "build", "nickel.elf")] + \
        sorted(glob.glob(os.path.join(ROOT, "build", "user", "*.elf")))


def guest_bytes(path):
    """What the guest can see of an image: a module's whole file; of the
    kernel, all but the debug sections (binutils' objcopy drops them)."""
    if os.path.basename(path) != "nickel.elf":
        with open(path, "rb") as f:
            return f.read()
    with tempfile.NamedTemporaryFile(suffix=".elf") as out:
        subprocess.run(["objcopy", "--strip-debug", path, out.name], check=True)
        return out.read()


def machine_paths(path):
    """The marks found in one image: [(mark, offset of its first copy)]."""
    data = guest_bytes(path)
    return [(m.decode(), data.find(m)) for m in MARKS if m in data]


def main():
    report = Report("build:")
    problems, found = [], images()
    if len(found) < 10:
        problems.append("only %d images under build/ (make and make user first)" % len(found))
    for path in found:
        for mark, at in machine_paths(path):
            problems.append("%s: names '%s' (first at byte %d)"
                            % (os.path.relpath(path, ROOT), mark, at))
    report.result("images-name-no-build-directory", problems)
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
