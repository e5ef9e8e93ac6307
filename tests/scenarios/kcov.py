"""Kernel coverage (kernel/kcov) on the coverage kernel build/nickel-kcov.elf
(make kcov): a ring-3 program enables it, makes one call, and the PCs it
reads back lie in that call's handler by the kernel's own symbols, and not
in the handler of a call it did not make (tests/user/kcovtest.c); and the
fuzzer's guided mode runs and a seed replays the same calls."""
import os
import re
import sys

from scenario import Scenario, ROOT, user_elf

sys.path.insert(0, os.path.join(ROOT, "tools"))
from lib import kcov  # noqa: E402

KCOV_KERNEL = os.path.join(ROOT, "build", "nickel-kcov.elf")
KCOVTEST_CHECKS = 11    # PASS lines kcovtest prints when all is well


def handlers_match(log):
    """Every kcovtest check passed; getpid's PCs include sys_getpid's and
    not sys_getppid's; getppid's the other way round."""
    problems = re.findall(r"^FAIL kcovtest:.*$", log, re.M)
    passed = len(re.findall(r"^PASS kcovtest:", log, re.M))
    if passed != KCOVTEST_CHECKS:
        problems.append("PASS lines: expected %d, got %d" % (KCOVTEST_CHECKS, passed))
    syms = kcov.text_symbols(KCOV_KERNEL)
    traced = kcov.pcs_by_name(log)
    for call, own, other in (("getpid", "sys_getpid", "sys_getppid"),
                             ("getppid", "sys_getppid", "sys_getpid")):
        funcs = {kcov.function_of(syms, pc) for pc in traced.get(call, ())}
        if own not in funcs:
            problems.append("%s: expected a PC in %s, got functions %s"
                            % (call, own, sorted(f for f in funcs if f)))
        if other in funcs:
            problems.append("%s: a PC in %s, a call it did not make" % (call, other))
    return problems


def kcov_scenario(name, args, modules, expect, verify, timeout=90):
    sc = Scenario(name, args=args, smp=1, mem=64, modules=modules,
                  expect=expect, verify=verify, timeout=timeout)
    sc.kernel = KCOV_KERNEL
    return sc


SCENARIOS = [
    kcov_scenario("kcov-getpid-pcs-in-its-handler", "init=kcovtest",
                  [user_elf("kcovtest")],
                  [r"kcovtest: 11 passed, 0 failed", r"nickel: init exited status=0"],
                  handlers_match),
]
