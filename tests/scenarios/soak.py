"""The 60 s soak in make test (user/soak.c, docs/robustness.md): the
fuzzer again and again beside the desktop on 4 CPUs with check=1; no
panic, the desktop exits 0 and the free pages come back (within the
slack soak reports).  `make soak` runs the long one."""
import re
from scenario import Scenario, user_elf

SOAK_MODULES = [user_elf(m) for m in
                "soak fuzz hello desktop xserver xclient audio video hog".split()]


def soak_passed(log):
    m = re.search(r"^soak: .*fuzz_runs=(\d+) fuzz_failed=(\d+) desktop_status=(-?\d+) "
                  r"free_pages_before=(\d+) free_pages_after=(\d+) slack_pages=(\d+) "
                  r"result=(\w+)", log, re.M)
    if not m:
        return ["no soak summary line"]
    runs, failed, dst, before, after, slack = (int(m.group(i)) for i in range(1, 7))
    problems = []
    if runs < 1 or failed:
        problems.append("fuzz runs %d, failed %d (expected >= 1, 0)" % (runs, failed))
    if dst != 0:
        problems.append("desktop status %d, expected 0" % dst)
    if after < before - slack:
        problems.append("free_pages %d after, %d before (slack %d)" % (after, before, slack))
    return problems


SCENARIOS = [
    Scenario("soak-60s-fuzz-plus-desktop-smp4-no-panic-no-leak",
             args="init=soak check=1 -- seconds=60", smp=4, mem=64,
             modules=SOAK_MODULES,
             expect=[r"soak: .*result=PASS", r"nickel: init exited status=0"],
             verify=soak_passed, timeout=600),
]
