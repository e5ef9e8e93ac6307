/*
 * video - the lab's video player: 40% CPU at 60 Hz (period and deadline
 * 16.7 ms).  Records wake-up latency and frames on time; lat line
 * name=video.
 *
 *   video [period_us=16667] [cpu_pct=40] [seconds=5] [nice=N] [linger=1]
 */
#include "lab/lab.h"

int main(int argc, char **argv)
{
	return lab_periodic_main(argc, argv, "video", 16667, 40);
}
