/*
 * test_panel.c - the live panel's rows (kernel/diag/panel_format.c): CPU % and
 * switches per second from two snapshots of a task (rounding, the 100%
 * cap, a counter that wrapped, a task new since the last refresh), the
 * sort order, and the fixed-width text of each kind of row, cut to the
 * screen's width.
 */
#include "unit.h"
#include "diag/panel.h"
#include <string.h>

#define CHECK_STR(expected, actual)                                        \
	do { if (strcmp((expected), (actual)) != 0) {                      \
		unit_fail(__FILE__, __LINE__, "expected\n  '%s'\ngot\n  '%s'", \
			  (expected), (actual));                            \
		return; } } while (0)

static struct sched_task_view task(int pid, const char *name, uint32_t run_ms,
				   uint32_t switches)
{
	struct sched_task_view v;

	memset(&v, 0, sizeof(v));
	v.pid = pid;
	strncpy(v.comm, name, sizeof(v.comm) - 1);
	v.cpu = 1;
	v.state = 'R';
	v.policy = "nick";
	v.prio = 125;
	v.timeslice = 100;
	v.used_slice = 37;
	v.sleep_avg = 0;
	v.run_ms = run_ms;
	v.switches = switches;
	return v;
}

UNIT_TEST(percent_rounds_to_nearest_and_caps_at_100)
{
	CHECK_EQ(0, panel_percent(0, 1000));
	CHECK_EQ(50, panel_percent(500, 1000));
	CHECK_EQ(34, panel_percent(335, 1000));      /* 33.5 rounds up */
	CHECK_EQ(33, panel_percent(334, 1000));
	CHECK_EQ(100, panel_percent(1003, 1000));    /* a tick on the window's edge */
	CHECK_EQ(0, panel_percent(5, 0));            /* no time passed */
}

UNIT_TEST(cpu_percent_and_switches_per_second_come_from_two_snapshots)
{
	struct sched_task_view before = task(5, "hog", 4000, 10);
	struct sched_task_view now = task(5, "hog", 4990, 16);
	struct panel_usage u;

	panel_usage(&now, &before, 1000, &u);        /* ran 990 of 1000 ms */
	CHECK_EQ(99, u.cpu_pct);
	CHECK_EQ(6, u.switches_per_s);
	panel_usage(&now, &before, 2000, &u);        /* a late refresh: 2 s */
	CHECK_EQ(50, u.cpu_pct);
	CHECK_EQ(3, u.switches_per_s);
}

UNIT_TEST(counters_that_wrapped_still_give_the_difference)
{
	struct sched_task_view before = task(5, "hog", 0xFFFFFF00u, 0xFFFFFFFEu);
	struct sched_task_view now = task(5, "hog", 0xFFFFFF00u + 700, 2);
	struct panel_usage u;

	panel_usage(&now, &before, 1000, &u);
	CHECK_EQ(70, u.cpu_pct);
	CHECK_EQ(4, u.switches_per_s);
}

UNIT_TEST(a_task_new_since_the_last_refresh_counts_all_its_run_time)
{
	struct sched_task_view now = task(9, "cc1", 250, 3);
	struct panel_usage u;

	panel_usage(&now, NULL, 1000, &u);
	CHECK_EQ(25, u.cpu_pct);
	CHECK_EQ(3, u.switches_per_s);
}

/* A 2-CPU panel once showed "cpu1 100%" with its hog at 0%: the host had
 * not run that emulated CPU for a second, so it took no tick, and
 * 100 - 0 of nothing read as fully busy. */
UNIT_TEST(a_cpu_that_took_no_tick_shows_a_dash_not_100pct_busy)
{
	struct sched_task_view before = task(5, "hog", 4000, 10);
	struct sched_task_view now = task(5, "hog", 4000, 10);
	struct panel_usage u;
	unsigned busy[2];
	char row[128];

	busy[0] = panel_busy(1000, 1000);             /* idle on every tick */
	busy[1] = panel_busy(0, 0);                   /* no tick at all */
	CHECK_EQ(0, busy[0]);
	CHECK_EQ(PANEL_NO_TICKS, busy[1]);
	CHECK_EQ(63, panel_busy(370, 1000));
	panel_format_busy(row, sizeof(row), busy, 2);
	CHECK_STR("busy  cpu0   0%  cpu1    -", row);
	panel_usage(&now, &before, 0, &u);
	CHECK_EQ(PANEL_NO_TICKS, u.cpu_pct);
	panel_format_task(row, sizeof(row), &now, &u);
	CHECK_STR("    5 hog               1 R nick-125      0   100    37     0    -     0",
		  row);
}

