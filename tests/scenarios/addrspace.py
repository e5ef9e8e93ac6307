"""check=1's tick check of the page directory a CPU runs on.

A CPU left on a freed page directory runs on until the frame is reused;
once the kernel half is overwritten the CPU cannot read the IDT and
triple-faults, which not even the double-fault task can report
(docs/robustness.md).  kernel/diag/check.c checks at every tick that CR3 is
the kernel's directory or a frame owned by `pgtable` whose kernel half
matches.  crash=cr3 runs a kernel thread on the last CPU for 1.5 s on a
directory it has just freed (docs/selfcheck.md)."""
from scenario import Scenario, ALWAYS_FORBID

FREED = (r"^nickel: invariant failed on cpu 1: cr3 0x[0-9a-f]+ is not a page "
         r"directory: its frame is owned by nobody \(refs 0\)$")

SCENARIOS = [
    Scenario("selfcheck-cpu1-on-a-freed-page-directory-reported-by-its-tick",
             args="demo=none check=1 crash=cr3 run=4", smp=2, mem=32, allow_panic=True,
             forbid=[p for p in ALWAYS_FORBID if p != r"invariant failed"],
             expect=[r"crash=cr3: cpu 1 runs on freed page directory", FREED,
                     r"crash=cr3: back on the kernel's page directory",
                     r"power off \(status=0\)"], timeout=90),
]
