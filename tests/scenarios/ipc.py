"""IPC scenarios: every call and error path (tests/user/ipctest.c) under
each ipc= mode, on one CPU and on two with the self-checks on."""
import os
import re
from scenario import Scenario, ROOT

USER = os.path.join(ROOT, "build", "user")


def elf(name):
    return os.path.join(USER, name + ".elf")


IPCTEST_CHECKS = 52     # PASS lines ipctest prints when all is well


def all_ipc_checks_passed(log):
    failed = re.findall(r"^FAIL ipctest:.*$", log, re.M)
    passed = set(re.findall(r"^PASS ipctest:(\w+)", log, re.M))
    if failed:
        return failed[:5]
    if len(re.findall(r"^PASS ipctest:", log, re.M)) != IPCTEST_CHECKS:
        return ["expected %d PASS lines, got %d" % (
            IPCTEST_CHECKS, len(re.findall(r"^PASS ipctest:", log, re.M)))]
    return [] if passed else ["no PASS lines"]


def ipctest(name, mode, smp=1, check=0):
    return Scenario(name, args="init=ipctest ipc=%s check=%d" % (mode, check),
                    smp=smp, mem=64, modules=[elf("ipctest")],
                    expect=[r"ipctest: \d+ passed, 0 failed",
                            r"nickel: init exited status=0"],
                    verify=all_ipc_checks_passed, timeout=150)


SCENARIOS = [
    ipctest("ipc-calls-and-errors-queue", "queue"),
    ipctest("ipc-calls-and-errors-handoff", "handoff"),
    ipctest("ipc-calls-and-errors-donate", "donate"),
    ipctest("ipc-calls-and-errors-donate-smp2-check", "donate", smp=2, check=1),
    Scenario("ipc-bad-mode-one-line", args="ipc=fast run=1", mem=32,
             expect=[r"nickel: bad argument 'ipc=fast': must be one of: "
                     r"queue handoff donate",
                     r"power off \(status=0\)"], timeout=40),
]
