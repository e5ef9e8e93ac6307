/*
 * panel.c - the live panel (panel.h, docs/lab.md).  The `v` key flips
 * `wanted`; the panel thread, made at the first `v`, follows it.  On, the
 * thread keeps the top rows of the screen (the log scrolls beneath) and
 * once a second takes a snapshot of the CPUs and tasks and draws it there;
 * per-second figures compare it with the snapshot before.  Shares are of
 * the ticks a CPU took (about 1000 a second): a host that runs an emulated
 * CPU late loses some of its ticks, and a hog that ran on every tick its
 * CPU took is 100% busy, not 70% of CPU 0's count; a CPU that took no tick
 * in the second has no share to show ("-").  Off, it gives
 * the rows back and sleeps on a wait queue: an unused panel runs nothing.
 *
 * The screen only: the serial line is what log parsers read.  The test-only
 * kernel argument panel=serial copies each row to the serial line as
 *     panel| <the row's text>
 * so a scenario can check the numbers (tests/scenarios/panel.py).
 *
 * Locking: a snapshot is taken under tasks_lock with interrupts off (tasks
 * cannot come or go), each task's fields under its rq lock
 * (sched_task_view); drawing comes after, under console_lock a row at a
 * time (screen.h).  No lock is held across a sleep.  The snapshots, the
 * layout and the row buffer belong to the panel thread alone.
 */
#include "diag/panel.h"
#include "console/screen.h"
#include "console/fbcon.h"
#include "proc/task.h"
#include "spinlock.h"
#include "wait.h"
#include "mm/heap.h"
#include "mm/pmm.h"
#include "console/printk.h"
#include "lib/string.h"
#include "boot/cmdline.h"
#include "shutdown.h"
#include "arch/percpu.h"
#include "arch/timer.h"

#define REFRESH_MS 1000
#define MAX_LAT 8                       /* demos with a latency row */
#define SERIAL_COLS 80                  /* panel=serial without a screen */
#define SERIAL_ROWS 25
#define MIN_ROWS 8                      /* header, busy, heads, a task or two, rule */

struct panel_task {
	struct sched_task_view v;
	struct panel_usage u;           /* since the snapshot before */
};

struct snapshot {
	uint32_t jiffies;
	unsigned free_pages;
	uint32_t idle_ms[NR_CPUS_MAX], ticks[NR_CPUS_MAX];
	unsigned ntasks, cap;
	struct panel_task *tasks;       /* cap of them, kmalloc'd */
	unsigned nlat;
	int lat_pid[MAX_LAT];
	struct lat_report lat[MAX_LAT];
};

static volatile int wanted;             /* the `v` key writes, the thread reads */
static struct wait_queue panel_wq = WAIT_QUEUE_INIT(panel_wq);
static struct task *thread;             /* keys thread only */

/* The panel thread's own. */
static struct snapshot snaps[2];
static int newest;                      /* index into snaps */
static unsigned cols, rows;             /* the panel: width, rows kept at the top (the last the rule) */
static int copy_to_serial;
static char text[FBCON_MAX_COLS + 1], padded[FBCON_MAX_COLS + 1];
static char serial_row[FBCON_MAX_COLS + 16];

static int grow(struct snapshot *s, unsigned cap)
{
	struct panel_task *t = kmalloc(cap * sizeof(*t));

	if (!t)
		return -1;
	kfree(s->tasks);
	s->tasks = t;
	s->cap = cap;
	return 0;
}

/* Copy the demos' latency summaries (lat.h); tasks_lock held. */
static void snapshot_lat(struct snapshot *s, struct task *t)
{
	if (!t->lat || s->nlat == MAX_LAT)
		return;
	s->lat_pid[s->nlat] = t->se.pid;
	s->lat[s->nlat++] = *t->lat;
}

