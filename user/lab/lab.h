/*
 * lab.h - shared pieces of the lab's demo programs (docs/lab.md):
 * latency samples and their summary (reported through nickel call 1000 as
 * the stat dump's `lat` line, or printed on Linux), calibrated CPU work,
 * the X request message, and the X client loop shared by xclient/scroller.
 */
#ifndef NICKEL_LAB_H
#define NICKEL_LAB_H
#include <stdint.h>

#define NR_nickel_lat 1000

/* The layout nickel's call 1000 takes (kernel/diag/lat.h), 40 bytes. */
struct lab_lat_report {
	char name[16];
	uint32_t n, avg_us, p50_us, p99_us, max_us;
	int32_t deadlines_met_pct;      /* -1: no deadlines */
};

/* A fixed-size sample store: percentiles need the raw samples, and a
 * static array keeps the measuring loop free of allocation.  Once full it
 * is a ring of the latest samples (us[total % LAB_MAX_SAMPLES] is next). */
#define LAB_MAX_SAMPLES 8192
struct lab_lat {
	const char *name;
	uint32_t us[LAB_MAX_SAMPLES];
	uint32_t n;                     /* samples kept (<= LAB_MAX_SAMPLES), the latest */
	uint64_t total, sum_us;         /* every sample, kept or not */
	uint32_t max_us;
	uint32_t deadlines, met;        /* deadlines == 0: none */
	int on_nickel;                  /* -1 unknown, 0 Linux, 1 nickel */
	long long last_ns;              /* last periodic report */
};

void lab_lat_init(struct lab_lat *l, const char *name);
void lab_lat_add(struct lab_lat *l, long long us);
void lab_deadline(struct lab_lat *l, int met);
void lab_summary(const struct lab_lat *l, struct lab_lat_report *r);
/* Hand the summary to nickel (call 1000); every==0 or final also prints the
 * `lat` line on stdout when the call is missing (Linux). */
void lab_report(struct lab_lat *l, int final);
/* The periodic report: every `every` samples or 250 ms, whichever first, so
 * a slow demo (or one killed while blocked) still shows up in the dump. */
void lab_maybe_report(struct lab_lat *l, long every);

/* CPU work: spin for about `us` microseconds of CPU time, as calibrated by
 * lab_calibrate (see lab.c), or by the launcher (cal_ns=N in argv). */
void lab_calibrate(void);
void lab_calibrate_args(int argc, char **argv);
long long lab_cal_ns(void);
void lab_burn_us(long us);

/* Sleep until an absolute CLOCK_MONOTONIC time (ns). */
void lab_sleep_until(long long t_ns);

/* Parse "key=N" with a default. */
long lab_arg_long(int argc, char **argv, const char *key, long def);
/* Apply nice=N from argv, if given. */
void lab_apply_nice(int argc, char **argv, const char *who);

/* One X request / reply on the pipes: 16 bytes, written in one write() so
 * that concurrent clients never interleave (atomic below PIPE_BUF). */
struct lab_xmsg {
	int32_t client;                 /* index into the server's reply fds */
	int32_t seq;
	int64_t sent_ns;                /* CLOCK_MONOTONIC when sent */
};

int lab_read_msg(int fd, struct lab_xmsg *m);   /* 1, or 0 on EOF */
void lab_linger(int argc, char **argv);

/* The client loop of xclient (burst 1) and scroller (burst 10). */
int lab_xclient_main(int argc, char **argv, const char *name, long burst_def,
		     long period_def);
/* audio and video: every period_us, cpu_pct% of it as work. */
int lab_periodic_main(int argc, char **argv, const char *name, long period_def_us,
		      long pct_def);
#endif
