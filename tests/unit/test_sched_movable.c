/*
 * test_sched_movable.c - the balancer through the policy interface
 * (balance.c, policy.h: movable).  cfs names its tasks largest vruntime
 * first and the pull follows that order; with no hook the order is
 * 2.6.0's (expired first, each list from its tail); a hook that names a
 * task of another CPU, one not queued, or more tasks than the queue holds
 * is refused with one line and the queues stay sound (check=1's walk,
 * the policy's check on both CPUs included).
 */
#include <string.h>

#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

static struct sched_policy pol;          /* a policy under test: cfs, one hook changed */

/* CPU1 balances busy, twice, as its rebalance_tick would (irqs off, its
 * lock held): the first sample of CPU0's load is damped (min(now,
 * previous 0) = 0); the second sees 4 against 0, imbalance 2, and pulls
 * two tasks (find_busiest_queue, load_balance). */
static void balance_cpu1_twice(void)
{
	unsigned long flags;
	int i;

	for (i = 0; i < 2; i++) {
		flags = sched_irq_save();
		sched_spin_lock(&sched_rq[1].lock);
		load_balance(&sched_rq[1], false);
		sched_spin_unlock(&sched_rq[1].lock);
		sched_irq_restore(flags);
	}
}

/* a, b, c, d started on CPU0 of two, in that order, none run yet, so
 * every one is queued and waiting; CPU1 has nothing. */
static void start_abcd(const struct sched_policy *p, struct sched_task *t[4])
{
	static const char *const names[4] = { "a", "b", "c", "d" };
	int i;

	host_boot(2, p);
	for (i = 0; i < 4; i++)
		t[i] = host_spawn(names[i], 0, 0);
}

/* Which of t[0..3] are on CPU1, as letters ("ab", "dc", ""). */
static const char *moved(struct sched_task *t[4])
{
	static char s[5];
	int i, n = 0;

	for (i = 0; i < 4; i++)
		if (t[i]->cpu == 1)
			s[n++] = (char)('a' + i);
	s[n] = '\0';
	return s;
}

/* CPU1 holds exactly the tasks named in `expected`; the queues, and the
 * policy's own on both CPUs (cfs's tree), are sound (check=1's walk). */
static bool moved_as(const char *expected, struct sched_task *t[4])
{
	char why[160];

	if (strcmp(expected, moved(t)) != 0) {
		unit_fail(__FILE__, __LINE__, "tasks pulled to CPU1: expected \"%s\", got \"%s\"",
			  expected, moved(t));
		return false;
	}
	if (host_check(why, sizeof(why)) != 0) {
		unit_fail(__FILE__, __LINE__, "after the pull: %s", why);
		return false;
	}
	return true;
}

/*
 * Hand-worked: a new cfs task starts a slice after min_vruntime (0), its
 * slice the 6 ms latency times its weight over the queue's load before it
 * joins: a 6 (empty queue: the whole period), b 6 * 1024/1024 = 6,
 * c 6 * 1024/2048 = 3, d 6 * 1024/3072 = 2.  The tree, in order: d 2,
 * c 3, a 6, b 6 (equal keys go right).  Largest vruntime first: b, then a.
 * 2.6.0's walk (one list, prio 120, from its tail) would take d and c.
 */
UNIT_TEST(cfs_pull_takes_the_largest_vruntimes_the_hook_names_first)
{
	static const int vr[4] = { 6, 6, 3, 2 };
	struct sched_task *t[4];
	int i;

	start_abcd(&sched_policy_cfs, t);
	for (i = 0; i < 4; i++)
		CHECK_EQ(vr[i], cfs_vruntime(t[i]));
	balance_cpu1_twice();
	moved_as("ab", t);
}

/* Four hogs on CPU0 of two end two and two under cfs and eevdf (idle
 * pulls at once, then a busy one), every step sound. */
UNIT_TEST(cfs_and_eevdf_spread_four_hogs_two_and_two)
{
	const struct sched_policy *pols[2] = { &sched_policy_cfs, &sched_policy_eevdf };
	char why[160];
	int i, k;

	for (k = 0; k < 2; k++) {
		host_boot(2, pols[k]);
		for (i = 0; i < 4; i++)
			host_spawn("hog", 0, 0);
		host_schedule(0);
		for (i = 0; i < 500; i++) {
			host_run(1);
			if (host_check(why, sizeof(why)) != 0) {
				unit_fail(__FILE__, __LINE__, "%s at %d ms: %s", pols[k]->name, i, why);
				return;
			}
		}
		CHECK_EQ(2, sched_rq[0].nr_running);
		CHECK_EQ(2, sched_rq[1].nr_running);
	}
}

/* The same scene with no hook: 2.6.0's order, the list's tail first. */
UNIT_TEST(cfs_without_the_hook_is_balanced_in_the_2_6_0_order)
{
	struct sched_task *t[4];

	pol = sched_policy_cfs;
	pol.movable = NULL;
	start_abcd(&pol, t);
	balance_cpu1_twice();
	moved_as("cd", t);
}

/* nick (no hook): a in the expired array goes first, then the tail of
 * active, d. */
UNIT_TEST(no_hook_pulls_expired_first_then_the_tail_of_active)
{
	struct sched_task *t[4];

	start_abcd(&sched_policy_nick, t);
	move_task(t[0], ARRAYS(&sched_rq[0])->expired);
	balance_cpu1_twice();
	moved_as("ad", t);
}

/* The wrong hooks below: each names one task, whatever it is asked. */
static struct sched_task *named;

static struct sched_task *name_one(struct runqueue *rq UNUSED, struct sched_task *after UNUSED)
{
	return named;
}

static struct sched_task *name_the_running_one(struct runqueue *rq,
					       struct sched_task *after UNUSED)
{
	return rq->curr;
}

/* Under cfs with a wrong movable hook, CPU1 balances: the core refuses
 * with one line naming the policy and the task; nothing moves. */
static void refused(struct sched_task *(*hook)(struct runqueue *, struct sched_task *),
		    int kind)
{
	unsigned long before = sched_host_warnings;
	struct sched_task *t[4];
	char want[48];

	pol = sched_policy_cfs;
	pol.name = "bad";
	pol.movable = hook;
	start_abcd(&pol, t);
	if (kind == 0)
		named = host_spawn("other", 0, 1);     /* queued on CPU1 */
	else if (kind == 1)
		named = host_new_task("ghost", 0);     /* never started */
	else
		host_schedule(0);                      /* d runs (the least vruntime) */
	balance_cpu1_twice();
	CHECK_EQ(before + 1, sched_host_warnings);
	snprintf(want, sizeof(want), "policy bad named pid %d to move from CPU 0",
		 kind == 2 ? host_curr(0)->pid : named->pid);
	if (!strstr(sched_host_last_warning, want)) {
		unit_fail(__FILE__, __LINE__, "expected a line with \"%s\", got \"%s\"", want,
			  sched_host_last_warning);
		return;
	}
	moved_as("", t);
}

UNIT_TEST(a_candidate_of_another_cpu_is_refused_with_one_line)
{
	refused(name_one, 0);
}

UNIT_TEST(a_candidate_not_queued_is_refused_with_one_line)
{
	refused(name_one, 1);
}

/* can_migrate_task refuses the running task each time: without the bound
 * of one candidate per queued task the walk would never end. */
UNIT_TEST(a_hook_naming_more_tasks_than_queued_is_cut_off_with_one_line)
{
	refused(name_the_running_one, 2);
}
