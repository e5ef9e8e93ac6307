/*
 * report.c - what schedsim prints: stat dumps in the kernel's format
 * (docs/contract.md, kernel/diag/statdump.c), ftrace lines, `lat` lines, and the
 * summary table.  Everything printed derives from simulated state only, so
 * a run repeats byte for byte.
 */
#include "sim.h"

#include <stdlib.h>
#include <string.h>

#define LINE 320

/* ---- latency samples -------------------------------------------------------- */

static void lat_add(struct sim_lat *l, uint32_t us)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v) {
			fprintf(stderr, "schedsim: out of memory for latency samples\n");
			exit(2);
		}
	}
	l->v[l->n++] = us;
}

void rep_lat_sample(struct sim_task *t, uint64_t us)
{
	struct sim_lat *l = t->lat;

	lat_add(l, us > UINT32_MAX ? UINT32_MAX : (uint32_t)us);
	l->sum += us;
	if (us > l->max)
		l->max = us;
}

void rep_lat_free(struct sim_lat *l)
{
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The smallest sample with at least pct% of the samples at or below it
 * (nearest rank), exact.  Sorts the samples in place. */
uint64_t rep_lat_percentile(struct sim_lat *l, unsigned int pct)
{
	uint64_t rank = (l->n * pct + 99) / 100;

	if (!l->n)
		return 0;
	if (rank == 0)
		rank = 1;
	qsort(l->v, l->n, sizeof(*l->v), cmp_u32);
	return l->v[rank - 1];
}

static void lat_merge(struct sim_lat *into, const struct sim_lat *l)
{
	uint64_t i;

	for (i = 0; i < l->n; i++)
		lat_add(into, l->v[i]);
	into->sum += l->sum;
	into->max = l->max > into->max ? l->max : into->max;
	into->deadlines += l->deadlines;
	into->met += l->met;
}

/* -1 when the task has no deadlines (as the kernel's lat_report). */
static int met_pct(const struct sim_lat *l)
{
	return l->deadlines ? (int)(100 * l->met / l->deadlines) : -1;
}

static void lat_line(FILE *f, const char *name, struct sim_lat *l)
{
	fprintf(f, "lat name=%s n=%llu avg_us=%llu p50_us=%llu p99_us=%llu "
		"max_us=%llu deadlines_met_pct=%d\n", name,
		(unsigned long long)l->n,
		(unsigned long long)(l->n ? l->sum / l->n : 0),
		(unsigned long long)rep_lat_percentile(l, 50),
		(unsigned long long)rep_lat_percentile(l, 99),
		(unsigned long long)l->max, met_pct(l));
}

/* ---- trace ---------------------------------------------------------------- */

/* Called by the core inside schedule(): a switch is also where a woken
 * task's wake-up latency ends. */
void rep_trace_switch(int cpu, struct sched_task *prev, struct sched_task *next)
{
	char line[LINE];

	if (!next->is_idle) {
		struct sim_task *t = sim_of(next);

		if (t->wake_pending) {
			t->wake_pending = false;
			rep_lat_sample(t, sim_prog_us(sim_now_us) - t->wake_us);
		}
	}
	if (cfg.trace) {
		sched_format_switch(line, sizeof(line), cpu, sim_now_us, prev, next);
		fprintf(stdout, "%s\n", line);
	}
}

void rep_trace_wakeup(int cpu, struct sched_task *p, int success)
{
	char line[LINE];

	if (cfg.trace) {
		sched_format_wakeup(line, sizeof(line), cpu, sim_now_us,
				    sched_curr(cpu), p, success);
		fprintf(stdout, "%s\n", line);
	}
}

/* ---- stat dump -------------------------------------------------------------- */

void rep_stat_dump(FILE *f)
{
	char line[LINE];
	struct sim_task *t;
	int c;

	fprintf(f, "=== stats jiffies=%u uptime_ms=%u cpus=%d policy=%s free_pages=0 tasks=%u\n",
		sched_host_jiffies, sched_host_jiffies, sched_ncpus,
		sched_policy_name(), sim_live_count);
	for (c = 0; c < sched_ncpus; c++) {
		sched_format_cpu(line, sizeof(line), c);
		fprintf(f, "%s\n", line);
	}
	for (t = sim_live_head; t; t = t->lnext) {
		sched_format_task(line, sizeof(line), &t->se);
		fprintf(f, "%s\n", line);
	}
	for (t = sim_live_head; t; t = t->lnext)
		if (t->lat)
			lat_line(f, t->se.comm, t->lat);
	fprintf(f, "=== end\n");
}

/* ---- summary ---------------------------------------------------------------- */

static const char *kind_name(enum sim_kind k)
{
	static const char *const names[] = { "hog", "periodic", "xserver",
					     "xclient", "compile", "cc", "sleeper" };
	return names[k];
}

static double pct_of(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0.0;
}

static void summary_group(FILE *f, struct sim_group *g, uint32_t elapsed)
{
	struct sim_lat l;
	uint64_t run = g->reaped_run_ms, cpu_us = g->reaped_cpu_us;
	unsigned int tasks = g->reaped;
	uint32_t wakeups = 0, migrations = 0;
	struct sim_task *t;
	bool any_lat = false;

	memset(&l, 0, sizeof(l));
	for (t = sim_live_head; t; t = t->lnext) {
		if (t->g != g)
			continue;
		tasks++;
		run += t->se.run_ms;
		cpu_us += t->cpu_us;
		wakeups += t->se.wakeups;
		migrations += t->se.migrations;
		if (t->lat) {
			lat_merge(&l, t->lat);
			any_lat = true;
		}
	}
	if (!tasks)
		return;                 /* count=0: a group the workload left out */
	fprintf(f, "| %-10s | %-8s | %5u | %7.2f | %7.2f | %8u | %6u |", g->name,
		kind_name(g->kind), tasks, pct_of((double)run, elapsed),
		pct_of((double)cpu_us, 1000.0 * elapsed), wakeups, migrations);
	if (any_lat && l.n)
		fprintf(f, " %7llu | %7llu | %7llu |", (unsigned long long)rep_lat_percentile(&l, 50),
			(unsigned long long)rep_lat_percentile(&l, 99),
			(unsigned long long)l.max);
	else
		fprintf(f, " %7s | %7s | %7s |", "-", "-", "-");
	if (any_lat && l.deadlines)
		fprintf(f, " %6.1f |\n", 100.0 * (double)l.met / (double)l.deadlines);
	else
		fprintf(f, " %6s |\n", "-");
	rep_lat_free(&l);
}

void rep_summary(FILE *f, struct sim_group *groups)
{
	uint32_t elapsed = sched_host_jiffies, switches = 0, idle = 0, ipis = 0, mig = 0;
	struct sim_group *g;
	int c;

	for (c = 0; c < sched_ncpus; c++) {
		struct sched_cpu_counts n;

		sched_cpu_counts(c, &n);
		switches += n.nr_switches;
		idle += n.idle_ms;
		ipis += n.ipis;
		mig += n.migrations_in;
	}
	fprintf(f, "## schedsim policy=%s cpus=%d seconds=%u seed=%llu workload=%s\n",
		sched_policy_name(), sched_ncpus, cfg.seconds,
		(unsigned long long)cfg.seed, cfg.workload);
	fprintf(f, "| group      | kind     | tasks |  cpu %%  | exact %% |  wakeups | migr   |  p50 us |  p99 us |  max us | met %% |\n");
	fprintf(f, "|------------|----------|-------|---------|---------|----------|--------|---------|---------|---------|--------|\n");
	for (g = groups; g; g = g->next)
		summary_group(f, g, elapsed);
	fprintf(f, "machine: switches=%u migrations=%u ipis=%u idle=%.1f%% (cpu %% = percent of one CPU, "
		"charged by the tick as run_ms; exact %% = the CPU time really used)\n",
		switches, mig, ipis,
		elapsed ? 100.0 * idle / ((double)elapsed * sched_ncpus) : 0.0);
}
