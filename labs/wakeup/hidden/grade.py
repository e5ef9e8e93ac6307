"""labs/wakeup/hidden/grade.py - lab `wakeup`'s hidden tests: graded by the
teacher (tools/grade-submissions, the Gradescope autograder), never in a
handout.  Format: labs/GRADING.md, "Hidden tests"."""
from lib.grading import UnitTest

WAKE = 'docs/scheduler-spec.md, Policy nick: "Wake-up (activate_task)"'

TESTS = [
    UnitTest("steal_counts_the_slice_the_wakee_already_used", 4,
             "hidden/test_wakeup_hidden.c", ["nick_activate"], WAKE,
             "the slice left is task_timeslice(p) - p->used_slice"),
]
