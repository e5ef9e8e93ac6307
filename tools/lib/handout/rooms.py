"""rooms: the parts of the tree a student tree holds or not."""
import fnmatch

# A tracked file belongs to the first room with a pattern that matches it
# (fnmatch: `*` crosses folders).  The interfaces of the kernel's optional
# rooms (their headers) come first, with the kernel: kernel/optional.c
# stands in for a room that stays out.
ROOMS = [
    ("kernel", ["kernel/usb/usb.h", "kernel/ipc/ipc.h", "kernel/kcov/kcov.h",
                "kernel/selftest/*.h", "kernel/diag/panel.h"]),
    ("usb", ["kernel/usb/*", "arch/i386/pci.c", "arch/i386/include/arch/pci.h",
             "tests/unit/test_usb_*", "tests/scenarios/bootinput.py"]),
    ("ipc", ["kernel/ipc/*", "tools/ipclab", "tools/lib/lab/ipclab.py",
             "tests/user/ipctest.c", "tests/user/donatetest.c",
             "tests/user/fasttest.c", "tests/user/ipc_helpers.h", "tests/user/checks.h",
             "tests/scenarios/ipc*.py",
             "tests/scenarios/donate.py", "tests/unit/test_sched_direct.c",
             "kernel/sched/direct.c", "kernel/sched/direct.h"]),
    ("kcov", ["kernel/kcov/*", "tools/kcov-lines", "tools/coverage", "tools/fuzz-compare",
              "tools/lib/traces/kcov_lines.py", "tools/lib/traces/coverage_report.py",
              "tools/lib/traces/fuzz_compare.py",
              "tools/lib/traces/kcov.py", "tools/lib/traces/coverage.py", "tests/user/kcovtest.c",
              "tests/scenarios/kcov.py", "tests/tools/test_coverage.py"]),
    ("selftest", ["kernel/selftest/*"]),
    # What only a PC booting the ISO uses: GRUB's multiboot2 hand-over,
    # the framebuffer console of a UEFI screen, ACPI's power off and reset
    # (QEMU's -kernel speaks multiboot1, has a VGA text screen, and
    # tools/nickel-qemu's exit port ends a run).
    ("pc-boot", ["kernel/boot/mb2.c", "kernel/console/fbcon.c", "arch/i386/acpi_power.c"]),
    # Firmware without ACPI finds its CPUs in the Intel MP table (QEMU
    # only under -no-acpi).
    ("mp-table", ["arch/i386/mptable.c", "tests/unit/test_mptable.c"]),
    ("fuzz", ["kernel/demo/fuzz.c", "user/fuzz.c", "user/fuzz/*", "tests/fuzz/*", "mk/fuzz.mk",
              "tests/user/fuzzregress.c", "tests/scenarios/fuzz*.py"]),
    ("lab-programs", ["kernel/demo/desktop.c", "user/lab/*", "user/xserver.c",
                      "user/xclient.c", "user/scroller.c", "user/audio.c", "user/video.c",
                      "user/compile.c", "user/desktop.c", "user/compiledemo.c", "mk/lab.mk"]),
    ("storm", ["kernel/demo/storm.c"]),
    ("abuse", ["kernel/demo/abuse.c", "user/cheat.c"]),
    ("panel", ["kernel/diag/panel*.c", "tests/unit/test_panel.c", "tests/scenarios/panel.py"]),
    ("selfcheck", ["kernel/diag/check.c", "kernel/diag/check_sleepers.c"]),
    ("mine", ["kernel/sched/mine.c", "kernel/sched/mine.h", "tests/unit/test_sched_mine.c"]),
    # sched_ext's watchdog, its broken test policy and their test; the
    # labs that run nick have nothing for it to watch (core.c keeps its
    # tunables, sched_impl.h declares it weak).
    ("watchdog", ["kernel/sched/watchdog.c", "kernel/sched/starve.c",
                  "tests/unit/test_sched_watchdog.c"]),
    ("cfs", ["kernel/sched/cfs.c", "kernel/sched/eevdf.c", "kernel/lib/rbtree.h",
             "kernel/sched/vtime_queue.h", "tests/unit/test_vtime_queue.c",
             "tests/unit/test_sched_cfs.c", "tests/unit/test_sched_eevdf.c",
             "tests/unit/test_rbtree.c", "tools/lib/lab/__init__.py", "tools/lib/lab/weights.py"]),
    ("kernel", ["kernel/*", "arch/*", "boot/*", "linker.ld"]),
    ("build", ["Makefile", "mk/kernel.mk", "mk/user.mk", "mk/unit.mk", "mk/grade.mk",
               ".gitignore", "tools/build/deps.sh", "tools/build/deps.d/*",
               "tools/build/mksyms.py", "tools/build/psf2c", "tools/build/make-help",
               "tools/lib/boot/__init__.py", "tools/lib/boot/psf.py", "tools/lib/__init__.py",
               "tools/nickel-qemu", "tools/lib/boot/qemu.py", "README.md"]),
    ("programs", ["user/lib/*", "user/user.ld", "user/hog.c", "user/hello.c"]),
    ("schedsim", ["tools/schedsim/*.[ch]", "tools/schedsim/workloads/*.wl"]),
    ("grading", ["tools/grade", "tools/lib/grading/grade.py", "tools/lib/grading/__init__.py",
                 "tools/lib/traces/__init__.py", "tools/lib/traces/nickel_log.py",
                 "labs/graded.h", "tests/unit/unit.h", "tests/unit/unit_main.c"]),
    ("runner", ["tests/run.py", "tests/lib/report.py"]),
    ("labs", ["labs/*"]),
    ("teaching", ["tools/handout", "tools/grade-submissions", "tools/autograder", "tools/mutate",
                  "tools/lib/handout/*", "tools/lib/grading/submissions.py",
                  "tools/lib/grading/autograder.py", "tools/lib/grading/mutation.py",
                  "tools/lib/grading/sandbox.py", "tools/lib/grading/splice.py", "tools/lib/grading/coderules.py",
                  "tools/lib/grading/cparse.py", "tools/lib/grading/mutate*.py", "tests/grading/*"]),
    ("iso", ["mk/iso.mk", "tools/nickel-bochs", "tools/lib/boot/bochs.py", "tools/build/grub.cfg",
             "web/*",
             "tests/scenarios/bochs.py", "tests/scenarios/uefi.py", "tests/scenarios/bios.py"]),
    ("tests", ["tests/*", "mk/test.mk", ".ci/*"]),
    ("docs", ["docs/*"]),
    ("lab-tools", ["tools/*", "user/*"]),
]
# What every handout holds: the kernel that boots, its build, the demos'
# programs, the host simulator and the grader.
BASE_ROOMS = ("kernel", "build", "programs", "schedsim", "grading")


def room_of(path):
    """The room of a tracked path, or None (a file no room names)."""
    for room, patterns in ROOMS:
        if any(fnmatch.fnmatchcase(path, p) for p in patterns):
            return room
    return None


def shipped(path, lab, rooms, extra):
    """Whether the student tree of lab gets path (rooms: None for all)."""
    parts = path.split("/")
    if parts[0] == "labs" and len(parts) >= 3:
        return parts[1] == lab or rooms is None
    if rooms is None or any(fnmatch.fnmatchcase(path, p) for p in extra):
        return True
    return room_of(path) in rooms
