/*
 * panel.h - the live panel (`v` key, docs/lab.md): once a second the kernel
 * draws the scheduler's state at the top of the screen, for a PC with no
 * serial line to read a stat dump from.
 *   panel.c         the `v` key, the panel thread, snapshots, drawing
 *   panel_format.c  numbers -> the panel's rows of text (portable; the host
 *                   test tests/unit/test_panel.c)
 */
#ifndef NICKEL_PANEL_H
#define NICKEL_PANEL_H
#include <stddef.h>
#include <stdint.h>
#include "sched/sched.h"
#include "diag/lat.h"

void panel_toggle(void);                /* the `v` key: on, off */

/* What a task did between two refreshes `elapsed_ms` apart (panel.c
 * passes the ticks its CPU took: 1 ms each). */
struct panel_usage {
	unsigned cpu_pct;               /* run time over elapsed time, 0..100,
					 * or PANEL_NO_TICKS */
	unsigned switches_per_s;
};

/* A share of a CPU that took no tick since the refresh before: there is no
 * time to take a share of (an emulated CPU the host did not run), so the
 * panel prints "-", not 100% busy with every task on it at 0%. */
#define PANEL_NO_TICKS (~0u)

/* part / whole in whole percent, rounded, at most 100; 0 when whole is 0. */
unsigned panel_percent(uint32_t part, uint32_t whole);
/* A CPU's busy %: the ticks not spent idle; PANEL_NO_TICKS for no ticks. */
unsigned panel_busy(uint32_t idle_ticks, uint32_t ticks);
/* before: the same task at the previous refresh, NULL for a task that
 * started since (all its run time is then in the window). */
void panel_usage(const struct sched_task_view *now,
		 const struct sched_task_view *before, uint32_t elapsed_ms,
		 struct panel_usage *u);
/* Order for the rows: higher CPU % first (PANEL_NO_TICKS last), then lower pid. */
int panel_row_before(const struct panel_usage *a, int pid_a,
		     const struct panel_usage *b, int pid_b);

struct panel_header {
	const char *policy;
	int ncpus;
	uint32_t uptime_ms;
	unsigned free_kib, tasks;
};

/* Each writes one row (no newline) into buf[n] and returns its length;
 * a row longer than n - 1 is cut, as snprintf cuts. */
int panel_format_header(char *buf, size_t n, const struct panel_header *h);
/* "busy  cpu0 100%  cpu1  37%  cpu2    - ..." (cpu2 took no tick);
 * CPUs that do not fit: "  +N cpus". */
int panel_format_busy(char *buf, size_t n, const unsigned *busy_pct, int ncpus);
int panel_format_columns(char *buf, size_t n);
int panel_format_task(char *buf, size_t n, const struct sched_task_view *v,
		      const struct panel_usage *u);
int panel_format_lat(char *buf, size_t n, int pid, const struct lat_report *r);
int panel_format_more(char *buf, size_t n, unsigned hidden);
#endif
