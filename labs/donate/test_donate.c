/*
 * test_donate.c - the graded tests of lab `donate`: priority donation
 * records, nested and chained, as Pintos teaches them ("Pintos Projects:
 * Threads", 2.2.3 "Priority Scheduling"; its tests priority-donate-one,
 * -multiple, -multiple2, -nest, -chain) with IPC calls where Pintos has
 * locks (kernel/sched/donation.c; labs/donate/README.md).
 *
 * The policy is cfs, whose prio is the nice's: a SCHED_OTHER task at nice
 * n has prio 120 + n, a SCHED_FIFO task at rt_priority r has prio 99 - r
 * (smaller is better).  "x calls y" is sched_donation_begin(x, y): the
 * server y received x's call and holds its record until
 * sched_donation_finish (the reply).  Every expected value is worked by
 * hand in the comment beside it.  labs/donate/grade.py gives the points.
 */
#include "graded.h"
#include "tasks.h"

static void fifo(struct sched_task *p, int rt_priority)
{
	sched_setscheduler(p, SCHED_FIFO, rt_priority);
}

/* The run queues still sound (the prio lists match the prios). */
static void queues_sound(void)
{
	char why[160];

	GRADE_EQ("run-queue invariants broken (host_check) after the records", 0,
		 host_check(why, sizeof(why)));
}

UNIT_TEST(donate_one_lends_and_gives_back)
{
	tasks(2, (const int[]){ 10, -10 });        /* server 130, caller 110 */
	sched_donation_begin(t[1], t[0], &d[0]);
	/* best of own 130 and the caller's 110 */
	GRADE_EQ("server prio while it holds a nice -10 caller's record", 110, t[0]->prio);
	sched_donation_finish(&d[0]);
	/* no record left: its own, 120 + 10 */
	GRADE_EQ("server prio after the reply (its own, nice 10)", 130, t[0]->prio);
	GRADE_EQ("caller prio after the reply (its own, nice -10)", 110, t[1]->prio);
	GRADE_EQ("server's donated flag after the reply (holds none: 0)", 0, t[0]->donated);
	GRADE_EQ("server's records after the reply (none: NULL is 1)", 1, t[0]->donations == NULL);
	GRADE_EQ("caller's record waited in after the reply (none: NULL is 1)", 1,
		 t[1]->waiting == NULL);
	queues_sound();
}

UNIT_TEST(donate_never_lowers_a_better_server)
{
	tasks(2, (const int[]){ -10, 10 });        /* server 110, caller 130 */
	sched_donation_begin(t[1], t[0], &d[0]);
	GRADE_EQ("server prio 110 holding a worse caller's (130) record", 110, t[0]->prio);
	sched_donation_finish(&d[0]);
	GRADE_EQ("server prio after the reply", 110, t[0]->prio);
}

/* Pintos' priority-donate-multiple: two records, replied in the order
 * received. */
UNIT_TEST(donate_multiple_replied_in_order_received)
{
	tasks(3, (const int[]){ 10, -10, -5 });    /* server 130; callers 110, 115 */
	sched_donation_begin(t[1], t[0], &d[1]);
	sched_donation_begin(t[2], t[0], &d[2]);
	GRADE_EQ("server prio holding records of 110 and 115", 110, t[0]->prio);
	sched_donation_finish(&d[1]);
	/* only 110's record goes: 115's is still held */
	GRADE_EQ("server prio after replying to 110 (115's record still held)", 115, t[0]->prio);
	sched_donation_finish(&d[2]);
	GRADE_EQ("server prio after both replies (own, nice 10)", 130, t[0]->prio);
	queues_sound();
}

