/*
 * main.c - schedsim's command line: key=value knobs like the kernel's
 * (policy= cpus= seconds= seed= nice= hogs= cache_decay= rr_slice= stats=
 * trace= workload=), plus any variable the workload file declares with `set`.
 * Usage and output: tools/schedsim/README.md.
 */
#include "sim.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

static void usage(void)
{
	fprintf(stderr,
		"usage: schedsim [key=value ...]\n"
		"  workload=FILE  task groups (tools/schedsim/workloads/*.wl)\n"
		"  policy=nick|o1|rr|mine cpus=N seconds=S seed=N stats=MS trace=1\n"
		"  nice=a,b,c hogs=N cache_decay=TICKS rr_slice=MS\n"
		"  exact_sleep=1 phase=1 user_clock_pct=P (the machine model)\n"
		"  summary=0 dumps=0 bench=1 check=1   NAME=VALUE for a workload's `set NAME=`\n");
	exit(2);
}

static bool num_arg(const char *v, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long n = strtoul(v, &end, 10);

	if (end == v || *end || n > max)
		return false;
	*out = n;
	return true;
}

struct cmdline_extra {
	int bench;                      /* 1: totals, 2: also cycles per kind */
	const char *nice, *hogs;
	const char *vars[32];
	int nvars;
};

/* One knob; false for a bad value.  Unknown keys are workload variables. */
static bool knob(const char *key, const char *val, struct cmdline_extra *x)
{
	unsigned long n;

	if (!strcmp(key, "policy")) {
		cfg.policy = val;
		return sched_policy_by_name(val) != NULL;
	}
	if (!strcmp(key, "workload")) {
		cfg.workload = val;
		return true;
	}
	if (!strcmp(key, "nice")) {
		x->nice = val;
		return true;
	}
	if (!strcmp(key, "hogs")) {
		x->hogs = val;
		return num_arg(val, 100000, &n);
	}
	if (!strcmp(key, "cpus"))
		return num_arg(val, NR_CPUS_MAX, &n) && n >= 1 && (cfg.cpus = (int)n);
	if (!strcmp(key, "seconds"))
		return num_arg(val, 4000000, &n) && n >= 1 && (cfg.seconds = (uint32_t)n, 1);
	if (!strcmp(key, "seed"))
		return num_arg(val, ~0UL, &n) && (cfg.seed = n, 1);
	if (!strcmp(key, "stats"))
		return num_arg(val, ~0U, &n) && (cfg.stats_ms = (uint32_t)n, 1);
	if (!strcmp(key, "trace"))
		return num_arg(val, 1, &n) && (cfg.trace = n, 1);
	if (!strcmp(key, "summary"))
		return num_arg(val, 1, &n) && (cfg.summary = n, 1);
	if (!strcmp(key, "dumps"))
		return num_arg(val, 1, &n) && (cfg.quiet = !n, 1);
	if (!strcmp(key, "check"))
		return num_arg(val, 1, &n) && (cfg.check = n, 1);
	if (!strcmp(key, "bench"))
		return num_arg(val, 2, &n) && (x->bench = n, 1);
	if (!strcmp(key, "cache_decay"))
		return num_arg(val, 1000, &n) && (cfg.cache_decay = (unsigned)n, 1);
	if (!strcmp(key, "exact_sleep"))
		return num_arg(val, 1, &n) && (cfg.exact_sleep = n, 1);
	if (!strcmp(key, "phase"))
		return num_arg(val, 1, &n) && (cfg.phase = n, 1);
	if (!strcmp(key, "user_clock_pct"))
		return num_arg(val, 1000, &n) && n >= 10 && (cfg.user_clock_pct = (uint32_t)n);
	if (!strcmp(key, "rr_slice"))
		return num_arg(val, 10000, &n) && n >= 1 && (cfg.rr_slice = (unsigned)n);
	if (x->nvars == 32)
		return false;
	x->vars[x->nvars++] = key;
	return wl_set_var(key, val, true) == 0;
}

/* Without workload=, nice= and hogs= describe the kernel's demos. */
static struct sim_group *load_workload(struct cmdline_extra *x, char *err, size_t n)
{
	char text[512];
	int i;

