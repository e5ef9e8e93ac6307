"""The kernel bugs the fuzzer found, one regression test each
(tests/user/fuzzregress.c, docs/robustness.md)."""
from scenario import Scenario, user_elf

SCENARIOS = [
    Scenario("fuzzregress-kernel-bugs-the-fuzzer-found-stay-fixed",
             args="init=fuzzregress check=1", smp=2, mem=32,
             modules=[user_elf("fuzzregress")],
             expect=[r"fuzzregress: \d+ passed, 0 failed",
                     r"^lat name=x_===_end_y n=1 ",
                     r"nickel: init exited status=0"],
             forbid=[r"FAIL fuzzregress"], timeout=120),
]
