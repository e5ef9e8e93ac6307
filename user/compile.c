/*
 * compile - a make-like load: keeps jobs=N children alive; each child is a
 * short CPU burst (burst_ms, like one compiler run) and exits; the parent
 * reaps it and forks the next.  This is the fork/exit pattern the
 * schedulers' fork and exit rules (timeslice split, sleep_avg inheritance)
 * are about.
 *
 *   compile [jobs=4] [burst_ms=30] [seconds=5]
 * prints at the end: compile jobs=N burst_ms=M done=D
 * Its lat line (name=compile, reported every 250 ms, so a dump taken while
 * it runs shows its progress) counts the finished jobs as n and measures
 * each job's turnaround, fork to reaped; no deadlines (-1).
 */
#include "nickel.h"
#include "lab/lab.h"

#define MAX_JOBS 32

struct job {
	long pid;
	long long forked_ns;
};

static struct job job[MAX_JOBS];        /* pid 0: a free slot */
static struct lab_lat lat;

static long start_job(struct job *j, long burst_ms)
{
	long pid = sys_fork();
	if (pid == 0) {
		lab_burn_us(burst_ms * 1000);
		sys_exit_group(0);
	}
	if (pid < 0) {
		nk_printf("compile: fork: %ld\n", pid);
		return pid;
	}
	j->pid = pid;
	j->forked_ns = nk_now_ns();
	return pid;
}

/* The job slot of a reaped child: its turnaround goes into the lat line. */
static struct job *job_done(long pid)
{
	for (int i = 0; i < MAX_JOBS; i++)
		if (job[i].pid == pid) {
			lab_lat_add(&lat, (nk_now_ns() - job[i].forked_ns) / 1000);
			lab_maybe_report(&lat, 0);
			job[i].pid = 0;
			return &job[i];
		}
	return 0;
}

int main(int argc, char **argv)
{
	long jobs = lab_arg_long(argc, argv, "jobs", 4);
	long burst_ms = lab_arg_long(argc, argv, "burst_ms", 30);
	long seconds = lab_arg_long(argc, argv, "seconds", 5);
	long done = 0, running = 0;

	if (jobs > MAX_JOBS)
		jobs = MAX_JOBS;
	lab_lat_init(&lat, "compile");
	lab_calibrate_args(argc, argv);                /* once here; the children inherit it */
	long long end = nk_now_ns() + seconds * 1000000000LL;
	while (running < jobs && start_job(&job[running], burst_ms) > 0)
		running++;
	while (running > 0) {
		int st;
		long pid = sys_waitpid(-1, &st, 0);
		if (pid <= 0)
			break;
		struct job *slot = job_done(pid);
		running--;
		done++;
		if (slot && nk_now_ns() < end && start_job(slot, burst_ms) > 0)
			running++;
	}
	lab_report(&lat, 1);
	nk_printf("compile jobs=%ld burst_ms=%ld done=%ld\n", jobs, burst_ms, done);
	return 0;
}