UNIT_TEST(rows_sort_by_cpu_percent_then_pid)
{
	struct panel_usage busy = { 90, 0 }, idle = { 0, 0 };
	struct panel_usage unknown = { PANEL_NO_TICKS, 0 };

	CHECK_EQ(1, panel_row_before(&busy, 9, &idle, 2));
	CHECK_EQ(0, panel_row_before(&idle, 2, &busy, 9));
	CHECK_EQ(1, panel_row_before(&idle, 2, &idle, 9));
	CHECK_EQ(0, panel_row_before(&idle, 9, &idle, 2));
	CHECK_EQ(1, panel_row_before(&idle, 9, &unknown, 2));  /* "-" sorts last */
	CHECK_EQ(0, panel_row_before(&unknown, 2, &idle, 9));
}

UNIT_TEST(task_row_is_fixed_width_under_the_column_heads)
{
	struct sched_task_view v = task(5, "hog", 0, 0);
	struct panel_usage u = { 99, 2 };
	char heads[128], row[128];

	v.nice = -5;
	panel_format_columns(heads, sizeof(heads));
	panel_format_task(row, sizeof(row), &v, &u);
	CHECK_STR("  PID NAME            CPU S POLICY-PRI NICE SLICE  USED SLEEP CPU%  SW/S",
		  heads);
	CHECK_STR("    5 hog               1 R nick-125     -5   100    37     0   99     2",
		  row);
	CHECK_EQ(strlen(heads), strlen(row));
	v.used_slice = (unsigned)-5;                  /* nick's count below 0 */
	panel_format_task(row, sizeof(row), &v, &u);
	CHECK_STR("    5 hog               1 R nick-125     -5   100    -5     0   99     2",
		  row);
}

UNIT_TEST(header_shows_uptime_in_tenths_and_free_memory_in_kib)
{
	struct panel_header h = { "o1", 2, 35291, 27848, 9 };
	char row[128];

	panel_format_header(row, sizeof(row), &h);
	CHECK_STR("nickel panel  policy=o1  cpus=2  up 35.2s  free 27848 KiB  tasks 9", row);
}

UNIT_TEST(busy_row_lists_every_cpu_that_fits_and_counts_the_rest)
{
	unsigned busy[12] = { 100, 7, 55, 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	char row[81];

	CHECK_EQ(26, panel_format_busy(row, sizeof(row), busy, 2));
	CHECK_STR("busy  cpu0 100%  cpu1   7%", row);
	panel_format_busy(row, sizeof(row), busy, 12);   /* 80 columns */
	CHECK_STR("busy  cpu0 100%  cpu1   7%  cpu2  55%  cpu3   0%  cpu4   1%  cpu5   2%  +6 cpus",
		  row);
	CHECK(strlen(row) <= 80);
}

UNIT_TEST(lat_row_gives_percentiles_and_the_share_of_deadlines_missed)
{
	struct lat_report r = { "audio", 500, 300, 210, 1830, 4211, 97 };
	char row[128];

	panel_format_lat(row, sizeof(row), 12, &r);
	CHECK_STR("lat    12 audio           p50   210us p99   1830us max   4211us missed   3%", row);
	CHECK(strlen(row) <= 80);
	r.deadlines_met_pct = -1;
	panel_format_lat(row, sizeof(row), 12, &r);
	CHECK_STR("lat    12 audio           p50   210us p99   1830us max   4211us no deadlines", row);
}

UNIT_TEST(rows_are_cut_to_the_buffer_like_snprintf)
{
	struct sched_task_view v = task(5, "hog", 0, 0);
	struct panel_usage u = { 99, 2 };
	char row[11];

	CHECK_EQ(72, panel_format_task(row, sizeof(row), &v, &u));
	CHECK_STR("    5 hog ", row);
}
