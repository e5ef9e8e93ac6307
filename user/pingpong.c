/*
 * pingpong - cross-CPU wake-up latency (docs/smp.md).
 *
 *   pingpong [n=1000] [waiter_cpu=1] [writer_cpu=0] [gap_us=2000] [seed=1]
 *
 * The waiter (this process, normally init) is pinned to waiter_cpu and
 * blocks in read() on a pipe.  A child pinned to writer_cpu writes the
 * CLOCK_MONOTONIC time into the pipe n times, each after a random gap of
 * 0..gap_us (a sleep of at least 1 ms, then a short spin, so the waiter is
 * surely asleep when the stamp comes).  The waiter records now - stamp:
 * the time from the write on one CPU to the woken task running on another.
 * Its summary is the stat dump's `lat name=pingpong` line (nickel call
 * 1000; printed on stdout on Linux), and at the end it prints
 *   pingpong: n=N p50_us=.. p99_us=.. max_us=..
 * (The stat dump's task line of the waiter shows where it ran: cpu= and
 * migrations=, one move from the CPU it started on.)
 */
#include <stdint.h>
#include "nickel.h"
#include "lab/lab.h"

static int pin_to(long cpu, const char *who)
{
	unsigned long mask = 1UL << cpu;
	long r = sys_sched_setaffinity(0, sizeof(mask), &mask);

	if (r < 0)
		nk_printf("pingpong: %s: sched_setaffinity(cpu %ld): %ld\n", who, cpu, r);
	return r < 0 ? -1 : 0;
}

/* A small linear congruential generator: the gaps are the same every run
 * with the same seed. */
static uint32_t rnd_state;
static uint32_t rnd(void)
{
	rnd_state = rnd_state * 1664525u + 1013904223u;
	return rnd_state >> 8;
}

static void spin_us(long us)
{
	long long end = nk_now_ns() + us * 1000LL;
	while (nk_now_ns() < end)
		;
}

static void writer(int fd, long n, long gap_us)
{
	for (long i = 0; i < n; i++) {
		long gap = gap_us > 0 ? (long)(rnd() % (uint32_t)gap_us) : 0;
		nk_sleep_ms(1);
		spin_us(gap % 1000);
		long long stamp = nk_now_ns();
		if (sys_write(fd, &stamp, sizeof stamp) != sizeof stamp)
			break;
	}
	sys_exit_group(0);
}

int main(int argc, char **argv)
{
	static struct lab_lat lat;
	long n = lab_arg_long(argc, argv, "n", 1000);
	long wcpu = lab_arg_long(argc, argv, "waiter_cpu", 1);
	long scpu = lab_arg_long(argc, argv, "writer_cpu", 0);
	long gap_us = lab_arg_long(argc, argv, "gap_us", 2000);
	long got = 0;
	int fds[2], st;

	rnd_state = (uint32_t)lab_arg_long(argc, argv, "seed", 1);
	lab_lat_init(&lat, "pingpong");
	if (sys_pipe(fds) < 0 || pin_to(wcpu, "waiter") < 0)
		return 1;
	long pid = sys_fork();
	if (pid == 0) {
		sys_close(fds[0]);
		if (pin_to(scpu, "writer") == 0)
			writer(fds[1], n, gap_us);
		sys_exit_group(1);
	}
	if (pid < 0) {
		nk_printf("pingpong: fork: %ld\n", pid);
		return 1;
	}
	sys_close(fds[1]);
	long long stamp;
	/* 8 bytes: a pipe write below PIPE_BUF arrives whole. */
	while (sys_read(fds[0], &stamp, sizeof stamp) == sizeof stamp) {
		long long now = nk_now_ns();
		/* No periodic report here: sorting the samples takes long
		 * enough under TCG to delay the next wake-up's measurement. */
		lab_lat_add(&lat, (now - stamp) / 1000);
		got++;
	}
	sys_waitpid((int)pid, &st, 0);
	lab_report(&lat, 1);
	struct lab_lat_report r;
	lab_summary(&lat, &r);
	nk_printf("pingpong: n=%ld p50_us=%u p99_us=%u max_us=%u\n", got,
		  (unsigned)r.p50_us, (unsigned)r.p99_us, (unsigned)r.max_us);
	return got == n ? 0 : 1;
}
