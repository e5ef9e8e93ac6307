"""Lab balance: a planted bug in the SMP balancer (kernel/sched/balance.c).
The handout's find_busiest_queue is the teacher's with one line wrong.
Format: labs/README.md."""

STUBS = {
    "find_busiest_queue": {
        "todo": """This function has a bug. Four hogs started on CPU 0 of two CPUs
            should end up two on each CPU; boot them (make run POLICY=nick
            DEMO=hogs HOGS=4 ARGS="check=1" or make test) and read the stat dumps
            and the trace (TRACE=1) to see where they stay.  Compare the code with
            Linux 2.6.0's find_busiest_queue, which "[PATCH] scheduler policy v7"
            (Nick Piggin, LKML, 2003) leaves unchanged, and with
            docs/scheduler-spec.md, "SMP", find_busiest_queue.  The host tests of
            tests/unit/test_sched_balance.c fail until it is fixed.""",
        "patch": [
            ("if (!idle && *imbalance < ((int)max_load + 3) / 4)",
             "if (!idle && *imbalance <= ((int)max_load + 3) / 4)"),
        ],
    },
}

# labs/balance/MUTANTS.md: teacher material (quotes the solution), not shipped.
FILES = {"labs/balance/MUTANTS.md": None}

# What the student tree holds besides BASE_ROOMS (tools/lib/handout/rooms.py: the kernel,
# its build, the demos' programs, schedsim, the grader): the unit test that
# catches the planted bug, the spec and the SMP page.  Format: labs/README.md.
ROOMS = []
EXTRA = ["tests/unit/test_sched_balance.c", "docs/scheduler-spec.md", "docs/smp.md"]
