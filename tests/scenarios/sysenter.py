"""The fast system call entry (SYSENTER/SYSEXIT, arch/i386/sysenter_entry.asm)
beside int 0x80: tests/user/sysentry.c makes each call both ways and
compares, and ends children on the fast path by exit, kill, a bad stack, a
single-step trap and null segments; the kernel's self-checks (check=1) run
throughout and the run must end in a clean power-off."""
import os
import re
from scenario import Scenario, ROOT

SYSENTRY = os.path.join(ROOT, "build", "user", "sysentry.elf")

# Each line of tests/user/sysentry.c that must pass (a test missing from
# the log fails as surely as a FAIL line).
MUST_PASS = [
    "getpid", "getppid", "sched_yield", "write-0-bytes", "write-bad-fd-ebadf",
    "write-bad-pointer-efault", "read-into-kernel-efault", "open-missing-enoent",
    "kill-no-such-pid-esrch", "unknown-number-enosys",
    "fast-entry-keeps-ebx", "fast-entry-keeps-ecx", "fast-entry-keeps-edx",
    "fast-entry-keeps-esi", "fast-entry-keeps-edi", "fast-entry-keeps-ebp",
    "fast-entry-getpid", "exit-status", "kill-self-killed", "bad-user-stack-killed",
    "single-step-across-call-killed", "null-es-fine", "fork-child-returns",
    "getpid-after-all",
]


def every_check_passed(log):
    passed = set(re.findall(r"^PASS sysentry:(\S+)", log, re.M))
    problems = [line for line in re.findall(r"^FAIL sysentry:.*$", log, re.M)]
    missing = [n for n in MUST_PASS if n not in passed]
    if missing:
        problems.append("not passed: %s (expected all %d of MUST_PASS, got %d)"
                        % (", ".join(missing), len(MUST_PASS), len(MUST_PASS) - len(missing)))
    return problems


SCENARIOS = [
    Scenario("sysenter-same-results-as-int80-kernel-sound",
             args="init=sysentry check=1", smp=2, mem=32, modules=[SYSENTRY],
             expect=[r"^sysentry: fast entry at 0xb0000000",
                     r"^sysentry: \d+ passed, 0 failed",
                     r"nickel: init exited status=0",
                     # the bad-stack and single-step children die in ring 3
                     r"killed: page fault at eip=0xb0000007",
                     r"killed: debug at eip=0xb0000008"],
             verify=every_check_passed, timeout=120),
]
