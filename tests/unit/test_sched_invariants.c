/*
 * test_sched_invariants.c - random (seeded) sequences of fork, wake, sleep,
 * tick, nice, exit, schedule, setscheduler, yield, affinity and live policy
 * switches on 1, 2 and 4 CPUs.  After every step:
 *  - sched_check_invariants on every CPU (nr_running = tasks queued, bitmap
 *    bit iff list non-empty, nr_active sums, links sound, curr in active);
 *  - no lock held, irqs back on;
 *  - every task is accounted for exactly once: queued iff RUNNING, and the
 *    queued total equals the sum of nr_running (nothing lost, nothing
 *    duplicated, across policy switches too).
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

#define MAXT 48

static uint32_t seed;
static uint32_t rnd(uint32_t n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 8) % n;
}

#define NPOLS 6
static const struct sched_policy *const pols[NPOLS] = {
	&sched_policy_nick, &sched_policy_o1, &sched_policy_rr, &sched_policy_mine,
	&sched_policy_cfs, &sched_policy_eevdf,
};

/* Everything consistent?  0 or -1 with why. */
static int check_all(char *why, size_t n)
{
	unsigned int queued = 0, nr = 0;
	int i, c;

	if (host_check(why, n))
		return -1;
	for (i = 0; i < host_ntasks(); i++) {
		struct sched_task *p = &host_pool[i];
		bool q = p->on_rq;

		if (q != (p->state == SCHED_TASK_RUNNING)) {
			snprintf(why, n, "pid %d state %d but %squeued", p->pid,
				 p->state, q ? "" : "not ");
			return -1;
		}
		queued += q;
	}
	for (c = 0; c < sched_ncpus; c++)
		nr += sched_rq[c].nr_running;
	if (nr != queued) {
		snprintf(why, n, "sum nr_running %u, tasks queued %u", nr, queued);
		return -1;
	}
	return 0;
}

static struct sched_task *random_running(void)
{
	struct sched_task *c = host_curr(rnd(sched_ncpus));

	return c->is_idle ? NULL : c;
}

static void step(void)
{
	struct sched_task *p = host_ntasks() ? &host_pool[rnd(host_ntasks())] : NULL;
	struct sched_task *cur = random_running();

	switch (rnd(14)) {
	case 0:
		if (host_ntasks() < MAXT)
			host_spawn("k", (int)rnd(40) - 20, rnd(sched_ncpus));
		break;
	case 1:
		if (cur && host_ntasks() < MAXT)
			host_fork(cur, "f");
		break;
	case 2: case 3:
		if (p && p->state == SCHED_TASK_SLEEPING)
			host_wake(p, cur, (enum sched_waker)rnd(3), rnd(2));
		break;
	case 4:
		if (cur)
			host_sleep(cur);
		break;
	case 5: case 6:
		host_run(1 + rnd(30));
		break;
	case 7:
		if (p)
			sched_set_nice(p, (int)rnd(40) - 20);
		break;
	case 8:
		if (cur) {
			cur->state = SCHED_TASK_ZOMBIE;
			host_schedule(cur->cpu);
			sched_exit(cur);
			cur->state = SCHED_TASK_DEAD;
		}
		break;
	case 9:
		host_schedule(rnd(sched_ncpus));
		break;
	case 10:
		if (rnd(4) == 0)
			sched_switch_policy(pols[rnd(NPOLS)]);
		break;
	case 11:
		if (p && p->state != SCHED_TASK_DEAD && p->state != SCHED_TASK_ZOMBIE) {
			int pol = rnd(3);

			sched_setscheduler(p, pol, pol ? 1 + rnd(99) : 0);
		}
		break;
	case 12:
		if (cur) {
			sched_yield(cur);
			host_schedule(cur->cpu);
		}
		break;
	case 13:
		if (p)
			sched_set_affinity(p, 1 + rnd((1u << sched_ncpus) - 1));
		break;
	}
}

