/*
 * scroller - an X client that scrolls: bursts of 10 requests (each waits for
 * its reply) every 100 ms.  Same arguments as xclient (burst=, period_ms=);
 * lat line name=scroller, request-to-reply latency; the deadline is the
 * whole burst answered before the next one is due.
 */
#include "lab/lab.h"

int main(int argc, char **argv)
{
	return lab_xclient_main(argc, argv, "scroller", 10, 100);
}