/* Pintos' priority-donate-multiple2: the other order. */
UNIT_TEST(donate_multiple_replied_in_reverse_order)
{
	tasks(3, (const int[]){ 10, -10, -5 });
	sched_donation_begin(t[1], t[0], &d[1]);
	sched_donation_begin(t[2], t[0], &d[2]);
	sched_donation_finish(&d[2]);
	/* 115's record goes; 110's is still the best */
	GRADE_EQ("server prio after replying to 115 (110's record still held)", 110, t[0]->prio);
	sched_donation_finish(&d[1]);
	GRADE_EQ("server prio after both replies (own, nice 10)", 130, t[0]->prio);
	queues_sound();
}

/* The bug of a saved copy: a FIFO caller's record, then a normal one, both
 * replied: a SCHED_OTHER server must not keep a real-time prio. */
UNIT_TEST(normal_server_keeps_no_rt_prio_after_its_last_reply)
{
	tasks(3, (const int[]){ 0, 0, -5 });       /* server 120; c1 FIFO 10 = 89; c2 115 */
	fifo(t[1], 10);
	sched_donation_begin(t[1], t[0], &d[1]);
	GRADE_EQ("server prio holding a FIFO rt_priority 10 caller's record", 89, t[0]->prio);
	sched_donation_begin(t[2], t[0], &d[2]);
	GRADE_EQ("server prio holding records of 89 and 115", 89, t[0]->prio);
	sched_donation_finish(&d[1]);
	GRADE_EQ("server prio after replying to the FIFO caller (115 held)", 115, t[0]->prio);
	sched_donation_finish(&d[2]);
	GRADE_EQ("SCHED_OTHER server prio after its last reply (own 120, not real time)",
		 120, t[0]->prio);
}

/* Pintos' priority-donate-nest: c calls b, which calls a: c's prio
 * reaches a through b, and goes when b's call (then c's) ends. */
UNIT_TEST(donate_nest_passes_through_the_middle)
{
	tasks(3, (const int[]){ 10, 5, -10 });     /* a 130, b 125, c 110 */
	sched_donation_begin(t[1], t[0], &d[1]);   /* b calls a: a 125 */
	GRADE_EQ("a's prio holding b's (125) record", 125, t[0]->prio);
	sched_donation_begin(t[2], t[1], &d[2]);   /* c calls b: b 110, so a 110 */
	GRADE_EQ("b's prio holding c's (110) record", 110, t[1]->prio);
	GRADE_EQ("a's prio: c's 110 through b", 110, t[0]->prio);
	sched_donation_finish(&d[1]);              /* a replies to b */
	GRADE_EQ("a's prio after its reply to b (own, nice 10)", 130, t[0]->prio);
	GRADE_EQ("b's prio after a's reply (c's record still held)", 110, t[1]->prio);
	sched_donation_finish(&d[2]);
	GRADE_EQ("b's prio after its reply to c (own, nice 5)", 125, t[1]->prio);
	queues_sound();
}

/* Pintos' priority-donate-chain: t0 (FIFO) calls t1, which calls t2,
 * which calls t3.  The calls are made from the chain's end, so t0's call
 * must pass its prio down three links; then it unwinds from its end. */
UNIT_TEST(donate_chain_depth_3_unwinds_link_by_link)
{
	tasks(4, (const int[]){ 0, 10, 5, 0 });    /* t1 130, t2 125, t3 120 */
	fifo(t[0], 20);                            /* 99 - 20 = 79 */
	sched_donation_begin(t[2], t[3], &d[3]);   /* t3: 120 beats t2's 125 */
	sched_donation_begin(t[1], t[2], &d[2]);   /* t2: 125 beats t1's 130 */
	GRADE_EQ("t3's prio before the FIFO call (own 120 is the best)", 120, t[3]->prio);
	sched_donation_begin(t[0], t[1], &d[1]);   /* 79 down to t3 */
	GRADE_EQ("t1's prio (called by FIFO 79)", 79, t[1]->prio);
	GRADE_EQ("t2's prio (79 through t1)", 79, t[2]->prio);
	GRADE_EQ("t3's prio, the end of the chain (79 through t1 and t2)", 79, t[3]->prio);
	sched_donation_finish(&d[3]);              /* t3 replies to t2 */
	GRADE_EQ("t3's prio after its reply (own, nice 0)", 120, t[3]->prio);
	GRADE_EQ("t2's prio after t3's reply (still on t1's record)", 79, t[2]->prio);
	sched_donation_finish(&d[2]);
	GRADE_EQ("t2's prio after its reply (own, nice 5)", 125, t[2]->prio);
	sched_donation_finish(&d[1]);
	GRADE_EQ("t1's prio after its reply (own, nice 10)", 130, t[1]->prio);
	GRADE_EQ("t0's prio, the FIFO caller, all along", 79, t[0]->prio);
	queues_sound();
}