/* Every task and CPU at one moment; -1 when out of memory. */
static int take_snapshot(struct snapshot *s)
{
	struct list_node *n;
	unsigned long f;
	int c;

	for (;;) {                      /* room first: no kmalloc under the lock */
		unsigned want = tasks_count() + 8;

		if (want > s->cap && grow(s, want) < 0)
			return -1;
		f = spin_lock_irqsave(&tasks_lock);
		if (tasks_count() <= s->cap)
			break;
		spin_unlock_irqrestore(&tasks_lock, f);
	}
	s->jiffies = jiffies;
	s->free_pages = pmm_free_pages();
	for (c = 0; c < ncpus; c++) {
		struct sched_cpu_counts counts;

		sched_cpu_counts(c, &counts);
		s->idle_ms[c] = counts.idle_ms;
		s->ticks[c] = counts.ticks;
	}
	s->ntasks = s->nlat = 0;
	list_for_each(n, &all_tasks) {
		struct task *t = list_entry(n, struct task, all);

		sched_task_view(&t->se, &s->tasks[s->ntasks++].v);
		snapshot_lat(s, t);
	}
	spin_unlock_irqrestore(&tasks_lock, f);
	return 0;
}

static const struct sched_task_view *find_pid(const struct snapshot *s, int pid)
{
	unsigned i;

	for (i = 0; i < s->ntasks; i++)       /* a few hundred tasks at most */
		if (s->tasks[i].v.pid == pid)
			return &s->tasks[i].v;
	return 0;
}

static uint32_t ticks_between(const struct snapshot *now,
			      const struct snapshot *before, int cpu)
{
	return now->ticks[cpu] - before->ticks[cpu];
}

/* Each task's usage since `before`, of the ticks its CPU took (a task that
 * moved is counted against the CPU it is on now), then the busiest first. */
static void usage_and_sort(struct snapshot *now, const struct snapshot *before)
{
	unsigned i, j;

	for (i = 0; i < now->ntasks; i++) {
		struct panel_task *t = &now->tasks[i];

		panel_usage(&t->v, find_pid(before, t->v.pid),
			    ticks_between(now, before, t->v.cpu), &t->u);
	}
	for (i = 1; i < now->ntasks; i++) {     /* insertion sort: few tasks */
		struct panel_task t = now->tasks[i];

		for (j = i; j > 0 && panel_row_before(&t.u, t.v.pid, &now->tasks[j - 1].u,
						      now->tasks[j - 1].v.pid); j--)
			now->tasks[j] = now->tasks[j - 1];
		now->tasks[j] = t;
	}
}

/* Draw `text` as panel row `row`, blanks to the right edge. */
static void draw_row(unsigned row, enum screen_colour colour)
{
	size_t len = strlen(text);

	memcpy(padded, text, len);
	memset(padded + len, ' ', cols - (len < cols ? len : cols));
	padded[cols] = 0;
	screen_write(row, 0, padded, colour);
	if (copy_to_serial && text[0]) {
		snprintf(serial_row, sizeof(serial_row), "panel| %s\n", text);
		console_serial_print(serial_row);
	}
}

static void draw_cpus(unsigned *row, const struct snapshot *now,
		      const struct snapshot *before)
{
	unsigned busy[NR_CPUS_MAX];
	struct panel_header h = { sched_policy_name(), ncpus, now->jiffies,
				  now->free_pages * 4, now->ntasks };
	int c;

	for (c = 0; c < ncpus; c++)
		busy[c] = panel_busy(now->idle_ms[c] - before->idle_ms[c],
				     ticks_between(now, before, c));
	panel_format_header(text, cols + 1, &h);
	draw_row((*row)++, SCREEN_TITLE);
	panel_format_busy(text, cols + 1, busy, ncpus);
	draw_row((*row)++, SCREEN_BRIGHT);
}

static void draw_tasks(unsigned *row, const struct snapshot *now)
{
	unsigned room = rows - 1 - *row, shown = now->ntasks, i;

	if (shown > room)
		shown = room - 1;               /* the last row says how many more */
	for (i = 0; i < shown; i++) {
		panel_format_task(text, cols + 1, &now->tasks[i].v, &now->tasks[i].u);
		draw_row((*row)++, SCREEN_TEXT);
	}
	if (shown < now->ntasks) {
		panel_format_more(text, cols + 1, now->ntasks - shown);
		draw_row((*row)++, SCREEN_TEXT);
	}
}

