/*
 * desktop - the lab's desktop session, normally init:
 *   init=desktop -- hogs=4 seconds=8 [xnice=-5] [clients=2] [audio=1]
 *                   [video=1] [scroller=0] [warmup_ms=500] [cal_ns=N] [xipc=0]
 * Calibrates the CPU work once, starts `hogs` CPU hogs, lets them run
 * warmup_ms, then starts xserver and `clients` xclients (wired with pipes),
 * audio, video and optionally a scroller; waits `seconds`; then kills
 * everything and exits 0, so nickel prints its final stat dump (with every
 * measuring task's `lat` line) and powers off.  Every program it starts must
 * be passed as a module: desktop xserver xclient audio video hog [scroller].
 * xipc=1: the clients call the X server through nickel's IPC (lab/xipc.h)
 * instead of writing to its pipe; audio and video talk to nobody.
 * seconds=0: until powered off (demo=desktop without run=; launch.c).
 * The measuring programs stop measuring after `seconds`, make their final
 * report and stay asleep (linger=1) so the final dump still lists them.
 */
#include "nickel.h"
#include "lab/lab.h"
#include "lab/launch.h"

#define MAX_HOGS 32

int main(int argc, char **argv)
{
	long hogs = lab_arg_long(argc, argv, "hogs", 0);
	long seconds = lab_arg_long(argc, argv, "seconds", 8);
	int xnice = (int)lab_arg_long(argc, argv, "xnice", 0);
	int clients = (int)lab_arg_long(argc, argv, "clients", 2);
	long others[6], hog[MAX_HOGS];
	int nothers = 0;
	struct lab_x x;

	lab_launch_init(argv[0]);
	lab_use_xipc((int)lab_arg_long(argc, argv, "xipc", 0));
	if (hogs > MAX_HOGS)
		hogs = MAX_HOGS;
	/* Calibrate the work once, on the idle machine, for every program -
	 * or take cal_ns=N, so that runs to be compared do the same work
	 * whatever the host's load did to this run's calibration. */
	lab_calibrate_args(argc, argv);
	long cal = (long)lab_cal_ns();
	nk_printf("desktop: hogs=%ld seconds=%ld xnice=%d clients=%d cal_ns=%ld%s\n", hogs,
		  seconds, xnice, clients, cal,
		  lab_arg_long(argc, argv, "xipc", 0) ? " xipc=1" : "");
	/* The load first, and warm: the user sits down at a desktop where the
	 * hogs are already running (and the scheduler has seen them burn), so
	 * the numbers are about X under load, not about the hogs' start-up
	 * (inheriting the launcher's interactivity is exercise 3's business). */
	for (long i = 0; i < hogs; i++) {
		char *hargs[] = { "name=hog", 0 };
		hog[i] = lab_spawn("hog", hargs);
	}
	if (hogs)
		nk_sleep_ms(lab_arg_long(argc, argv, "warmup_ms", 500));
	long measure_s = lab_run_seconds(seconds);
	char *targs[] = { lab_kv("seconds", measure_s), lab_kv("cal_ns", cal), "linger=1", 0 };
	if (lab_start_x(&x, clients, measure_s, xnice, "xclient") < 0)
		return 1;
	if (lab_arg_long(argc, argv, "audio", 1))
		others[nothers++] = lab_spawn("audio", targs);
	if (lab_arg_long(argc, argv, "video", 1))
		others[nothers++] = lab_spawn("video", targs);
	if (lab_arg_long(argc, argv, "scroller", 0)) {
		/* its own xserver: sharing one would hide the scroller's
		 * effect on the xclients behind the server's queue */
		struct lab_x s;
		if (lab_start_x(&s, 1, measure_s, xnice, "scroller") == 0) {
			others[nothers++] = s.server;
			others[nothers++] = s.client[0];
		}
	}
	lab_wait_end(seconds);
	for (long i = 0; i < hogs; i++)
		lab_kill(hog[i]);
	for (int i = 0; i < nothers; i++)
		lab_kill(others[i]);
	lab_kill_x(&x);
	nk_printf("desktop: done\n");
	return 0;
}
