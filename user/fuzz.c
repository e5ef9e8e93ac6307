/*
 * fuzz - a seeded system-call fuzzer (docs/robustness.md).
 *
 *   fuzz [seed=N] [batches=B] [calls_per_batch=C] [batch_ms=T] [first=K]
 *        [verbose=1]
 *   fuzz mode=guided|blind [seed=N] [calls=C] [seq_ms=T] [fresh=F] [replay=1]
 *        (the coverage-guided mode, user/fuzz/guided.c; mode=random is
 *        the default, this file)
 *
 * Each batch runs in a forked child (the batch root, user/fuzz/gen.c) that
 * makes C calls drawn from a PRNG seeded with (seed, batch number); it may
 * fork (bounded), exit, exec or die of a signal - all counted.  A watchdog
 * child kills a root still running after T ms of guest time (a call may
 * sleep or block forever: that is allowed).  Then every process the batch
 * created is killed and reaped.  The same seed replays the same calls;
 * first=K batches=1 replays batch K alone.
 *
 * Output: the seed line first, so that any failure can be replayed, then
 *   fuzz: seed=N batches=B calls=C children_killed=K exited=E timeouts=T
 *         strays=S free_pages_before=X free_pages_after=Y
 * On Linux (uname says so) only a host-safe subset of calls is made.
 */
#include <string.h>
#include "nickel.h"
#include <stdlib.h>
#include "fuzz/fuzz.h"

#define NR_nickel_free_pages 1001
#define LNX_SYS_setpgid 57

struct totals {
	long batches, calls, killed, exited, timeouts, strays;
};

/* key=value from argv (as the lab programs take them), or def. */
static long arg_long(int argc, char **argv, const char *key, long def)
{
	const char *a = nk_arg(argc, argv, key);
	return a ? strtol(a, 0, 10) : def;
}

static int on_linux(void)
{
	struct lnx_utsname u;

	return sys_uname(&u) == 0 && strcmp(u.sysname, "Linux") == 0;
}

static uint32_t batch_seed(long seed, long b)
{
	uint32_t s = (uint32_t)seed * 2654435761u ^ (uint32_t)b * 40503u ^ 0x5bd1e995u;
	return s ? s : 1;
}

/* The batch root: wait for the watchdog's pid, shed the console, fuzz. */
static void run_root(struct fuzz_proc *p, int go, int rep, long calls)
{
	int i, wd = 0;

	sys_read(go, &wd, sizeof(wd));
	p->watchdog = wd;
	p->self = p->root = (int)sys_getpid();
	sys_dup2(rep, FUZZ_REPORT_FD);
	for (i = 0; i < FUZZ_REPORT_FD; i++)
		sys_close(i);                    /* console and pipe ends: not ours */
	if (p->linux_host)
		syscall2(LNX_SYS_setpgid, 0, 0); /* the cleanup kills this group */
	fuzz_batch(p, calls);
}

/* The watchdog: kill the watched child if it is still running after ms,
 * then exit with status 1 (how fuzz_reap_watched tells it fired). */
void fuzz_run_watchdog(long child, long ms)
{
	int i;

	for (i = 0; i < 32; i++)
		sys_close(i);                    /* a report pipe's EOF is the child's exit */
	nk_sleep_ms(ms);
	sys_kill((int)child, LNX_SIGKILL);
	sys_exit_group(1);
}

/* End a watched run: stop the watchdog, reap the child (its status in
 * *child_status) and the watchdog; 1 when the watchdog had fired. */
int fuzz_reap_watched(long child, long wd, int *child_status)
{
	int wst = 0;

	if (wd > 0)
		sys_kill((int)wd, LNX_SIGKILL);
	if (child > 0)
		sys_waitpid((int)child, child_status, 0);
	if (wd > 0)
		sys_waitpid((int)wd, &wst, 0);
	return wd > 0 && (wst & 0x7F) == 0 && (wst >> 8) == 1;
}