	if (x->nice)
		wl_set_var("nice", x->nice, true);
	if (x->hogs)
		wl_set_var("hogs", x->hogs, true);
	if (!cfg.workload) {
		if (x->nvars) {
			snprintf(err, n, "unknown knob '%s' (no workload= declares it)", x->vars[0]);
			return NULL;
		}
		if (x->nice) {
			cfg.workload = "(demo=nice)";
			snprintf(text, sizeof(text), "hog nice=$nice\n");
		} else if (x->hogs) {
			cfg.workload = "(demo=hogs)";
			snprintf(text, sizeof(text), "hog count=$hogs\n");
		} else {
			snprintf(err, n, "no workload: give workload=FILE, nice= or hogs=");
			return NULL;
		}
		return wl_parse_text(text, cfg.workload, err, n);
	}
	{
		struct sim_group *g = wl_parse_file(cfg.workload, err, n);

		if (!g)
			return NULL;
		if (x->nice)
			x->vars[x->nvars++] = "nice";
		if (x->hogs)
			x->vars[x->nvars++] = "hogs";
		for (i = 0; i < x->nvars; i++)
			if (!wl_declared(x->vars[i])) {
				snprintf(err, n, "%s: no `set %s=` in the workload",
					 cfg.workload, x->vars[i]);
				return NULL;
			}
		return g;
	}
}

static double clock_seconds(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* bench=1/2: the core calls by kind; bench=2 also their mean cost in TSC
 * cycles (each call timed with rdtsc). */
static void bench_by_kind(void)
{
	fprintf(stderr, "bench-ops:");
	for (int k = 0; k < SIM_NOPS; k++) {
		fprintf(stderr, " %s=%llu", sim_op_names[k], (unsigned long long)sim_op_count[k]);
		if (sim_op_timing)
			fprintf(stderr, " %s_cyc=%.0f", sim_op_names[k], sim_op_timed[k] ?
				(double)sim_op_cycles[k] / (double)sim_op_timed[k] : 0.0);
	}
	fprintf(stderr, "\n");
}

int main(int argc, char **argv)
{
	struct cmdline_extra x = { 0 };
	struct sim_group *groups;
	struct rusage ru;
	char err[300];
	double t0, t1, c0, c1;
	uint64_t ops0;
	int i;

	cfg = (struct sim_config){ .policy = "nick", .cpus = 2, .seconds = 10,
		.seed = 1, .summary = true, .cache_decay = 2, .rr_slice = 100,
		.user_clock_pct = 100 };
	for (i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq)
			usage();
		*eq = 0;
		if (!knob(argv[i], eq + 1, &x)) {
			fprintf(stderr, "schedsim: bad argument '%s=%s'\n", argv[i], eq + 1);
			return 2;
		}
	}
	groups = load_workload(&x, err, sizeof(err));
	if (!groups) {
		fprintf(stderr, "schedsim: %s\n", err);
		return 2;
	}
	/* mix the seed so that seeds 1 and 2 give unrelated streams */
	sim_rand_state = cfg.seed * 0x2545f4914f6cdd1dULL + 12345;
	static char outbuf[1 << 16];
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));

	/* bench numbers: wall time, and CPU time for the per-op cost (a busy
	 * shared host stretches wall time, not CPU time) */
	/* the trace is one block in the kernel's trace_dump form */
	if (cfg.trace)
		printf("# tracer: nop\n#           TASK-PID   CPU  TIMESTAMP  FUNCTION\n");
	sim_setup(groups);          /* O(tasks), not part of the per-op cost */
	ops0 = sim_ops;
	memset(sim_op_count, 0, sizeof(sim_op_count));      /* set-up's starts */
	sim_op_timing = x.bench == 2;
	t0 = clock_seconds(CLOCK_MONOTONIC);
	c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	sim_run();
	t1 = clock_seconds(CLOCK_MONOTONIC);
	c1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	if (cfg.trace)
		printf("# end of trace\n");
	if (!cfg.quiet)
		rep_stat_dump(stdout);
	if (cfg.summary)
		rep_summary(stdout, groups);
	fflush(stdout);
	if (x.bench) {
		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr, "bench: tasks=%u cpus=%d seconds=%u wall_s=%.3f cpu_s=%.3f "
			"ops=%llu ns_per_op=%.1f maxrss_kb=%ld\n", sim_live_count,
			sched_ncpus, cfg.seconds, t1 - t0, c1 - c0,
			(unsigned long long)(sim_ops - ops0),
			1e9 * (c1 - c0) / (double)(sim_ops > ops0 ? sim_ops - ops0 : 1),
			ru.ru_maxrss);
		bench_by_kind();
	}
	return 0;
}
