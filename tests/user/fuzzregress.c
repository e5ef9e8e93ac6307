/*
 * fuzzregress - one test per kernel bug the fuzzer found (docs/robustness.md).
 *   fuzzregress [only=PREFIX]
 * One line per test: `PASS fuzzregress:NAME` or `FAIL fuzzregress:NAME: why`,
 * then `fuzzregress: N passed, M failed`; exit 0 iff all passed.  Runs on
 * nickel (tests/scenarios/fuzzregress.py) and on Linux under qemu-i386.
 */
#include <stdio.h>
#include <string.h>
#include "nickel.h"

static int npass, nfail;
static const char *only;
static char why[200];

#define FAILIF(cond, ...) do { \
	if (cond) { snprintf(why, sizeof why, __VA_ARGS__); return -1; } \
} while (0)

static void run(const char *name, int (*fn)(void))
{
	if (only && strncmp(name, only, strlen(only)) != 0)
		return;
	if (fn() == 0) {
		npass++;
		nk_printf("PASS fuzzregress:%s\n", name);
	} else {
		nfail++;
		nk_printf("FAIL fuzzregress:%s: %s\n", name, why);
	}
}

/* Fuzz seed=1 batch 0: a child killed in nanosleep stayed on the kernel's
 * timer list; when its deadline came the tick woke the freed task (hang).
 * Kill sleepers, then sleep past their deadlines and sleep again. */
static int t_kill_sleeper(void)
{
	int i, st;

	for (i = 0; i < 4; i++) {
		long pid = sys_fork();
		if (pid == 0) {
			nk_sleep_ms(100 + 20 * i);
			sys_exit_group(0);
		}
		FAILIF(pid < 0, "fork: %ld", pid);
		nk_sleep_ms(5);
		FAILIF(sys_kill((int)pid, LNX_SIGKILL) != 0, "kill %ld", pid);
		FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
		FAILIF((st & 0x7F) != LNX_SIGKILL, "status 0x%x, want SIGKILL", st);
	}
	long long t0 = nk_now_ns();
	nk_sleep_ms(300);                   /* past every killed sleeper's deadline */
	nk_sleep_ms(20);
	FAILIF(nk_now_ns() - t0 < 320000000LL, "slept %lld ns, want >= 320 ms",
	       nk_now_ns() - t0);
	return 0;
}

/* Call 1000's name went into the stat dump verbatim: a program could forge
 * lines (here a false "=== end").  Now it is one word; the
 * scenario checks the final dump's `lat name=x_===_end_y` line. */
static int t_lat_name(void)
{
	struct { char name[16]; unsigned v[5]; int pct; } r = {
		"x\n=== end y", { 1, 2, 3, 4, 5 }, -1 };
	long ret = syscall1(1000, (long)&r);

	FAILIF(ret != 0 && ret != -LNX_ENOSYS, "call 1000: %ld", ret);
	return 0;
}

int main(int argc, char **argv)
{
	only = nk_arg(argc, argv, "only");
	run("kill_sleeper", t_kill_sleeper);
	run("lat_name", t_lat_name);
	nk_printf("fuzzregress: %d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