/* A chain built from its end: the last call, t0's, walks 8 tasks from
 * its server t1: t1..t8; t9 (9 links away) keeps its own. */
UNIT_TEST(donate_chain_stops_at_depth_8)
{
	int i;

	tasks(10, (const int[]){ 0, 10, 10, 10, 10, 10, 10, 10, 10, 10 });
	fifo(t[0], 10);                            /* 89 */
	for (i = 9; i >= 1; i--)                   /* t[i-1] calls t[i] */
		sched_donation_begin(t[i - 1], t[i], &d[i]);
	GRADE_EQ("t1's prio (the FIFO caller's 89)", 89, t[1]->prio);
	GRADE_EQ("t8's prio (8th task of the walk: 89)", 89, t[8]->prio);
	GRADE_EQ("t9's prio (9th task: past the depth limit, own 130)", 130, t[9]->prio);
	for (i = 1; i <= 9; i++)
		sched_donation_finish(&d[i]);
	GRADE_EQ("t8's prio after every reply (own, nice 10)", 130, t[8]->prio);
}

/* Two servers calling each other (a deadlock the tasks made): the walk
 * ends, each gets the better of the two, and the replies end it. */
UNIT_TEST(donate_cycle_ends_the_walk)
{
	tasks(3, (const int[]){ 10, 5, -10 });     /* a 130, b 125, c 110 */
	sched_donation_begin(t[0], t[1], &d[0]);   /* a calls b: b 125 */
	sched_donation_begin(t[1], t[0], &d[1]);   /* b calls a: a 125 */
	GRADE_EQ("a's prio in the a <-> b cycle (b's 125)", 125, t[0]->prio);
	GRADE_EQ("b's prio in the a <-> b cycle (125)", 125, t[1]->prio);
	sched_donation_begin(t[2], t[0], &d[2]);   /* c calls a: a 110, so b 110 */
	GRADE_EQ("a's prio with c's (110) record too", 110, t[0]->prio);
	GRADE_EQ("b's prio: c's 110 through a", 110, t[1]->prio);
	sched_donation_finish(&d[2]);
	sched_donation_finish(&d[1]);
	sched_donation_finish(&d[0]);
	GRADE_EQ("a's prio after every reply (own, nice 10)", 130, t[0]->prio);
	GRADE_EQ("b's prio after every reply (own, nice 5)", 125, t[1]->prio);
	queues_sound();
}

/* A FIFO server makes itself SCHED_OTHER inside the call: the donation
 * now sits on its new own prio, and after the reply it is normal. */
UNIT_TEST(class_change_in_call_fifo_to_other)
{
	tasks(2, (const int[]){ 10, -5 });         /* server nice 10, caller 115 */
	fifo(t[0], 10);                            /* server 89 */
	sched_donation_begin(t[1], t[0], &d[0]);
	GRADE_EQ("FIFO server's prio holding a 115 record", 89, t[0]->prio);
	sched_setscheduler(t[0], SCHED_NORMAL, 0);
	GRADE_EQ("server's prio after going SCHED_OTHER in the call (115 held)", 115, t[0]->prio);
	sched_donation_finish(&d[0]);
	GRADE_EQ("server's prio after the reply (SCHED_OTHER nice 10: 130)", 130, t[0]->prio);
	queues_sound();
}

