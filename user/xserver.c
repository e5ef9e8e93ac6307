/*
 * xserver - the lab's X server: sleeps on a request pipe; per request about
 * 1 ms of CPU work, then a reply on that client's pipe.
 *
 *   xserver req=FD reps=FD0,FD1,.. [work_us=1000] [seconds=S] [nice=N]
 *           [report=100] [linger=1]
 *
 * Normally started by desktop/compiledemo, which creates the pipes.  Its lat
 * line (name=xserver) is its wake-up latency: request written -> request
 * read by the server.  No deadlines (-1).
 */
#include <stdlib.h>
#include "nickel.h"
#include "lab/lab.h"

#define MAX_REPS 8

static struct lab_lat lat;

int main(int argc, char **argv)
{
	int req = (int)lab_arg_long(argc, argv, "req", 0);
	long work_us = lab_arg_long(argc, argv, "work_us", 1000);
	long seconds = lab_arg_long(argc, argv, "seconds", 0);
	long every = lab_arg_long(argc, argv, "report", 100);
	const char *list = nk_arg(argc, argv, "reps");
	int reps[MAX_REPS], nreps = 0;

	for (const char *p = list ? list : "1"; *p && nreps < MAX_REPS; ) {
		reps[nreps++] = (int)strtol(p, (char **)&p, 10);
		if (*p != ',')
			break;
		p++;
	}
	lab_apply_nice(argc, argv, "xserver");
	lab_calibrate_args(argc, argv);
	lab_lat_init(&lat, "xserver");
	long long end = seconds ? nk_now_ns() + seconds * 1000000000LL : 0;
	struct lab_xmsg m;
	while (lab_read_msg(req, &m)) {
		lab_lat_add(&lat, (nk_now_ns() - m.sent_ns) / 1000);
		lab_burn_us(work_us);
		if (m.client >= 0 && m.client < nreps)
			sys_write(reps[m.client], &m, sizeof m);
		lab_maybe_report(&lat, every);
		if (end && nk_now_ns() >= end)
			break;
	}
	lab_report(&lat, 1);
	lab_linger(argc, argv);
	return 0;
}
