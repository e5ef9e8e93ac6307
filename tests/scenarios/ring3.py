"""Ring-3 scenarios: usertests as init, fork limits, bad modules."""
import os
import re
import struct
from scenario import Scenario, ROOT

USER = os.path.join(ROOT, "build", "user")
BAD = os.path.join(ROOT, "build", "badmods")


def elf(name):
    return os.path.join(USER, name + ".elf")


def make_bad_modules():
    """Damaged copies of hello.elf, one fault each (written at load time)."""
    src = elf("hello")
    if not os.path.exists(src):
        return {}
    data = bytearray(open(src, "rb").read())
    phoff = struct.unpack_from("<I", data, 28)[0]
    os.makedirs(BAD, exist_ok=True)
    variants = {}

    def put(name, blob):
        path = os.path.join(BAD, name + ".elf")
        with open(path, "wb") as f:
            f.write(blob)
        variants[name] = path

    put("truncated", data[:phoff + 40])
    wrong = bytearray(data); struct.pack_into("<H", wrong, 18, 62)      # EM_X86_64
    put("wrongmachine", wrong)
    khalf = bytearray(data); struct.pack_into("<I", khalf, phoff + 8, 0xC0001000)
    put("kernelhalf", khalf)
    huge = bytearray(data); struct.pack_into("<I", huge, phoff + 20, 0x7FFFFFFF)
    put("hugememsz", huge)
    return variants


def all_usertests_passed(log):
    passed = re.findall(r"^PASS usertests:(\w+)", log, re.M)
    failed = re.findall(r"^FAIL usertests:.*$", log, re.M)
    if failed:
        return failed[:5]
    if len(set(passed)) < 50:
        return ["only %d usertests passed" % len(set(passed))]
    return []


def cow_tests_passed(log):
    """usertests only=cow: all 7 copy-on-write cases ran and passed."""
    passed = set(re.findall(r"^PASS usertests:(cow\w*)", log, re.M))
    failed = re.findall(r"^FAIL usertests:.*$", log, re.M)
    if failed:
        return failed[:5]
    if len(passed) != 7:
        return ["%d copy-on-write tests passed, expected 7: %s" % (len(passed), sorted(passed))]
    return []


BAD_MODULES = make_bad_modules()

SCENARIOS = [
    Scenario("ring3-usertests-as-init", args="init=usertests check=1", mem=64,
             modules=[elf("usertests")],
             expect=[r"usertests: \d+ passed, 0 failed",
                     r"nickel: init exited status=0"],
             verify=all_usertests_passed, timeout=150),
    # The same copy-on-write cases where parent and child can run on two
    # CPUs at once (the balancer spreads them).  (The page count stays on 1
    # CPU: there how many children live at once, and so how far the kernel
    # heap grows, is the same every round.)
    Scenario("ring3-cow-tests-on-4-cpus", args="init=usertests check=1 -- only=cow",
             smp=4, mem=64, modules=[elf("usertests")],
             expect=[r"usertests: \d+ passed, 0 failed", r"nickel: init exited status=0"],
             verify=cow_tests_passed, timeout=150),
    Scenario("ring3-fork-until-eagain-then-reaped",
             args="init=usertests max_tasks=40 -- only=fork forkbomb=1",
             mem=64, modules=[elf("usertests")],
             expect=[r"PASS usertests:forkbomb", r"nickel: init exited status=0"],
             timeout=150),
    Scenario("ring3-bad-modules-rejected-others-run", args="init=hello", mem=32,
             modules=list(BAD_MODULES.values()) + [elf("hello")],
             expect=[r"module truncated rejected: truncated",
                     r"module wrongmachine rejected: wrong machine",
                     r"module kernelhalf rejected: a segment lies outside user space",
                     r"module hugememsz rejected: ",
                     r"nickel: init exited status=0"], timeout=150),
    Scenario("ring3-no-page-leak-after-children-exit", args="init=leakcheck check=1",
             mem=32, modules=[elf("leakcheck")],
             expect=[r"PASS leakcheck:free_pages: \d+ before and after",
                     r"nickel: init exited status=0"], timeout=150),
    Scenario("ring3-missing-init-reported-boot-continues",
             args="init=nosuch run=1", mem=32,
             expect=[r"nickel: init=nosuch: no such runnable module",
                     r"power off \(status=0\)"], timeout=40),
]
