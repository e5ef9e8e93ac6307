/*
 * forkstorm - a ring-3 fork/exit storm (docs/smp.md), normally init:
 *
 *   forkstorm [children=8] [forks=4] [seconds=10] [warmup_ms=300]
 *
 * Keeps `children` workers alive for `seconds`: each worker forks `forks`
 * grandchildren one after another (each exits at once), reaps them, sends
 * its counts to the parent through a pipe and exits; the parent reaps it
 * and starts the next.  A short storm of warmup_ms first lets the kernel
 * heap grow to its working size, then the baseline is taken.  At the end:
 *   forkstorm: created=C reaped=R failed=F free_pages_before=A free_pages_after=B
 * created counts every successful fork (workers and grandchildren), reaped
 * every wait that returned a child; free pages come from nickel's call 1001
 * (the stat dump's free_pages; -38 on Linux).  Exit status 0 when
 * created == reaped.
 */
#include "nickel.h"
#include "lab/lab.h"

#define NR_nickel_free_pages 1001
#define MAX_CHILDREN 64

struct counts { long created, reaped, failed; };

static void add(struct counts *to, const struct counts *c)
{
	to->created += c->created;
	to->reaped += c->reaped;
	to->failed += c->failed;
}

/* A worker: fork and reap `forks` grandchildren, report, exit. */
static void worker(int report_fd, long forks)
{
	struct counts c = { 0, 0, 0 };
	int st;

	for (long i = 0; i < forks; i++) {
		long pid = sys_fork();
		if (pid == 0)
			sys_exit_group(0);
		if (pid < 0) {
			c.failed++;
			continue;
		}
		c.created++;
		if (sys_waitpid((int)pid, &st, 0) == pid)
			c.reaped++;
	}
	sys_write(report_fd, &c, sizeof c);     /* < PIPE_BUF: arrives whole */
	sys_exit_group(0);
}

static long start_worker(int report_fd, long forks, struct counts *total)
{
	long pid = sys_fork();

	if (pid == 0)
		worker(report_fd, forks);
	if (pid < 0)
		total->failed++;
	else
		total->created++;
	return pid;
}

/*
 * Run the storm for ms milliseconds; every worker is reaped before return.
 * Each worker writes exactly one record before it exits, so the parent
 * reads one record per worker as it reaps them: a pipe left unread while
 * thousands of workers come and go would fill, and workers blocked in
 * write() would never exit for the parent blocked in waitpid().
 */
static void storm(long children, long forks, long ms, struct counts *total)
{
	int fds[2], st;
	long running = 0;
	struct counts c;

	if (sys_pipe(fds) < 0) {
		nk_printf("forkstorm: pipe failed\n");
		return;
	}
	long long end = nk_now_ns() + ms * 1000000LL;
	while (running < children && start_worker(fds[1], forks, total) > 0)
		running++;
	while (running > 0) {
		if (sys_read(fds[0], &c, sizeof c) != sizeof c)
			break;
		add(total, &c);
		if (sys_waitpid(-1, &st, 0) <= 0)
			break;
		total->reaped++;
		running--;
		if (nk_now_ns() < end && start_worker(fds[1], forks, total) > 0)
			running++;
	}
	sys_close(fds[1]);
	sys_close(fds[0]);
}

int main(int argc, char **argv)
{
	long children = lab_arg_long(argc, argv, "children", 8);
	long forks = lab_arg_long(argc, argv, "forks", 4);
	long seconds = lab_arg_long(argc, argv, "seconds", 10);
	struct counts warm = { 0, 0, 0 }, total = { 0, 0, 0 };

	if (children < 1 || children > MAX_CHILDREN) {
		nk_printf("forkstorm: children=%ld: must be 1..%d\n", children, MAX_CHILDREN);
		return 2;
	}
	storm(children, forks, lab_arg_long(argc, argv, "warmup_ms", 300), &warm);
	long before = syscall0(NR_nickel_free_pages);
	nk_printf("forkstorm: start children=%ld forks=%ld seconds=%ld\n", children, forks,
		  seconds);
	storm(children, forks, seconds * 1000, &total);
	long after = syscall0(NR_nickel_free_pages);
	nk_printf("forkstorm: created=%ld reaped=%ld failed=%ld free_pages_before=%ld "
		  "free_pages_after=%ld\n", total.created, total.reaped, total.failed,
		  before, after);
	return total.created == total.reaped && warm.created == warm.reaped ? 0 : 1;
}
