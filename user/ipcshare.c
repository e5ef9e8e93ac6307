/*
 * ipcshare - does calling a server buy a client more CPU than doing the
 * work itself?  (docs/lab.md "IPC: the two answers"; the scenario
 * ipc-donate-caller-gets-no-more-cpu-than-doing-the-work checks it.)
 *
 *   ipcshare [seconds=3] [work_us=2000] [hogs=1]
 *
 * Two phases of `seconds` each, beside `hogs` CPU hogs:
 *   self   the client does work_us of spinning per request itself
 *   call   the client asks a server (endpoint 1) to do the same spin,
 *          request after request (the cheat v7's wake-up credit can be
 *          fooled by: two tasks that mostly sleep, waiting on each other)
 * At the end of a phase each process reports its own CPU time (times():
 * its run_ms; under ipc=donate the server's work is charged to the
 * client).  One line per phase:
 *   ipcshare: phase=self|call requests=N client_ms=C server_ms=S hogs_ms=H share_pct=P
 * share_pct = (client + server) / (client + server + hogs), in percent.
 */
#include <string.h>
#include "nickel.h"
#include "ipc.h"
#include "lab/lab.h"

#define EP 1
#define MAX_HOGS 8

static long long now_us(void)
{
	return nk_now_ns() / 1000;
}

static void spin_us(long us)
{
	long long end = now_us() + us;

	while (now_us() < end)
		;
}

/* This process's CPU time in ms (times(): run_ms at 10 ms granularity). */
static long cpu_ms(void)
{
	struct lnx_tms t;

	sys_times(&t);
	return t.tms_utime * 10;
}

static void report(int fd, long v)
{
	sys_write(fd, &v, sizeof(v));
}

static long collect(int fd)
{
	long v = 0;

	return sys_read(fd, &v, sizeof(v)) == sizeof(v) ? v : -1;
}

/* A hog: spin until `end`, then report its CPU time. */
static void hog(long long end, int fd)
{
	while (now_us() < end)
		spin_us(1000);
	report(fd, cpu_ms());
	sys_exit_group(0);
}

/* The server: spin work_us per call until told to stop (w[0] = 1). */
static void server(int fd, long work_us, int ready_fd)
{
	struct ipc_msg in = { 0 }, out = { 0 };
	long caller;

	if (ipc_endpoint(EP) != 0)
		sys_exit_group(1);
	report(ready_fd, 1);
	caller = ipc_recv(EP, &in, 0);
	while (caller > 0 && in.w[0] == 0) {
		spin_us(work_us);
		caller = ipc_reply_recv(EP, (int)caller, &out, &in, 0);
	}
	report(fd, cpu_ms());
	if (caller > 0)
		ipc_reply((int)caller, &out);
	sys_exit_group(0);
}

static int phase(const char *name, int use_server, long seconds, long work_us, int hogs)
{
	int pfd[2], sfd[2], i;
	long requests = 0, client_ms, server_ms = 0, hogs_ms = 0, spid;
	long long end;
	struct ipc_msg m = { 0 }, r = { 0 };
	long t0 = cpu_ms();

	if (sys_pipe(pfd) < 0 || sys_pipe(sfd) < 0)
		return 1;
	if (use_server) {
		spid = sys_fork();
		if (spid == 0)
			server(sfd[1], work_us, sfd[1]);
		if (collect(sfd[0]) != 1)
			return 1;
	}
	end = now_us() + seconds * 1000000LL;
	for (i = 0; i < hogs; i++)
		if (sys_fork() == 0)
			hog(end, pfd[1]);
	while (now_us() < end) {
		if (use_server) {
			if (ipc_call(EP, &m, &r, 0) != 0)
				return 1;
		} else {
			spin_us(work_us);
		}
		requests++;
	}
	client_ms = cpu_ms() - t0;
	if (use_server) {
		m.w[0] = 1;
		ipc_call(EP, &m, &r, 0);
		server_ms = collect(sfd[0]);
	}
	for (i = 0; i < hogs; i++)
		hogs_ms += collect(pfd[0]);
	while (sys_waitpid(-1, 0, 0) > 0)
		;
	sys_close(pfd[0]);
	sys_close(pfd[1]);
	sys_close(sfd[0]);
	sys_close(sfd[1]);
	nk_printf("ipcshare: phase=%s requests=%ld client_ms=%ld server_ms=%ld "
		  "hogs_ms=%ld share_pct=%ld\n", name, requests, client_ms, server_ms,
		  hogs_ms, (client_ms + server_ms) * 100 /
		  (client_ms + server_ms + hogs_ms + 1));
	return 0;
}

int main(int argc, char **argv)
{
	long seconds = lab_arg_long(argc, argv, "seconds", 3);
	long work_us = lab_arg_long(argc, argv, "work_us", 2000);
	long hogs = lab_arg_long(argc, argv, "hogs", 1);

	if (hogs < 0 || hogs > MAX_HOGS)
		hogs = 1;
	if (ipc_endpoint(IPC_ENDPOINTS) == -LNX_ENOSYS) {
		nk_printf("ipcshare: no IPC calls here (not nickel)\n");
		return 1;
	}
	if (phase("self", 0, seconds, work_us, (int)hogs) ||
	    phase("call", 1, seconds, work_us, (int)hogs))
		return 1;
	return 0;
}
