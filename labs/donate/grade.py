"""labs/donate/grade.py - lab `donate`: priority donation records, nested
and chained, as Pintos teaches them.

The student writes the records of kernel/sched/donation.c: a server's prio
is the best of its own (class and nice as they are now) and of every
record it holds; a chain passes a donation on (depth 8, a cycle ends the
walk); a reply drops its own record only and recomputes; the charge of a
record never goes negative (serial arithmetic).  Eighteen host tests with
hand-worked values (labs/donate/test_donate.c), named after Pintos' tests.
"""
from lib.grading import UnitTest

LAB = "donate"
WEEK = 7
TITLE = "priority donation: nested and chained records (ipc=donate)"
SOURCE = "kernel/sched/donation.c"

PINTOS = ('labs/donate/README.md; Pintos Projects: Threads, 2.2.3 '
          '"Priority Scheduling"')
IPC = 'docs/ipc.md, "How a call schedules"; ' + PINTOS

SET = ["sched_set_donated"]
WALK = ["donation_recompute", "sched_set_donated"]
HOLD = ["donation_hold", "donation_recompute", "sched_set_donated"]
DROP = ["donation_drop", "donation_recompute", "sched_set_donated"]
RECORDS = ["donation_hold", "donation_drop", "donation_recompute", "sched_set_donated"]
CHARGE = ["sched_donation_ran", "donation_drop"]


def unit(name, points, functions, hint=""):
    return UnitTest(name, points, "test_donate.c", functions, IPC, hint)


TESTS = [
    unit("donate_one_lends_and_gives_back", 6, RECORDS,
         "hold: link the record and recompute; drop: unlink it and recompute"),
    unit("donate_never_lowers_a_better_server", 3, SET,
         "the better (smaller) of sched_donation_own_prio(p) and best"),
    unit("donate_multiple_replied_in_order_received", 7, RECORDS,
         "a reply drops its own record only: the server keeps the others"),
    unit("donate_multiple_replied_in_reverse_order", 6, RECORDS,
         "unlink the record wherever it is in the server's list"),
    unit("normal_server_keeps_no_rt_prio_after_its_last_reply", 8, SET + ["donation_drop"],
         "sched_donation_own_prio(p) now, read before donated/donated_prio change; never a saved prio"),
    unit("donate_nest_passes_through_the_middle", 7, WALK + ["donation_hold"],
         "after t, recompute t->waiting->server, and so on"),
    unit("donate_chain_depth_3_unwinds_link_by_link", 7, WALK + ["donation_drop"],
         "each link's prio is the best of its own and its callers' as they are now"),
    unit("donate_chain_stops_at_depth_8", 5, WALK,
         "DONATION_DEPTH tasks at most, counted from the record's server"),
    unit("donate_cycle_ends_the_walk", 5, WALK,
         "a task met twice ends the walk"),
    unit("class_change_in_call_fifo_to_other", 7, SET + ["donation_drop"],
         "sched_donation_own_prio(p) is computed from the class it has now"),
    unit("class_change_in_call_other_to_fifo", 5, SET + ["donation_drop"],
         "sched_donation_own_prio(p) is computed from the class it has now"),
    unit("nice_in_call_moves_the_base", 5, SET,
         "sched_donation_own_prio(p) is computed from the nice it has now"),
    unit("class_change_mid_chain_propagates", 6, WALK,
         "sched_donation_moved recomputes from the server p waits on: walk the chain"),
    unit("charge_is_serial_and_never_negative", 6, ["sched_donation_ran"],
         "(int32_t)(now - start) > 0"),
    unit("two_records_charge_each_once_in_order", 6, CHARGE,
         "a record that began after `left` begins at `left`"),
    unit("two_records_charge_across_the_wrap", 5, CHARGE,
         "compare run_ms by serial arithmetic: (int32_t)(a - b) > 0"),
    unit("two_records_replied_in_reverse_keep_their_starts", 4, CHARGE,
         "only a record that began after `left` moves; an older one keeps its start"),
    unit("a_record_begun_1_ms_after_what_is_left_moves_back", 2, CHARGE,
         "a start 1 ms after `left` is after it: (int32_t)(start - left) > 0"),
]
