/*
 * compiledemo - X under a compile load, normally init:
 *   init=compiledemo -- jobs=4 burst_ms=30 seconds=8 [xnice=N]
 * Starts xserver with one xclient plus `compile jobs=N`, waits `seconds`,
 * exits 0 (final stat dump, power off); seconds=0: until powered off
 * (demo=compile without run=).  Modules: compiledemo xserver xclient compile.
 */
#include "nickel.h"
#include "lab/lab.h"
#include "lab/launch.h"

int main(int argc, char **argv)
{
	long seconds = lab_arg_long(argc, argv, "seconds", 8);
	int xnice = (int)lab_arg_long(argc, argv, "xnice", 0);
	struct lab_x x;

	lab_launch_init(argv[0]);
	lab_calibrate_args(argc, argv);         /* or cal_ns=N, as desktop */
	nk_printf("compiledemo: jobs=%ld burst_ms=%ld seconds=%ld\n",
		  lab_arg_long(argc, argv, "jobs", 4), lab_arg_long(argc, argv, "burst_ms", 30),
		  seconds);
	long measure_s = lab_run_seconds(seconds);
	if (lab_start_x(&x, 1, measure_s, xnice, "xclient") < 0)
		return 1;
	char *cargs[] = { lab_kv("jobs", lab_arg_long(argc, argv, "jobs", 4)),
			  lab_kv("burst_ms", lab_arg_long(argc, argv, "burst_ms", 30)),
			  lab_kv("seconds", measure_s), lab_kv("cal_ns", (long)lab_cal_ns()), 0 };
	long compile = lab_spawn("compile", cargs);
	lab_wait_end(seconds);
	lab_kill(compile);
	lab_kill_x(&x);
	nk_printf("compiledemo: done\n");
	return 0;
}
