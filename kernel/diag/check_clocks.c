/*
 * check_clocks.c - do the kernel's two clocks agree?
 *
 * jiffies count timer interrupts (HZ = 1000, CPU 0); every ms figure of
 * the stat dump (uptime_ms, run_ms, sleep_ms, idle_ms) is in jiffies.
 * time_us() reads the TSC; the lat lines, the trace and the programs'
 * clock_gettime use it.  On a PC the two agree.  In QEMU without KVM on a
 * busy host they do not: while the host does not run a virtual CPU no
 * instruction executes and no interrupt is taken, but the TSC (the host's)
 * goes on, and the timer ticks missed meanwhile are lost, not delivered
 * late (a 30 s fork storm at SMP=4 on 2 host cores ended at jiffies 14131).
 * Linux 2.6 added the lost ticks back to jiffies from the TSC; nickel
 * keeps counting only the ticks it took (a scheduler tick that did not
 * happen charged nobody) and says so at power-off instead.
 */
#include "diag/check_clocks.h"
#include "arch/timer.h"
#include "console/printk.h"

uint32_t clock_tsc_ms(void)
{
	return (uint32_t)(time_us() / 1000);
}

/* At power-off: one line when more than 10% of the ticks were lost. */
void clock_check_report(void)
{
	uint32_t tick_ms = jiffies * (1000 / HZ), tsc_ms = clock_tsc_ms();

	if (tsc_ms < 1000 || tick_ms >= tsc_ms - tsc_ms / 10)
		return;
	printk("nickel: clock: %u%% of the timer ticks were lost (jiffies %u ms, "
	       "TSC %u ms): the host did not run this machine's CPUs on time; "
	       "the stat dump's ms count the ticks taken, lat lines the TSC\n",
	       100 - (unsigned)((uint64_t)tick_ms * 100 / tsc_ms), tick_ms, tsc_ms);
}
