/*
 * xserver - the lab's X server: sleeps on a request pipe; per request about
 * 1 ms of CPU work, then a reply on that client's pipe.
 *
 *   xserver req=FD reps=FD0,FD1,.. [work_us=1000] [seconds=S] [nice=N]
 *           [report=100] [linger=1]
 *   xserver ep=N ...     the same, serving IPC endpoint N (xipc.h) instead
 *
 * Normally started by desktop/compiledemo, which creates the pipes.  Its lat
 * line (name=xserver) is its wake-up latency: request written -> request
 * read by the server.  No deadlines (-1).
 */
#include <stdlib.h>
#include "nickel.h"
#include "lab/lab.h"
#include "lab/xipc.h"

#define MAX_REPS 8

static struct lab_lat lat;
static long work_us, every;
static long long end;

/* One request: its latency, the work; 0 once `seconds` are over. */
static int serve(struct lab_xmsg *m)
{
	lab_lat_add(&lat, (nk_now_ns() - m->sent_ns) / 1000);
	lab_burn_us(work_us);
	lab_maybe_report(&lat, every);
	return !(end && nk_now_ns() >= end);
}

int main(int argc, char **argv)
{
	int req = (int)lab_arg_long(argc, argv, "req", 0);
	long seconds = lab_arg_long(argc, argv, "seconds", 0);
	long ep = lab_arg_long(argc, argv, "ep", -1);
	const char *list = nk_arg(argc, argv, "reps");
	int reps[MAX_REPS], nreps = 0;

	for (const char *p = list ? list : "1"; *p && nreps < MAX_REPS; ) {
		reps[nreps++] = (int)strtol(p, (char **)&p, 10);
		if (*p != ',')
			break;
		p++;
	}
	work_us = lab_arg_long(argc, argv, "work_us", 1000);
	every = lab_arg_long(argc, argv, "report", 100);
	lab_apply_nice(argc, argv, "xserver");
	lab_calibrate_args(argc, argv);
	lab_lat_init(&lat, "xserver");
	end = seconds ? nk_now_ns() + seconds * 1000000000LL : 0;
	struct lab_xmsg m;
	if (ep >= 0)
		xipc_serve((int)ep, serve);
	while (ep < 0 && lab_read_msg(req, &m)) {
		int more = serve(&m);
		if (m.client >= 0 && m.client < nreps)
			sys_write(reps[m.client], &m, sizeof m);
		if (!more)
			break;
	}
	lab_report(&lat, 1);
	lab_linger(argc, argv);
	return 0;
}
