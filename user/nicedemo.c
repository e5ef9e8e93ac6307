/*
 * nicedemo - fork one CPU hog per nice value, let them run, print the shares.
 *
 *   nicedemo [nice=0,5,10] [seconds=S] [cpu=N]
 *
 * Each child sets its nice, spins for S seconds (default 2) counting loops,
 * and sends the count to the parent through a pipe.  cpu=N pins everything
 * to CPU N first (sched_setaffinity), so the hogs share one CPU and the
 * shares show the policy.  Output, one line per hog, then a total:
 *   nicedemo nice=N pid=P loops=L share_pct=X
 *   nicedemo total_loops=T hogs=K seconds=S
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "nickel.h"

#define MAXHOGS 16

int main(int argc, char **argv)
{
	const char *list = nk_arg(argc, argv, "nice");
	const char *a;
	int nices[MAXHOGS], n = 0;
	long seconds = 2;

	if (!list)
		list = "0,5,10";
	for (const char *p = list; *p && n < MAXHOGS; ) {
		nices[n++] = (int)strtol(p, (char **)&p, 10);
		if (*p == ',')
			p++;
		else
			break;
	}
	if ((a = nk_arg(argc, argv, "seconds")))
		seconds = atol(a);
	if ((a = nk_arg(argc, argv, "cpu"))) {
		unsigned long mask = 1UL << atoi(a);
		long r = sys_sched_setaffinity(0, sizeof mask, &mask);
		if (r < 0)
			nk_printf("nicedemo: sched_setaffinity: %ld\n", r);
	}

	int fds[2];
	if (sys_pipe(fds) < 0) {
		nk_printf("nicedemo: pipe failed\n");
		return 1;
	}
	long pids[MAXHOGS];
	for (int i = 0; i < n; i++) {
		pids[i] = sys_fork();
		if (pids[i] < 0) {
			nk_printf("nicedemo: fork: %ld\n", pids[i]);
			return 1;
		}
		if (pids[i] == 0) {
			sys_close(fds[0]);
			sys_setpriority(LNX_PRIO_PROCESS, 0, nices[i]);
			long long end = nk_now_ns() + seconds * 1000000000LL;
			volatile unsigned long sink = 0;
			long long loops = 0;
			while (nk_now_ns() < end) {
				for (unsigned long j = 0; j < (1UL << 16); j++)
					sink += j ^ (sink >> 3);
				loops++;
			}
			long long msg[2] = { i, loops };
			sys_write(fds[1], msg, sizeof msg);
			sys_exit_group(0);
		}
	}
	sys_close(fds[1]);
	long long loops[MAXHOGS] = { 0 }, total = 0, msg[2];
	while (sys_read(fds[0], msg, sizeof msg) == sizeof msg)
		if (msg[0] >= 0 && msg[0] < n)
			loops[msg[0]] = msg[1];
	for (int i = 0; i < n; i++) {
		int st;
		sys_waitpid((int)pids[i], &st, 0);
		total += loops[i];
	}
	for (int i = 0; i < n; i++)
		nk_printf("nicedemo nice=%d pid=%ld loops=%lld share_pct=%lld\n", nices[i],
			  pids[i], loops[i], total ? loops[i] * 100 / total : 0);
	nk_printf("nicedemo total_loops=%lld hogs=%d seconds=%ld\n", total, n, seconds);
	return 0;
}
