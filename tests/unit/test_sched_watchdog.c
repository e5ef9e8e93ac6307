/*
 * test_sched_watchdog.c - kernel/sched/watchdog.c: a policy that leaves a
 * runnable task unrun for sched_watchdog_ms is ejected (one line naming
 * the policy, the task and the wait; every task goes on under nick);
 * nothing happens under nick, with watchdog 0, after a clock jump alone,
 * or while a real-time task is queued.  Off by default on the host (each
 * test arms it and disarms it at its end).
 */
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

/* Three hogs under starve: the newest (c) is never picked. */
static struct sched_task *boot_three(const struct sched_policy *pol, unsigned int ms)
{
	struct sched_task *c;

	host_boot(1, pol);
	sched_watchdog_ms = ms;
	host_spawn("a", 0, 0);
	host_spawn("b", 0, 0);
	c = host_spawn("c", 0, 0);
	host_schedule(0);
	return c;
}

UNIT_TEST(starve_never_runs_its_newest_task_without_the_watchdog)
{
	struct sched_task *c = boot_three(&sched_policy_starve, 0);

	host_run(10000);
	CHECK_EQ(0, c->run_ms);
	CHECK(sched_active_policy == &sched_policy_starve);
	sched_watchdog_ms = 0;
}

UNIT_TEST(a_starved_task_ejects_the_policy_within_one_and_a_half_timeouts)
{
	unsigned int before = sched_watchdog_ejections;
	struct sched_task *c = boot_three(&sched_policy_starve, 2000);
	char why[160];

	host_run(1999);
	CHECK(sched_active_policy == &sched_policy_starve);
	host_run(1001 + SCHED_WATCHDOG_TICKS); /* looks every 1000 ms, on 256-tick marks */
	CHECK(sched_active_policy == &sched_policy_nick);
	CHECK_EQ(before + 1, sched_watchdog_ejections);
	host_run(1000);
	CHECK(c->run_ms > 0);               /* it runs under nick */
	CHECK_EQ(0, host_check(why, sizeof(why)));
	sched_watchdog_ms = 0;
}

/* The ejection line, then the dump: the CPU, the running task, the
 * queued ones (the starved one among them, still under starve). */
UNIT_TEST(the_ejection_line_names_the_policy_the_task_and_the_wait_then_a_dump)
{
	unsigned long first = 0;
	struct sched_task *c;
	char want[128];
	const char *line;
	int i, waited;

	c = boot_three(&sched_policy_starve, 2000);
	first = sched_host_warnings;
	host_run(3000);
	CHECK_EQ(first + 5, sched_host_warnings);   /* line, cpu, 3 tasks */
	/* waited 2000 ms, and up to two 256-tick marks more (the looks) */
	snprintf(want, sizeof(want), "watchdog: policy starve left pid %d (c) runnable "
		 "and unrun for ", c->pid);
	line = sched_host_warning_lines[first % SCHED_HOST_WARNING_LINES];
	CHECK(strncmp(line, want, strlen(want)) == 0);
	waited = atoi(line + strlen(want));
	CHECK(waited >= 2000 && waited <= 2000 + 2 * SCHED_WATCHDOG_TICKS);
	CHECK(strstr(line, " ms on CPU 0: every task goes on under nick") != NULL);
	CHECK(strncmp(sched_host_warning_lines[(first + 1) % SCHED_HOST_WARNING_LINES],
		      "cpu id=0 nr_running=3 ", 22) == 0);
	for (i = 2; i < 5; i++)
		if (strstr(sched_host_warning_lines[(first + i) % SCHED_HOST_WARNING_LINES],
			   " name=c ") != NULL)
			break;
	CHECK(i < 5);
	CHECK(strstr(sched_host_warning_lines[(first + i) % SCHED_HOST_WARNING_LINES],
		     " policy=starve ") != NULL);
	CHECK(strstr(sched_host_warning_lines[(first + i) % SCHED_HOST_WARNING_LINES],
		     " run_ms=0 ") != NULL);
	sched_watchdog_ms = 0;
}

/* Twenty hogs on one CPU wait about 2 s for their turn under each of
 * nick, o1 and rr; with a 600 ms timeout rr is ejected, nick and o1 (o1
 * starves its expired array on purpose) never are. */
static void twenty_hogs(const struct sched_policy *pol)
{
	int i;

	host_boot(1, pol);
	sched_watchdog_ms = 600;
	for (i = 0; i < 20; i++)
		host_spawn("hog", 0, 0);
	host_schedule(0);
	host_run(5000);
}

UNIT_TEST(nick_and_o1_are_never_ejected_rr_is)
{
	twenty_hogs(&sched_policy_nick);
	CHECK(sched_active_policy == &sched_policy_nick);
	twenty_hogs(&sched_policy_o1);
	CHECK(sched_active_policy == &sched_policy_o1);
	twenty_hogs(&sched_policy_rr);
	CHECK(sched_active_policy == &sched_policy_nick);
	sched_watchdog_ms = 0;
}

/* rr with 1.5 s slices: hog c waits 3 s for its first turn, under the 4 s
 * timeout.  The clock jumps 5 s while c waits: the next look sees it
 * "unrun for 5.8 s" but the CPU ticked only 512 times since the look
 * before, less than half the timeout: no ejection.  (A later look would
 * count the jump in c's wait, as sched_ext's jiffies do: a stall is time
 * the task did not run.) */
UNIT_TEST(a_look_right_after_a_clock_jump_does_not_eject)
{
	unsigned int before = sched_watchdog_ejections;
	struct sched_task *c = boot_three(&sched_policy_rr, 4000);

	rr_slice_ms = 1500;
	host_run(600);                         /* a look at tick 256 */
	CHECK_EQ(0, c->run_ms);
	sched_host_jiffies += 5000;
	host_run(300);                         /* a look at tick 768 */
	CHECK_EQ(0, c->run_ms);
	CHECK(sched_active_policy == &sched_policy_rr);
	CHECK_EQ(before, sched_watchdog_ejections);
	rr_slice_ms = 100;
	sched_watchdog_ms = 0;
}

/* A SCHED_FIFO hog starves normal tasks by POSIX's rules, not the
 * policy's fault: no ejection. */
UNIT_TEST(real_time_starvation_is_not_the_policys)
{
	struct sched_task *c = boot_three(&sched_policy_rr, 1000);

	CHECK_EQ(0, sched_setscheduler(c, SCHED_FIFO, 10));
	host_run(5000);
	CHECK(sched_active_policy == &sched_policy_rr);
	CHECK(host_curr(0) == c);
	CHECK(c->run_ms >= 4990);           /* all of it but the switch */
	sched_watchdog_ms = 0;
}
