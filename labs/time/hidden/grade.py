"""labs/time/hidden/grade.py - lab `time`'s hidden tests: graded by the
teacher (tools/grade-submissions, the Gradescope autograder), never in a
handout (tools/handout leaves labs/*/hidden/ out and refuses a tree that
would ship it).  Format: labs/GRADING.md, "Hidden tests"."""
from lib.grading import UnitTest

ADD = 'docs/scheduler-spec.md, Policy nick: "add_task_time(p, t, sleep)"'
PRIO = 'docs/scheduler-spec.md, Policy nick: "task_priority(p)"'

TESTS = [
    UnitTest("add_task_time_odd_lengths", 4, "hidden/test_time_hidden.c",
             ["add_task_time"], ADD),
    UnitTest("task_priority_at_nice_10_sleep_avg_333", 3, "hidden/test_time_hidden.c",
             ["task_priority"], PRIO),
    UnitTest("add_task_time_beyond_max_sleep_running_wipes_sleep_time", 3,
             "hidden/test_time_hidden.c", ["add_task_time"], ADD,
             "a period longer than MAX_SLEEP wipes sleep_time too, asleep or not"),
]