/* A SCHED_OTHER server makes itself FIFO inside the call: it stays FIFO. */
UNIT_TEST(class_change_in_call_other_to_fifo)
{
	tasks(2, (const int[]){ 10, -5 });         /* server 130, caller 115 */
	sched_donation_begin(t[1], t[0], &d[0]);
	GRADE_EQ("server's prio holding a 115 record", 115, t[0]->prio);
	fifo(t[0], 10);
	GRADE_EQ("server's prio after going FIFO 10 in the call", 89, t[0]->prio);
	sched_donation_finish(&d[0]);
	GRADE_EQ("server's prio after the reply (FIFO 10: 89)", 89, t[0]->prio);
}

/* nice during a donation moves the base under it, not the donation. */
UNIT_TEST(nice_in_call_moves_the_base)
{
	tasks(2, (const int[]){ 0, 5 });           /* server 120, caller 125 */
	sched_donation_begin(t[1], t[0], &d[0]);
	GRADE_EQ("server's prio 120 holding a worse (125) record", 120, t[0]->prio);
	sched_set_nice(t[0], 10);
	GRADE_EQ("server's prio after nice 10 in the call (125 held beats 130)", 125, t[0]->prio);
	sched_set_nice(t[0], -10);
	GRADE_EQ("server's prio after nice -10 in the call (own 110)", 110, t[0]->prio);
	sched_set_nice(t[0], 15);
	sched_donation_finish(&d[0]);
	GRADE_EQ("server's prio after the reply (nice 15 set in the call: 135)", 135, t[0]->prio);
}

/* A class change of the task in the middle of a chain reaches its end. */
UNIT_TEST(class_change_mid_chain_propagates)
{
	tasks(3, (const int[]){ -5, 5, 10 });      /* a 115, b 125, c 130 */
	sched_donation_begin(t[0], t[1], &d[1]);   /* a calls b: b 115 */
	sched_donation_begin(t[1], t[2], &d[2]);   /* b calls c: c 115 */
	GRADE_EQ("c's prio (a's 115 through b)", 115, t[2]->prio);
	fifo(t[1], 30);                            /* b 69, so c 69 */
	GRADE_EQ("b's prio after it is made FIFO 30 while it waits", 69, t[1]->prio);
	GRADE_EQ("c's prio: b's new 69 passed on", 69, t[2]->prio);
	sched_setscheduler(t[1], SCHED_NORMAL, 0); /* b back to 125, on a's 115 */
	GRADE_EQ("c's prio after b is made SCHED_OTHER again (a's 115)", 115, t[2]->prio);
	sched_set_nice(t[0], -15);                 /* a 105: b 105, c 105 */
	GRADE_EQ("c's prio after a, the head, gets nice -15", 105, t[2]->prio);
	sched_donation_finish(&d[2]);
	sched_donation_finish(&d[1]);
	GRADE_EQ("c's prio after the replies (own, nice 10)", 130, t[2]->prio);
	queues_sound();
}

/* A server (nice 10) holds two records: c1's (t1, nice -10) begun when
 * its run_ms was `first`, c2's (t2, nice -5) when it was `second`; both
 * callers' run_ms 1000. */
static void two_records_begun_at(uint32_t first, uint32_t second)
{
	tasks(3, (const int[]){ 10, -10, -5 });
	t[0]->run_ms = first;
	t[1]->run_ms = t[2]->run_ms = 1000;
	sched_donation_begin(t[1], t[0], &d[1]);
	t[0]->run_ms = second;
	sched_donation_begin(t[2], t[0], &d[2]);
}

