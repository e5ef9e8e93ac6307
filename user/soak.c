/*
 * soak - init for make soak (docs/robustness.md):
 *   init=soak -- seconds=S [hogs=2] [batches=5] [calls_per_batch=200]
 *                [seed=1] [slack_pages=64]
 * Starts the desktop (desktop.c) for S seconds, then runs the fuzzer again
 * and again (seed, seed+1, ...; `batches` batches each) until S seconds
 * are up, reaping orphans as it goes; waits for the desktop's end, kills
 * the fuzzer's leftover processes, reaps everything, and prints
 *   soak: seconds=S fuzz_runs=R fuzz_failed=F desktop_status=D
 *         free_pages_before=X free_pages_after=Y slack_pages=K result=PASS|FAIL
 *         strays_killed=N
 * PASS needs every fuzz run and the desktop to exit 0 and free_pages back
 * to within slack_pages of the start (the kernel heap keeps the 64 KiB
 * chunks it grew by: 16 pages each, not a leak).  Every program must be a
 * module: soak fuzz hello desktop xserver xclient audio video hog.
 */
#include <stdlib.h>
#include "nickel.h"
#include "lab/lab.h"
#include "lab/launch.h"

#define NR_nickel_free_pages 1001

static long wait_for(long pid)
{
	int st = 0;

	if (pid > 0)
		while (sys_waitpid(-1, &st, 0) != pid)
			;                           /* orphans are reaped on the way */
	return pid > 0 ? st : -1;
}

/*
 * Processes the fuzzer's children forked and left behind (reparented to
 * us, init) may sleep for ever, e.g. reading a pipe whose writer they hold:
 * waiting for them hung the first 600 s soak after its last run.  Kill
 * every other process: pids run from 2 to the newest, which a throwaway
 * fork tells.  Returns how many were still there.
 */
static long kill_strays(void)
{
	long newest = sys_fork(), pid, me = sys_getpid(), killed = 0;
	int st;

	if (newest == 0)
		sys_exit_group(0);
	if (newest < 0)
		return 0;
	sys_waitpid((int)newest, &st, 0);
	for (pid = 2; pid < newest; pid++)
		if (pid != me && sys_kill((int)pid, LNX_SIGKILL) == 0)
			killed++;
	return killed;
}

#define PROGRESS_NS 60000000000LL      /* a progress line a minute */

/* "soak: progress 120/600 s, 41 fuzz runs (0 failed), about 480 s left":
 * the soak ends on time, not after a number of runs. */
static void report_progress(long long start, long long end, long runs, long failed,
			    long long *next)
{
	long long now = nk_now_ns();

	if (now < *next || now >= end)
		return;
	*next = now + PROGRESS_NS;
	nk_printf("soak: progress %ld/%ld s, %ld fuzz runs (%ld failed), about %ld s left\n",
		  (long)((now - start) / 1000000000LL), (long)((end - start) / 1000000000LL),
		  runs, failed, (long)((end - now) / 1000000000LL));
}

int main(int argc, char **argv)
{
	long seconds = lab_arg_long(argc, argv, "seconds", 60);
	long seed = lab_arg_long(argc, argv, "seed", 1);
	long slack = lab_arg_long(argc, argv, "slack_pages", 64);
	long before = syscall0(NR_nickel_free_pages), after, runs = 0, failed = 0;
	long long start = nk_now_ns(), next_report = start + PROGRESS_NS;
	long long end = start + seconds * 1000000000LL;
	int desktop_st;
	long strays;

	lab_launch_init(argv[0]);
	char *dargs[] = { lab_kv("seconds", seconds),
			  lab_kv("hogs", lab_arg_long(argc, argv, "hogs", 2)),
			  0 };
	long desktop = lab_spawn("desktop", dargs);
	nk_sleep_ms(3000);                   /* desktop starts all its programs first */
	while (nk_now_ns() < end) {
		char *fargs[] = { lab_kv("seed", seed + runs),
				  lab_kv("batches", lab_arg_long(argc, argv, "batches", 5)),
				  lab_kv("calls_per_batch",
					 lab_arg_long(argc, argv, "calls_per_batch", 200)), 0 };
		long st = wait_for(lab_spawn("fuzz", fargs));
		runs++;
		report_progress(start, end, runs, failed, &next_report);
		if (st != 0) {
			failed++;
			nk_printf("soak: fuzz seed=%ld ended with status 0x%lx\n",
				  seed + runs - 1, st);
		}
	}
	desktop_st = (int)wait_for(desktop);
	strays = kill_strays();
	while (sys_waitpid(-1, 0, 0) > 0)
		;
	nk_sleep_ms(100);                    /* the reaper frees what it was given */
	after = syscall0(NR_nickel_free_pages);
	int pass = failed == 0 && desktop_st == 0 && after >= before - slack;
	nk_printf("soak: seconds=%ld fuzz_runs=%ld fuzz_failed=%ld desktop_status=%d "
		  "free_pages_before=%ld free_pages_after=%ld slack_pages=%ld result=%s "
		  "strays_killed=%ld\n",
		  seconds, runs, failed, desktop_st, before, after, slack,
		  pass ? "PASS" : "FAIL", strays);
	return pass ? 0 : 1;
}
