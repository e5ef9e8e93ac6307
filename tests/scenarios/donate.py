"""Priority donation through IPC calls under ipc=donate, named as Pintos
names its priority tests (tests/user/donatetest.c): donate-one,
donate-nest, donate-chain (a real-time caller's prio reaches the end of a
chain of calls), donate-multiple (two callers on two endpoints of one
server, replied in either order: each caller charged sanely, and the
SCHED_OTHER server keeps no real-time prio afterwards: a hog spinning to
the same deadline gets its share, 0 % if the server starves it),
donate-class-change-in-call (both ways), donate-sema-like (a server asleep
on a pipe keeps its donation), donate-exit (the caller killed, or the
server dying, mid-donation) and a class change in the middle of a chain.
On one CPU and on two, with the self-checks on."""
import os
import re
from scenario import Scenario, ROOT, ICOUNT

DONATE_CHECKS = 19      # PASS lines donatetest prints when all is well


def elf(name):
    return os.path.join(ROOT, "build", "user", name + ".elf")


def all_donate_checks_passed(log):
    failed = re.findall(r"^FAIL donatetest:.*$", log, re.M)
    passed = len(re.findall(r"^PASS donatetest:", log, re.M))
    if failed:
        return failed
    if passed != DONATE_CHECKS:
        return ["expected %d PASS donatetest lines, got %d" % (DONATE_CHECKS, passed)]
    return []


def donatetest(name, smp):
    return Scenario(name, args="init=donatetest ipc=donate check=1",
                    smp=smp, mem=64, qemu_flags=ICOUNT, modules=[elf("donatetest")],
                    expect=[r"donatetest: \d+ passed, 0 failed",
                            r"nickel: init exited status=0"],
                    verify=all_donate_checks_passed, timeout=150)


SCENARIOS = [
    donatetest("donate-pintos-cases-check", 1),
    donatetest("donate-pintos-cases-smp2-check", 2),
]
