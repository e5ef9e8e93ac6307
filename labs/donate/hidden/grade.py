"""labs/donate/hidden/grade.py - lab `donate`'s hidden tests: graded by the
teacher (tools/grade-submissions, the Gradescope autograder), never in a
handout.  Format: labs/GRADING.md, "Hidden tests"."""
from lib.grading import UnitTest

IPC = ('docs/ipc.md, "How a call schedules"; labs/donate/README.md; Pintos Projects: '
       'Threads, 2.2.3 "Priority Scheduling"')

TESTS = [
    UnitTest("three_records_the_middle_one_replied_first", 4,
             "hidden/test_donate_hidden.c", ["donation_drop", "donation_recompute"], IPC,
             "unlink the record wherever it is; the best of the two left"),
    UnitTest("a_second_caller_at_the_middle_of_a_chain", 4,
             "hidden/test_donate_hidden.c", ["donation_hold", "donation_recompute"], IPC,
             "a new record at b recomputes b, then the server b waits on"),
]
