/*
 * test_sched_share.c - CPU shares of pure hogs on one CPU, simulated tick
 * by tick, against the spec's table (each hog runs one slice per round):
 *   nick 0,5,10,19: slices 170,55,25,17 -> 63.7 20.6 9.4 6.4 %
 *   nick 0,19:      170,17              -> 90.9 9.1 %
 *   o1 0,5,10,19:   102,78,53,10        -> 42.0 32.1 21.8 4.1 %
 *   rr any:         100 each            -> equal
 */
#include "unit.h"
#include "sched_host.h"

#define WARMUP_MS  3000
#define MEASURE_MS 120000

/* Runs hogs of the given nices, returns their shares in percent. */
static void measure(const struct sched_policy *pol, const int *nices, int n,
		    double *share)
{
	struct sched_task *t[8];
	uint32_t start[8];
	int i;

	host_boot(1, pol);
	for (i = 0; i < n; i++)
		t[i] = host_spawn("hog", nices[i], 0);
	host_schedule(0);
	host_run(WARMUP_MS);
	for (i = 0; i < n; i++)
		start[i] = t[i]->run_ms;
	host_run(MEASURE_MS);
	for (i = 0; i < n; i++)
		share[i] = 100.0 * (t[i]->run_ms - start[i]) / MEASURE_MS;
}

static void table(struct unit_table *t, const char *title, const int *nices,
		  const double *want, const double *got, int n)
{
	char label[32];
	int i;

	unit_table_begin(t, title, 1.0);
	for (i = 0; i < n; i++) {
		snprintf(label, sizeof(label), "nice %d", nices[i]);
		unit_table_row(t, label, want[i], got[i]);
	}
}

UNIT_TEST(nick_shares_0_5_10_19)
{
	static const int nices[4] = { 0, 5, 10, 19 };
	static const double want[4] = { 63.7, 20.6, 9.4, 6.4 };
	struct unit_table t;
	double got[4];

	measure(&sched_policy_nick, nices, 4, got);
	table(&t, "nick shares %, hogs nice 0,5,10,19", nices, want, got, 4);
	unit_table_end(&t);
}

UNIT_TEST(nick_shares_0_19)
{
	static const int nices[2] = { 0, 19 };
	static const double want[2] = { 90.9, 9.1 };
	struct unit_table t;
	double got[2];

	measure(&sched_policy_nick, nices, 2, got);
	table(&t, "nick shares %, hogs nice 0,19", nices, want, got, 2);
	unit_table_end(&t);
}

UNIT_TEST(o1_shares_0_5_10_19)
{
	static const int nices[4] = { 0, 5, 10, 19 };
	static const double want[4] = { 42.0, 32.1, 21.8, 4.1 };
	struct unit_table t;
	double got[4];

	measure(&sched_policy_o1, nices, 4, got);
	table(&t, "o1 shares %, hogs nice 0,5,10,19", nices, want, got, 4);
	unit_table_end(&t);
}

UNIT_TEST(rr_shares_equal)
{
	static const int nices[4] = { 0, 5, 10, 19 };
	static const double want[4] = { 25.0, 25.0, 25.0, 25.0 };
	struct unit_table t;
	double got[4];

	measure(&sched_policy_rr, nices, 4, got);
	table(&t, "rr shares %, hogs nice 0,5,10,19", nices, want, got, 4);
	unit_table_end(&t);
}
