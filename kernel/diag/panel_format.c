/*
 * panel_format.c - the live panel's rows (panel.h): numbers in, fixed-width
 * text out, and the per-second figures from two snapshots.  No locks, no
 * kernel state: tests/unit/test_panel.c runs it on the host.
 *
 *   nickel panel  policy=nick  cpus=2  up 35.2s  free 27848 KiB  tasks 9
 *   busy  cpu0 100%  cpu1  98%
 *     PID NAME            CPU S POLICY-PRI NICE SLICE  USED SLEEP CPU%  SW/S
 *       5 hog               0 R nick-125      0   100    37     0   99     2
 *   lat    12 xserver         p50   210us p99   1830us max   4211us missed   0%
 */
#include "diag/panel.h"
#include "lib/string.h"

unsigned panel_percent(uint32_t part, uint32_t whole)
{
	uint64_t pct;

	if (!whole)
		return 0;
	pct = ((uint64_t)part * 100 + whole / 2) / whole;
	return pct > 100 ? 100 : (unsigned)pct;
}

unsigned panel_busy(uint32_t idle_ticks, uint32_t ticks)
{
	return ticks ? 100 - panel_percent(idle_ticks, ticks) : PANEL_NO_TICKS;
}

/* A percentage in 4 columns ("100%" with the sign, " 100" without), or
 * "   -" when its CPU took no tick.  (The kernel's snprintf has no "%*".) */
static void percent_cell(char cell[16], unsigned pct, bool with_sign)
{
	if (pct == PANEL_NO_TICKS)
		snprintf(cell, 16, "   -");
	else if (with_sign)
		snprintf(cell, 16, "%3u%%", pct);
	else
		snprintf(cell, 16, "%4u", pct);
}

void panel_usage(const struct sched_task_view *now,
		 const struct sched_task_view *before, uint32_t elapsed_ms,
		 struct panel_usage *u)
{
	/* unsigned differences: right across a counter's wrap */
	uint32_t ran = now->run_ms - (before ? before->run_ms : 0);
	uint32_t switches = now->switches - (before ? before->switches : 0);

	u->cpu_pct = elapsed_ms ? panel_percent(ran, elapsed_ms) : PANEL_NO_TICKS;
	u->switches_per_s = elapsed_ms ?
		(unsigned)(((uint64_t)switches * 1000 + elapsed_ms / 2) / elapsed_ms) : 0;
}

int panel_row_before(const struct panel_usage *a, int pid_a,
		     const struct panel_usage *b, int pid_b)
{
	/* + 1 wraps PANEL_NO_TICKS to 0, below every share */
	if (a->cpu_pct != b->cpu_pct)
		return a->cpu_pct + 1 > b->cpu_pct + 1;
	return pid_a < pid_b;
}

int panel_format_header(char *buf, size_t n, const struct panel_header *h)
{
	return snprintf(buf, n, "nickel panel  policy=%s  cpus=%d  up %u.%us  "
			"free %u KiB  tasks %u", h->policy, h->ncpus,
			h->uptime_ms / 1000, h->uptime_ms % 1000 / 100,
			h->free_kib, h->tasks);
}

int panel_format_busy(char *buf, size_t n, const unsigned *busy_pct, int ncpus)
{
	size_t len = 0;
	char item[24], pct[16];
	int c;

	len += snprintf(buf, n, "busy");
	for (c = 0; c < ncpus && len < n; c++) {
		size_t w;

		percent_cell(pct, busy_pct[c], true);
		w = snprintf(item, sizeof(item), "  cpu%d %s", c, pct);
		size_t tail = c + 1 < ncpus ? 10 : 0;      /* room for "  +NN cpus" */

		if (len + w + tail >= n) {
			len += snprintf(buf + len, n - len, "  +%d cpus", ncpus - c);
			break;
		}
		memcpy(buf + len, item, w + 1);
		len += w;
	}
	return (int)len;
}

int panel_format_columns(char *buf, size_t n)
{
	return snprintf(buf, n, "  PID NAME            CPU S POLICY-PRI NICE "
			"SLICE  USED SLEEP CPU%%  SW/S");
}

int panel_format_task(char *buf, size_t n, const struct sched_task_view *v,
		      const struct panel_usage *u)
{
	char policy_prio[24], pct[16];

	snprintf(policy_prio, sizeof(policy_prio), "%s-%d", v->policy, v->prio);
	percent_cell(pct, u->cpu_pct, false);
	/* used_slice is signed here: nick's count can run below 0 (it wraps
	 * in the stat dump, as in v7), and -5 reads better than 4294967291 */
	return snprintf(buf, n, "%5d %-15s %3d %c %-10s %4d %5u %5d %5u %s %5u",
			v->pid, v->comm, v->cpu, v->state, policy_prio, v->nice,
			v->timeslice, (int)v->used_slice, v->sleep_avg, pct,
			u->switches_per_s);
}

/* The demo's own summary (lat.h): wake-up latency and deadlines. */
int panel_format_lat(char *buf, size_t n, int pid, const struct lat_report *r)
{
	char missed[24] = "no deadlines";

	if (r->deadlines_met_pct >= 0 && r->deadlines_met_pct <= 100)
		snprintf(missed, sizeof(missed), "missed %3d%%",
			 100 - r->deadlines_met_pct);
	return snprintf(buf, n, "lat %5d %-15s p50 %5uus p99 %6uus max %6uus %s",
			pid, r->name, r->p50_us, r->p99_us, r->max_us, missed);
}

int panel_format_more(char *buf, size_t n, unsigned hidden)
{
	return snprintf(buf, n, "  +%u more", hidden);
}