/* The charge of a record by serial arithmetic (run_ms counters wrap). */
UNIT_TEST(charge_is_serial_and_never_negative)
{
	GRADE_EQ("ms charged from start 100 to now 107", 7, sched_donation_ran(107, 100));
	GRADE_EQ("ms charged from start 100 to now 101", 1, sched_donation_ran(101, 100));
	GRADE_EQ("ms charged from start 100 to now 100", 0, sched_donation_ran(100, 100));
	GRADE_EQ("ms charged for a start (100) after now (90): none, not a wrap", 0,
		 sched_donation_ran(90, 100));
	/* 0xfffffffd + 5 = 2 (mod 2^32) */
	GRADE_EQ("ms charged across the wrap, 0xfffffffd to 2", 5, sched_donation_ran(2, 0xfffffffdu));
}

/* Two records, the server's CPU charged to the callers: 100 at c1's
 * start, 110 at c2's; at 115 c1's reply charges c1 115 - 100 = 15 and
 * leaves the server 100, c2's start moves back to 100; 20 ms later c2's
 * reply charges 120 - 100 = 20. */
UNIT_TEST(two_records_charge_each_once_in_order)
{
	two_records_begun_at(100, 110);
	t[0]->run_ms = 115;
	sched_donation_finish(&d[1]);
	GRADE_EQ("c1's run_ms after its reply (1000 + 15)", 1015, t[1]->run_ms);
	GRADE_EQ("server's run_ms after c1's reply (115 - 15)", 100, t[0]->run_ms);
	t[0]->run_ms = 120;
	sched_donation_finish(&d[2]);
	GRADE_EQ("c2's run_ms after its reply (1000 + 120 - 100)", 1020, t[2]->run_ms);
	GRADE_EQ("server's run_ms after both replies", 100, t[0]->run_ms);
}

/* Across the wrap of the server's run_ms, replied in reverse: c1 began at
 * 0xfffffff0, c2 at 4 (20 ms later, wrapped), c2's reply at 10 charges 6
 * and leaves 4; c1's start (before 4 by serial arithmetic) stays; c1's
 * reply at 4 charges 4 - 0xfffffff0 = 20 (mod 2^32). */
UNIT_TEST(two_records_charge_across_the_wrap)
{
	two_records_begun_at(0xfffffff0u, 4);
	t[0]->run_ms = 10;
	sched_donation_finish(&d[2]);
	GRADE_EQ("c2's run_ms after its reply (1000 + 6)", 1006, t[2]->run_ms);
	sched_donation_finish(&d[1]);
	GRADE_EQ("c1's run_ms after its reply (1000 + 20, across the wrap)", 1020, t[1]->run_ms);
	GRADE_EQ("server's run_ms after both (back to 0xfffffff0)", 0xfffffff0u, t[0]->run_ms);
}

/* Replied in reverse: c1 began at 100, c2 at 110; at 115 c2's reply
 * charges 5 and leaves 110; c1 began before that and keeps its start; at
 * 130 c1's reply charges 130 - 100 = 30. */
UNIT_TEST(two_records_replied_in_reverse_keep_their_starts)
{
	two_records_begun_at(100, 110);
	t[0]->run_ms = 115;
	sched_donation_finish(&d[2]);
	GRADE_EQ("c2's run_ms after its reply (1000 + 115 - 110)", 1005, t[2]->run_ms);
	t[0]->run_ms = 130;
	sched_donation_finish(&d[1]);
	GRADE_EQ("c1's run_ms after its reply (1000 + 130 - 100, its own start)", 1030, t[1]->run_ms);
}

/* c2 began 1 ms after c1 (100, 101); c1's reply at 101 charges 1 and
 * leaves 100: c2's start moves back to 100; at 105 c2's reply charges 5. */
UNIT_TEST(a_record_begun_1_ms_after_what_is_left_moves_back)
{
	two_records_begun_at(100, 101);
	sched_donation_finish(&d[1]);
	GRADE_EQ("c1's run_ms after its reply (1000 + 1)", 1001, t[1]->run_ms);
	t[0]->run_ms = 105;
	sched_donation_finish(&d[2]);
	GRADE_EQ("c2's run_ms after its reply (1000 + 105 - 100)", 1005, t[2]->run_ms);
}
