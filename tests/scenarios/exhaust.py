"""Exhaustion (tests/user/exhaust.c, docs/robustness.md): brk, mmap, pipes
and the kernel heap run out, every call fails cleanly, and the pages come
back."""
from scenario import Scenario, user_elf

SCENARIOS = [
    Scenario("exhaust-brk-mmap-pipes-heap-fail-cleanly-free-pages-back",
             args="init=exhaust check=1", smp=2, mem=32, modules=[user_elf("exhaust")],
             expect=[r"exhaust: 5 passed, 0 failed", r"PASS exhaust:mmap: ",
                     r"PASS exhaust:heap_pipes: ", r"nickel: init exited status=0"],
             forbid=[r"FAIL exhaust"], timeout=240),
]