static void run_random(int ncpus, uint32_t s, int steps)
{
	char why[160];
	int i;

	seed = s;
	host_boot(ncpus, pols[s % NPOLS]);
	for (i = 0; i < steps; i++) {
		step();
		if (check_all(why, sizeof(why))) {
			unit_fail(__FILE__, __LINE__, "ncpus %d seed %u step %d: %s",
				  ncpus, s, i, why);
			return;
		}
	}
}

UNIT_TEST(random_ops_1_cpu)
{
	uint32_t s;

	for (s = 1; s <= 30 && !unit_failed_now(); s++)
		run_random(1, s, 1500);
}

UNIT_TEST(random_ops_2_cpus)
{
	uint32_t s;

	for (s = 100; s < 130 && !unit_failed_now(); s++)
		run_random(2, s, 1500);
}

UNIT_TEST(random_ops_4_cpus)
{
	uint32_t s;

	for (s = 200; s < 230 && !unit_failed_now(); s++)
		run_random(4, s, 1500);
}

/* The checker itself must catch a broken queue. */
UNIT_TEST(checker_catches_corruption)
{
	struct sched_task *a;
	char why[160];

	host_boot(1, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	CHECK_EQ(0, sched_check_invariants(0, why, sizeof(why)));
	sched_rq[0].nr_running++;
	CHECK_EQ(-1, sched_check_invariants(0, why, sizeof(why)));
	sched_rq[0].nr_running--;
	ARRAYS(&sched_rq[0])->active->bitmap[0] |= 1;       /* bit 0 set, list empty */
	CHECK_EQ(-1, sched_check_invariants(0, why, sizeof(why)));
	ARRAYS(&sched_rq[0])->active->bitmap[0] &= ~1u;
	a->prio = 100;                             /* on list 130 */
	CHECK_EQ(-1, sched_check_invariants(0, why, sizeof(why)));
	a->prio = 130;
	CHECK_EQ(0, sched_check_invariants(0, why, sizeof(why)));
}

/* Every task survives a round of policy switches, in queue order. */
UNIT_TEST(policy_switch_keeps_every_task)
{
	struct sched_task *t[6];
	char why[160];
	int i, round;

	host_boot(2, &sched_policy_nick);
	for (i = 0; i < 6; i++)
		t[i] = host_spawn("t", i - 3, i % 2);
	host_run(500);
	host_sleep(host_curr(0));
	for (round = 0; round < 2 * NPOLS; round++) {
		CHECK_EQ(0, sched_switch_policy(pols[round % NPOLS]));
		CHECK_EQ(0, check_all(why, sizeof(why)));
		CHECK(sched_active_policy == pols[round % NPOLS]);
		host_run(300);
		CHECK_EQ(0, check_all(why, sizeof(why)));
	}
	/* the sleeper wakes up with the current policy's fields */
	for (i = 0; i < 6; i++)
		if (t[i]->state == SCHED_TASK_SLEEPING) {
			CHECK(t[i]->policy_gen != sched_policy_gen);
			host_wake(t[i], NULL, SCHED_WAKER_KTHREAD, false);
			CHECK(t[i]->policy_gen == sched_policy_gen);
		}
	CHECK_EQ(6, sched_rq[0].nr_running + sched_rq[1].nr_running);
	CHECK_EQ(-SCHED_EINVAL, sched_switch_policy(NULL));
	CHECK(sched_policy_by_name("o1") == &sched_policy_o1);
	CHECK(sched_policy_by_name("rr") == &sched_policy_rr);
	CHECK(sched_policy_by_name("nick") == &sched_policy_nick);
	CHECK(sched_policy_by_name("mine") == &sched_policy_mine);
	CHECK(sched_policy_by_name("cfs") == &sched_policy_cfs);
	CHECK(sched_policy_by_name("eevdf") == &sched_policy_eevdf);
	CHECK(sched_policy_by_name("eevdf2") == NULL);
}