/* header, busy %, latency rows, column heads, tasks; the rest blank */
static void draw(struct snapshot *now, const struct snapshot *before)
{
	unsigned row = 0, i;

	usage_and_sort(now, before);
	draw_cpus(&row, now, before);
	for (i = 0; i < now->nlat && row + 3 < rows; i++) {
		panel_format_lat(text, cols + 1, now->lat_pid[i], &now->lat[i]);
		draw_row(row++, SCREEN_BRIGHT);
	}
	panel_format_columns(text, cols + 1);
	draw_row(row++, SCREEN_BRIGHT);
	draw_tasks(&row, now);
	text[0] = 0;
	while (row < rows - 1)
		draw_row(row++, SCREEN_TEXT);
}

/* Keep the top two thirds of the screen, a rule under them; the log
 * keeps a third, at least 4 rows.  -1: no panel (said why). */
static int panel_on(void)
{
	unsigned screen_rows, log_rows;

	screen_size(&cols, &screen_rows);
	copy_to_serial = !strcmp(boot_args.panel, "serial");
	if (!screen_rows)
		cols = SERIAL_COLS, screen_rows = SERIAL_ROWS;
	if (cols > FBCON_MAX_COLS)
		cols = FBCON_MAX_COLS;
	log_rows = screen_rows / 3 > 4 ? screen_rows / 3 : 4;
	if (screen_rows < log_rows + MIN_ROWS) {
		printk("nickel: panel: a screen of %u rows is too small (%u needed)\n",
		       screen_rows, log_rows + MIN_ROWS);
		return -1;
	}
	rows = screen_rows - log_rows;
	screen_keep_top(rows);
	memset(text, '-', cols);
	text[cols] = 0;
	screen_write(rows - 1, 0, text, SCREEN_TEXT);
	screen_write(0, 0, "nickel panel: the first numbers in a second", SCREEN_TITLE);
	printk("nickel: panel on: the top %u rows of the screen, once a second; "
	       "v turns it off\n", rows);
	if (take_snapshot(&snaps[newest]) < 0) {
		printk("nickel: panel: out of memory\n");
		screen_keep_top(0);
		return -1;
	}
	return 0;
}

static void refresh(void)
{
	struct snapshot *now = &snaps[!newest];

	if (take_snapshot(now) < 0) {
		printk("nickel: panel: out of memory; turning it off\n");
		wanted = 0;
		return;
	}
	draw(now, &snaps[newest]);
	newest = !newest;
}

/* Give the rows back, and the snapshots' memory: off costs nothing. */
static void panel_off(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		kfree(snaps[i].tasks);
		snaps[i].tasks = 0;
		snaps[i].cap = 0;
	}
	screen_keep_top(0);
	if (!shutdown_started())        /* not into the final record */
		printk("nickel: panel off\n");
}

static bool is_wanted(void *unused)
{
	(void)unused;
	return wanted;
}

static void panel_thread(void *arg)
{
	(void)arg;
	for (;;) {
		wait_event(&panel_wq, is_wanted, 0);
		if (panel_on() < 0) {
			wanted = 0;
			continue;
		}
		while (wanted && !shutdown_started()) {
			sleep_ms(REFRESH_MS);
			if (wanted && !shutdown_started())
				refresh();
		}
		if (shutdown_started())
			wanted = 0;             /* the final record is being written */
		panel_off();
	}
}

/* The `v` key (keys thread). */
void panel_toggle(void)
{
	unsigned c, r;

	screen_size(&c, &r);
	if (!r && strcmp(boot_args.panel, "serial") != 0) {
		printk("nickel: panel: no screen (serial console only); "
		       "s prints a stat dump instead\n");
		return;
	}
	if (!thread) {
		thread = kthread_create("panel", panel_thread, 0, -10);
		if (!thread) {
			printk("nickel: panel: cannot start its thread\n");
			return;
		}
		kthread_start(thread);
	}
	wanted = !wanted;
	wake_up(&panel_wq);
}
