/*
 * lat.h - latency reports from ring-3 demos (nickel call 1000): a demo
 * measures its own wake-up latency and deadlines and hands the summary to
 * the kernel, which prints it as a `lat` line in every stat dump:
 *   lat name=xserver n=.. avg_us=.. p50_us=.. p99_us=.. max_us=.. deadlines_met_pct=..
 * On Linux the call fails with -ENOSYS and the demo prints the line itself.
 */
#ifndef NICKEL_LAT_H
#define NICKEL_LAT_H
#include <stdint.h>

struct lat_report {            /* the layout ring 3 passes, 40 bytes */
	char name[16];
	uint32_t n, avg_us, p50_us, p99_us, max_us;
	int32_t deadlines_met_pct; /* -1: the demo has no deadlines */
};

int lat_format(char *buf, unsigned n, const struct lat_report *r);
#endif
