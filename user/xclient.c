/*
 * xclient - the lab's "xterm": a request to the X server every 20 ms, then
 * wait for the reply.  Its lat line (name=xclient) is request-to-reply
 * latency - the one a user feels; a deadline is met when the reply came
 * before the next request was due.
 *
 *   xclient req=FD rep=FD [id=N] [period_ms=20] [seconds=5] [name=xclient]
 *           [nice=N] [report=100] [linger=1]
 */
#include "lab/lab.h"

int main(int argc, char **argv)
{
	return lab_xclient_main(argc, argv, "xclient", 1, 20);
}
