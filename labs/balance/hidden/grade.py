"""labs/balance/hidden/grade.py - lab `balance`'s hidden tests: graded by
the teacher (tools/grade-submissions, the Gradescope autograder), never in
a handout.  Format: labs/GRADING.md, "Hidden tests"."""
from lib.grading import UnitTest

SMP = 'docs/scheduler-spec.md, "SMP (all policies, as in 2.6.0)"'

TESTS = [
    UnitTest("busy_balance_rounds_the_quarter_up", 3, "hidden/test_balance_hidden.c",
             ["find_busiest_queue"], SMP,
             "a busy CPU balances only when imbalance >= (max_load + 3) / 4"),
    UnitTest("equal_loads_the_first_cpu_is_the_busiest", 3, "hidden/test_balance_hidden.c",
             ["find_busiest_queue"], SMP,
             "only a load above the maximum so far makes a new busiest queue"),
]
