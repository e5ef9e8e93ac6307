/*
 * hog - a pure CPU burner for scheduler demos.
 *
 *   hog [name=NAME] [nice=N] [seconds=S] [report=MS]
 *
 * nice=N     setpriority(PRIO_PROCESS, 0, N) first
 * seconds=S  stop after S seconds (default: never)
 * report=MS  every MS ms print "hog name=NAME pid=P nice=N loops=L cpu_ms=C"
 *            (cpu_ms: user+system time from times(), in ms)
 *
 * On exit (seconds=S) it prints the same line once with "done" appended.
 * The loop checks the clock only every few million iterations, so it stays a
 * hog: it never sleeps and makes almost no system calls.
 */
#include <stdlib.h>
#include <string.h>
#include "nickel.h"

static const char *name = "hog";
static int nice_val;

static void report(long long loops, const char *tail)
{
	struct lnx_tms t;
	long ticks = sys_times(&t);
	long cpu_ms = ticks < 0 && ticks > -4096 ? -1 : (t.tms_utime + t.tms_stime) * 10;
	nk_printf("hog name=%s pid=%ld nice=%d loops=%lld cpu_ms=%ld%s\n", name,
		  sys_getpid(), nice_val, loops, cpu_ms, tail);
}

int main(int argc, char **argv)
{
	const char *a;
	long long seconds = 0, report_ms = 0;

	if ((a = nk_arg(argc, argv, "name")))
		name = a;
	if ((a = nk_arg(argc, argv, "nice"))) {
		long r = sys_setpriority(LNX_PRIO_PROCESS, 0, atoi(a));
		if (r < 0)
			nk_printf("hog: setpriority(%s): %ld\n", a, r);
	}
	nice_val = nk_nice_value();
	if ((a = nk_arg(argc, argv, "seconds")))
		seconds = atoll(a);
	if ((a = nk_arg(argc, argv, "report")))
		report_ms = atoll(a);

	long long start = nk_now_ns(), next = start + report_ms * 1000000LL;
	volatile unsigned long sink = 0;
	long long loops = 0;
	for (;;) {
		for (unsigned long i = 0; i < (1UL << 20); i++)
			sink += i ^ (sink >> 3);
		loops++;
		if (!seconds && !report_ms)
			continue;
		long long now = nk_now_ns();
		if (report_ms && now >= next) {
			report(loops, "");
			next += report_ms * 1000000LL;
		}
		if (seconds && now - start >= seconds * 1000000000LL)
			break;
	}
	report(loops, " done");
	return 0;
}
