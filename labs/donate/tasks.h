/*
 * tasks.h - the set-up every graded test of lab `donate` starts from
 * (test_donate.c, and the teacher's hidden tests, which include it from
 * labs/donate/hidden/): one CPU under cfs, tasks t[0..n-1] at the nices
 * given (prio 120 + nice), their records d[] zeroed, none held.  A header
 * of the handout: it holds no test, so sharing it hides nothing.
 */
#ifndef DONATE_TASKS_H
#define DONATE_TASKS_H

#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/donation.h"

#define NTASKS 10

static struct sched_task *t[NTASKS];
static struct sched_donation d[NTASKS];

/* One CPU under cfs; task i at nice[i] (n tasks), no record held. */
static void tasks(int n, const int *nice)
{
	int i;

	host_boot(1, &sched_policy_cfs);
	for (i = 0; i < n; i++) {
		char name[8] = { 't', (char)('0' + i), 0 };

		t[i] = host_spawn(name, nice[i], 0);
		d[i] = (struct sched_donation){ 0 };
	}
}

#endif
