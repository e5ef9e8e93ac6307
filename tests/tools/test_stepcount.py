#!/usr/bin/env python3
"""tests/tools/test_stepcount.py - tools/stepcount, the instruction-by-
instruction count of a kernel path that docs/scheduler.md's cost tables print.

parts-name-each-ring-apart: a kernel ipc_call counts in "IPC's own", the
  program's ipc_call stub of the same name in "ring 3", a function in no
  part in "other", and the parts add up to the total.
The tool itself boots and steps in `make test-docs`: docs/scheduler.md's
two stepped tables are its output, compared cell by cell (stepping a
round trip takes a minute, too long for make test's budget).
Prints PASS/FAIL lines (tests/lib/report.py).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
from report import Report  # noqa: E402
from lib.boot import stepcount  # noqa: E402


def parts_case(sc):
    kernel = sc.Symbols([(0xC0001000, "ipc_call"), (0xC0001100, "sysenter_exit"),
                          (0xC0001200, "arch_switch_to"), (0xC0001300, "mystery")])
    user = sc.Symbols([(0x08049000, "ipc_call"), (0x08049100, "main")])
    pcs = ([0xC0001000 + i for i in range(100)] + [0x08049000 + i for i in range(7)] +
           [0xC0001100] * 20 + [0xC0001200] * 50 + [0xC0001300] * 3)
    counts = sc.name_all(pcs, kernel, user)
    got = dict(sc.split_parts(counts, sc.PARTS["ipc"]))
    want = {"IPC's own": 100, "ring 3": 7, "system call entries and returns": 20,
            "stack and address-space switches": 50, "other": 3}
    problems = ["%s: expected %s, got %s" % (k, v, got.get(k)) for k, v in want.items()
                if got.get(k) != v]
    if sum(got.values()) != sum(counts.values()):
        problems.append("parts add up to %d, expected %d" % (sum(got.values()),
                                                             sum(counts.values())))
    return problems


def main():
    report = Report("stepcount:")
    report.result("parts-name-each-ring-apart", parts_case(stepcount))
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