/* Kill whatever the batch left (forked children blocked forever ...). */
static long kill_leftovers(long root, long wd, int linux_host)
{
	long probe = sys_fork(), pid, strays = 0;
	int st;

	if (probe == 0)
		sys_exit_group(0);
	if (linux_host) {
		if (sys_kill(-(int)root, LNX_SIGKILL) == 0)
			strays++;
	} else {
		/* Every process created after the root belongs to the batch
		 * (true in demo=fuzz and make soak: nothing else starts
		 * processes meanwhile). */
		for (pid = root + 1; probe > 0 && pid < probe; pid++)
			if (pid != wd && sys_kill((int)pid, LNX_SIGKILL) == 0)
				strays++;
	}
	if (probe > 0)
		sys_waitpid((int)probe, &st, 0);
	return strays;
}

/* Orphans come to init; reap whatever of ours has exited. */
static void reap_exited(void)
{
	int st;

	while (sys_waitpid(-1, &st, LNX_WNOHANG) > 0)
		;
}

static int verbose;                      /* verbose=1: one line per batch */

static void one_batch(struct totals *t, uint32_t seed, long calls, long ms,
		      int linux_host)
{
	int go[2], rep[2], st = 0, timed_out;
	long root, wd, n, last = 0;
	struct fuzz_proc p;

	if (sys_pipe(go) < 0 || sys_pipe(rep) < 0) {
		nk_printf("fuzz: no pipes for a batch\n");
		return;
	}
	memset(&p, 0, sizeof(p));
	p.rng = seed;
	p.linux_host = linux_host;
	p.is_root = 1;
	root = sys_fork();
	if (root == 0)
		run_root(&p, go[0], rep[1], calls);
	wd = root > 0 ? sys_fork() : -1;
	if (wd == 0)
		fuzz_run_watchdog(root, ms);
	sys_write(go[1], &wd, sizeof(int));
	sys_close(go[0]);
	sys_close(go[1]);
	sys_close(rep[1]);
	do                                   /* the last count is the total */
		n = sys_read(rep[0], &last, sizeof(last));
	while (n == sizeof(last));
	sys_close(rep[0]);
	timed_out = fuzz_reap_watched(root, wd, &st);
	if (root < 0 || wd < 0)
		nk_printf("fuzz: fork for a batch failed: %ld %ld\n", root, wd);
	if (verbose)
		nk_printf("fuzz: batch seed=%u status=0x%x calls=%ld\n", seed, st, last);
	t->batches += root > 0;
	t->calls += last;
	t->killed += root > 0 && (st & 0x7F) != 0;
	t->exited += root > 0 && (st & 0x7F) == 0 && (st >> 8) != 0;
	t->timeouts += timed_out;
	t->strays += root > 0 ? kill_leftovers(root, wd, linux_host) : 0;
	reap_exited();
}

int main(int argc, char **argv)
{
	long seed = arg_long(argc, argv, "seed", 1);
	long batches = arg_long(argc, argv, "batches", 20);
	long calls = arg_long(argc, argv, "calls_per_batch", 200);
	long ms = arg_long(argc, argv, "batch_ms", 2000);
	long first = arg_long(argc, argv, "first", 0);
	int linux_host = on_linux();

	const char *mode = nk_arg(argc, argv, "mode");

	if (mode && strcmp(mode, "random") != 0)         /* guided, blind */
		return fuzz_guided(mode, seed, arg_long(argc, argv, "calls", 2000),
				   arg_long(argc, argv, "seq_ms", 500),
				   arg_long(argc, argv, "fresh", 50),
				   (int)arg_long(argc, argv, "replay", 0));
	verbose = (int)arg_long(argc, argv, "verbose", 0);
	long before = syscall0(NR_nickel_free_pages), after;
	struct totals t;

	memset(&t, 0, sizeof(t));
	nk_printf("fuzz: seed=%ld batches=%ld calls_per_batch=%ld batch_ms=%ld "
		  "first=%ld os=%s\n", seed, batches, calls, ms, first,
		  linux_host ? "linux" : "nickel");
	for (long b = first; b < first + batches; b++)
		one_batch(&t, batch_seed(seed, b), calls, ms, linux_host);
	while (sys_waitpid(-1, 0, 0) > 0)        /* killed leftovers, if init */
		;
	after = syscall0(NR_nickel_free_pages);
	nk_printf("fuzz: seed=%ld batches=%ld calls=%ld children_killed=%ld "
		  "exited=%ld timeouts=%ld strays=%ld "
		  "free_pages_before=%ld free_pages_after=%ld\n", seed, t.batches,
		  t.calls, t.killed, t.exited, t.timeouts, t.strays,
		  before, after);
	return 0;
}
