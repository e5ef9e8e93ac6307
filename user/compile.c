/*
 * compile - a make-like load: keeps jobs=N children alive; each child is a
 * short CPU burst (burst_ms, like one compiler run) and exits; the parent
 * reaps it and forks the next.  This is the fork/exit pattern the
 * schedulers' fork and exit rules (timeslice split, sleep_avg inheritance)
 * are about.
 *
 *   compile [jobs=4] [burst_ms=30] [seconds=5]
 * prints at the end: compile jobs=N burst_ms=M done=D
 */
#include "nickel.h"
#include "lab/lab.h"

static long start_job(long burst_ms)
{
	long pid = sys_fork();
	if (pid == 0) {
		lab_burn_us(burst_ms * 1000);
		sys_exit_group(0);
	}
	if (pid < 0)
		nk_printf("compile: fork: %ld\n", pid);
	return pid;
}

int main(int argc, char **argv)
{
	long jobs = lab_arg_long(argc, argv, "jobs", 4);
	long burst_ms = lab_arg_long(argc, argv, "burst_ms", 30);
	long seconds = lab_arg_long(argc, argv, "seconds", 5);
	long done = 0, running = 0;

	lab_calibrate_args(argc, argv);                /* once here; the children inherit it */
	long long end = nk_now_ns() + seconds * 1000000000LL;
	while (running < jobs && start_job(burst_ms) > 0)
		running++;
	while (running > 0) {
		int st;
		if (sys_waitpid(-1, &st, 0) <= 0)
			break;
		running--;
		done++;
		if (nk_now_ns() < end && start_job(burst_ms) > 0)
			running++;
	}
	nk_printf("compile jobs=%ld burst_ms=%ld done=%ld\n", jobs, burst_ms, done);
	return 0;
}
