/*
 * audio - the lab's audio player: 5% CPU, period and deadline 50 ms.
 * Records wake-up latency (timer due -> running) and deadlines met; lat line
 * name=audio.
 *
 *   audio [period_us=50000] [cpu_pct=5] [seconds=5] [nice=N] [linger=1]
 */
#include "lab/lab.h"

int main(int argc, char **argv)
{
	return lab_periodic_main(argc, argv, "audio", 50000, 5);
}
