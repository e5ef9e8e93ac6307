/*
 * test_donate_hidden.c - hidden tests of lab `donate` (labs/donate/hidden/
 * grade.py): more of Pintos' shapes, graded by the teacher only.  As in
 * labs/donate/test_donate.c: cfs, prio 120 + nice, FIFO 99 - rt_priority;
 * the set-up, tasks(), is the handout's labs/donate/tasks.h.
 */
#include "graded.h"
#include "../tasks.h"

/* Callers 110, 115, 105 in that order; 115's (the middle record) is
 * replied first: 105 stays best; then 105's: 110; then 110's: own 130. */
UNIT_TEST(three_records_the_middle_one_replied_first)
{
	tasks(4, (const int[]){ 10, -10, -5, -15 });
	sched_donation_begin(t[1], t[0], &d[1]);
	sched_donation_begin(t[2], t[0], &d[2]);
	sched_donation_begin(t[3], t[0], &d[3]);
	GRADE_EQ("server prio holding 110, 115, 105", 105, t[0]->prio);
	sched_donation_finish(&d[2]);
	GRADE_EQ("server prio after replying to 115 (110, 105 held)", 105, t[0]->prio);
	sched_donation_finish(&d[3]);
	GRADE_EQ("server prio after replying to 105 (110 held)", 110, t[0]->prio);
	sched_donation_finish(&d[1]);
	GRADE_EQ("server prio after the last reply (own, nice 10)", 130, t[0]->prio);
}

/* b calls a; then c (115) and d (105) call b: a gets 105 through b; d's
 * reply leaves a on c's 115; c's leaves b's own 125. */
UNIT_TEST(a_second_caller_at_the_middle_of_a_chain)
{
	tasks(4, (const int[]){ 10, 5, -5, -15 });   /* a 130, b 125, c 115, d 105 */
	sched_donation_begin(t[1], t[0], &d[1]);
	sched_donation_begin(t[2], t[1], &d[2]);
	GRADE_EQ("a's prio: c's 115 through b", 115, t[0]->prio);
	sched_donation_begin(t[3], t[1], &d[3]);
	GRADE_EQ("a's prio: d's 105 through b", 105, t[0]->prio);
	sched_donation_finish(&d[3]);
	GRADE_EQ("a's prio after b replies to d (c's 115 through b)", 115, t[0]->prio);
	sched_donation_finish(&d[2]);
	GRADE_EQ("a's prio after b replies to c (b's own 125)", 125, t[0]->prio);
	sched_donation_finish(&d[1]);
	GRADE_EQ("a's prio after its reply (own, nice 10)", 130, t[0]->prio);
}
