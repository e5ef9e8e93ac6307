/*
 * shutdown.c - the healthy end of a run: the final stat dump, the trace
 * (trace=1), a closing line, power off.  Two paths end a run, run=S
 * (kinit, run.c) and init's exit (proc.c), and they can meet: init exits
 * and starts printing its trace, which takes a while, run=S comes due and
 * kinit powers off in the middle of it.  So the record is written once, by
 * whoever comes first, and a later caller waits for the power-off.  The
 * final dump is the record's last (stat_dump_final): a periodic dump under
 * way on another CPU ends first, and none starts after it.
 */
#include "shutdown.h"
#include "diag/statdump.h"
#include "diag/trace.h"
#include "power.h"
#include "console/printk.h"
#include "wait.h"
#include "diag/check_clocks.h"

static int shutting_down;               /* 0 -> 1 once (atomic exchange) */

/* Keys typed now would print into the record (kernel/diag/keys.c). */
int shutdown_started(void)
{
	return shutting_down;
}

void shutdown_with_record(const char *closing)
{
	if (__sync_lock_test_and_set(&shutting_down, 1))
		for (;;)
			sleep_ms(1000);         /* the first caller is still printing */
	clock_check_report();
	stat_dump_final();               /* after any dump under way */
	if (trace_on)
		trace_dump();
	if (closing)
		printk("%s\n", closing);
	power_off(EXIT_HEALTHY);
}
