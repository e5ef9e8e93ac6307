/*
 * reqreply - does every nanosleep come back on time? (docs/time.md)
 *
 *   reqreply [reqs=300] [hogs=4] [sleep_ms=20] [spin_us=1000] [bound_ms=50]
 *            [bound_clock=tsc|ticks]
 *
 * A client (this process, normally init) and a server talk over two pipes
 * while `hogs` children spin.  For each request the client sleeps with
 * nanosleep (sleep_ms plus a sub-millisecond part that changes every time,
 * so the deadlines fall at every phase of the timer tick), writes one byte
 * to the server, and blocks reading the reply; the server reads, spins
 * spin_us and writes the reply.
 *
 * A sleep is *early* when nanosleep returned before the time asked
 * (CLOCK_MONOTONIC, as POSIX requires), *late* when it came back more than
 * bound_ms after it: by CLOCK_MONOTONIC (the TSC), or with bound_clock=ticks
 * by the guest's timer ticks (times(), 10 ms steps), which a host that does
 * not run the guest's CPUs on time does not stretch (under QEMU without
 * -icount a loaded host can make a 1 s wait last 5 s of TSC).  A lost wake-up shows as a run that never ends (the
 * scenario's run=S powers off first, with the stat dump that shows who
 * sleeps on what).  At the end it prints one line
 *   reqreply: n=N early=E late=L late_max_us=M bound_us=B rtt_p50_us=..
 *             rtt_p99_us=.. rtt_max_us=.. result=PASS|FAIL
 * and its round trips are the stat dump's `lat name=reqreply` line.
 */
#include <stdint.h>
#include <string.h>
#include "nickel.h"
#include "lab/lab.h"

static void spin_until_ns(long long end)
{
	while (nk_now_ns() < end)
		;
}

static void hog(void)
{
	for (;;)
		;
}

/* Read one byte, spin, answer; EOF (the client is done) ends it. */
static void server(int req_fd, int reply_fd, long spin_us)
{
	char c;

	while (sys_read(req_fd, &c, 1) == 1) {
		spin_until_ns(nk_now_ns() + spin_us * 1000LL);
		if (sys_write(reply_fd, &c, 1) != 1)
			break;
	}
	sys_exit_group(0);
}

static long start_child(void (*body)(void))
{
	long pid = sys_fork();

	if (pid == 0)
		body();
	return pid;
}

/* The sleep of request i: sleep_ms plus i * 37 us modulo 1 ms. */
static long long sleep_ns_of(long i, long sleep_ms)
{
	return sleep_ms * 1000000LL + (i * 37 % 1000) * 1000LL;
}

/* The guest's timer ticks, in ns (times() counts 10 ms steps). */
static long long ticks_ns(void)
{
	struct lnx_tms t;

	return sys_times(&t) * 10000000LL;
}

/* One nanosleep: how far past the asked time it came back (ns, negative
 * when early) by CLOCK_MONOTONIC, and by the ticks in *past_ticks. */
static long long timed_sleep(long long ns, long long *past_ticks)
{
	struct lnx_timespec ts = { (long)(ns / 1000000000LL), (long)(ns % 1000000000LL) };
	long long t0 = nk_now_ns(), k0 = ticks_ns();

	sys_nanosleep(&ts, 0);
	*past_ticks = ticks_ns() - k0 - ns;
	return nk_now_ns() - t0 - ns;
}

int main(int argc, char **argv)
{
	static struct lab_lat rtt;
	long reqs = lab_arg_long(argc, argv, "reqs", 300);
	long hogs = lab_arg_long(argc, argv, "hogs", 4);
	long sleep_ms = lab_arg_long(argc, argv, "sleep_ms", 20);
	long spin_us = lab_arg_long(argc, argv, "spin_us", 1000);
	long long bound_ns = lab_arg_long(argc, argv, "bound_ms", 50) * 1000000LL;
	const char *clock = nk_arg(argc, argv, "bound_clock");
	int by_ticks = clock && strcmp(clock, "ticks") == 0;
	long early = 0, late = 0;
	long long late_max = 0;
	int req[2], reply[2];
	struct lab_lat_report r;
	char c = 'x';

	lab_lat_init(&rtt, "reqreply");
	if (sys_pipe(req) < 0 || sys_pipe(reply) < 0) {
		nk_printf("reqreply: pipe failed\n");
		return 1;
	}
	for (long h = 0; h < hogs; h++)
		if (start_child(hog) < 0)
			nk_printf("reqreply: fork of hog %ld failed\n", h);
	if (sys_fork() == 0) {
		sys_close(req[1]);
		sys_close(reply[0]);
		server(req[0], reply[1], spin_us);
	}
	sys_close(req[0]);
	sys_close(reply[1]);
	for (long i = 0; i < reqs; i++) {
		long long past_ticks, past = timed_sleep(sleep_ns_of(i, sleep_ms), &past_ticks);
		long long judged = by_ticks ? past_ticks - 10000000LL : past;  /* a 10 ms step */
		if (past < 0)
			early++;
		if (judged > bound_ns)
			late++;
		if (judged > late_max)
			late_max = judged;
		long long t0 = nk_now_ns();
		if (sys_write(req[1], &c, 1) != 1 || sys_read(reply[0], &c, 1) != 1) {
			nk_printf("reqreply: the server is gone after %ld requests\n", i);
			return 1;
		}
		lab_lat_add(&rtt, (nk_now_ns() - t0) / 1000);
		lab_maybe_report(&rtt, 50);
	}
	lab_report(&rtt, 1);
	lab_summary(&rtt, &r);
	nk_printf("reqreply: n=%ld early=%ld late=%ld late_max_us=%lld bound_us=%lld "
		  "rtt_p50_us=%u rtt_p99_us=%u rtt_max_us=%u result=%s bound_clock=%s\n",
		  reqs, early, late, late_max / 1000, bound_ns / 1000, r.p50_us, r.p99_us,
		  r.max_us, early || late ? "FAIL" : "PASS", by_ticks ? "ticks" : "tsc");
	return early || late ? 1 : 0;
}
