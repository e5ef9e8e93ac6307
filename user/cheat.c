/*
 * cheat - the tick-sampling cheat: a CPU hog the scheduler cannot see.
 *
 *   cheat [burn_us=600] [seconds=S] [report=MS]
 *
 * nick, o1 and rr all learn what a task does from the timer tick: the tick
 * charges whoever is running at that instant (used_slice, run_ms), and a
 * task's run time in schedule() is counted in whole jiffies.  cheat wakes
 * from a 1-tick nanosleep just after a tick, burns burn_us microseconds,
 * and is asleep again before the next tick.  So it is never running when
 * the tick looks: its slice never runs out, its run time is 0 jiffies, and
 * every sleep of one jiffy raises its sleep average.  Under nick and o1 it
 * becomes the most interactive task on the machine and preempts the hogs
 * at every wake-up; under rr a wake-up never preempts, so it waits behind
 * a hog's whole slice (docs/lab.md, Exercise 5; the idea is Tsafrir, Etsion
 * and Feitelson's "Secretly monopolizing the CPU", 2007).
 *
 * It burns and measures with rdtsc (no system call in the loop, so the
 * burn is all its own time), calibrated against clock_gettime over 100 ms
 * at start-up; a gap longer than 50 us between two reads counts as time it
 * was not running.  Every report=MS (default 1000) and at the end
 * (seconds=S) it prints
 *     cheat pid=P burn_us=B wakeups=W cpu_ms=C elapsed_ms=E cpu_pct=X
 * where cpu_pct is its real share of one CPU; compare run_ms in the stat
 * dump, which is what the scheduler believes.  On Linux (nanosecond
 * accounting, hrtimers: a zero sleep returns at once) it is just a hog.
 */
#include <stdlib.h>
#include "nickel.h"

#define GAP_US 50                       /* longer: we were not running */

static long long cpu_ns, wakeups;
static unsigned long long tsc_per_us = 1;

static unsigned long long rdtsc(void)
{
	unsigned lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((unsigned long long)hi << 32) | lo;
}

/* TSC ticks per microsecond, against the system clock over 100 ms. */
static void calibrate(void)
{
	long long t0 = nk_now_ns(), t1;
	unsigned long long c0 = rdtsc(), c1;

	nk_sleep_ms(100);
	t1 = nk_now_ns();
	c1 = rdtsc();
	if (t1 - t0 > 1000)
		tsc_per_us = (c1 - c0) * 1000ULL / (unsigned long long)(t1 - t0);
	if (tsc_per_us == 0)
		tsc_per_us = 1;
}

/* Burn for burn_us of running time; the TSC reads are the burn. */
static void burn(long burn_us)
{
	unsigned long long start = rdtsc(), last = start, now;
	unsigned long long want = (unsigned long long)burn_us * tsc_per_us;
	unsigned long long gap = GAP_US * tsc_per_us;

	while ((now = rdtsc()) - start < want) {
		if (now - last < gap)
			cpu_ns += (long long)((now - last) * 1000 / tsc_per_us);
		last = now;
	}
}

static void report(long burn_us, long long elapsed_ns, const char *tail)
{
	long long pct = elapsed_ns > 0 ? cpu_ns * 100 / elapsed_ns : 0;

	nk_printf("cheat pid=%ld burn_us=%ld wakeups=%lld cpu_ms=%lld elapsed_ms=%lld "
		  "cpu_pct=%lld%s\n", sys_getpid(), burn_us, wakeups, cpu_ns / 1000000,
		  elapsed_ns / 1000000, pct, tail);
}

int main(int argc, char **argv)
{
	const char *a;
	long burn_us = 600;
	long long seconds = 0, report_ms = 1000;
	struct lnx_timespec one_tick = { 0, 0 };   /* nickel: until the next tick */

	if ((a = nk_arg(argc, argv, "burn_us")))
		burn_us = atol(a);
	if (burn_us < 1 || burn_us > 100000) {
		nk_printf("cheat: burn_us=%ld: must be 1..100000\n", burn_us);
		return 2;
	}
	if ((a = nk_arg(argc, argv, "seconds")))
		seconds = atoll(a);
	if ((a = nk_arg(argc, argv, "report")))
		report_ms = atoll(a);

	calibrate();
	long long start = nk_now_ns(), next = start + report_ms * 1000000LL, now;
	for (;;) {
		sys_nanosleep(&one_tick, 0);     /* wakes just after a tick */
		wakeups++;
		burn(burn_us);
		now = nk_now_ns();
		if (report_ms > 0 && now >= next) {
			report(burn_us, now - start, "");
			next += report_ms * 1000000LL;
		}
		if (seconds && now - start >= seconds * 1000000000LL)
			break;
	}
	report(burn_us, now - start, " done");
	return 0;
}
