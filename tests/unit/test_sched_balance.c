/*
 * test_sched_balance.c - SMP: load balancing, affinity, cache-hot tasks,
 * sync wake-ups and reschedule IPIs (2.6.0 rules + v7's can_migrate_task).
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

UNIT_TEST(four_hogs_on_cpu0_spread_2_2)
{
	struct sched_task *t[4];
	int i;

	host_boot(2, &sched_policy_nick);
	for (i = 0; i < 4; i++)
		t[i] = host_spawn("hog", 0, 0);
	host_schedule(0);
	CHECK_EQ(4, sched_rq[0].nr_running);
	/* CPU1 idle: pulls one task (cold after cache_decay_ticks) within a
	 * few ms; then busy (every 200 ms): loads 3 vs 1, imbalance 1 and
	 * 1*4 >= 3 -> one more */
	host_run(10);
	CHECK_EQ(3, sched_rq[0].nr_running);
	CHECK_EQ(1, sched_rq[1].nr_running);
	host_run(400);
	CHECK_EQ(2, sched_rq[0].nr_running);
	CHECK_EQ(2, sched_rq[1].nr_running);
	CHECK_EQ(2, sched_rq[1].migrations_in);
	/* balanced: stays 2/2, no ping-pong */
	host_run(5000);
	CHECK_EQ(2, sched_rq[0].nr_running);
	CHECK_EQ(2, sched_rq[1].nr_running);
	CHECK_EQ(2, sched_rq[1].migrations_in);
	CHECK_EQ(0, sched_rq[0].migrations_in);
	for (i = 0; i < 4; i++)
		CHECK(t[i]->run_ms > 2000);
}

UNIT_TEST(busy_balance_needs_25_percent)
{
	int i;

	host_boot(2, &sched_policy_o1);
	/* 8 on CPU0, 6 on CPU1: imbalance (8-6)/2 = 1 < (8+3)/4 = 2: the ~25%
	 * rule says no, although 8 > 6 + 1 would pass the re-check */
	for (i = 0; i < 8; i++)
		host_spawn("a", 0, 0);
	for (i = 0; i < 6; i++)
		host_spawn("b", 0, 1);
	host_schedule(0);
	host_schedule(1);
	host_run(1000);
	CHECK_EQ(8, sched_rq[0].nr_running);
	CHECK_EQ(6, sched_rq[1].nr_running);
	CHECK_EQ(0, sched_rq[1].migrations_in);
	/* 3 vs 2: imbalance 0, nothing to do either */
	host_boot(2, &sched_policy_o1);
	for (i = 0; i < 3; i++)
		host_spawn("a", 0, 0);
	for (i = 0; i < 2; i++)
		host_spawn("b", 0, 1);
	host_schedule(0);
	host_schedule(1);
	host_run(1000);
	CHECK_EQ(3, sched_rq[0].nr_running);
	CHECK_EQ(0, sched_rq[1].migrations_in);
}

UNIT_TEST(busy_pull_takes_expired_first)
{
	struct sched_task *t[3];

	host_scene_busy_pull(t, 3);
	/* t0 runs 1000..1170 and expires, t1 1170..1340, t2 runs from 1340.
	 * 1200, CPU1's first busy balance: the remote load is min(3, previous
	 * sample 0) = 0: nothing moves (the damping).  1400: min(3,3) = 3 vs
	 * own max(1,1) = 1, imbalance 1, 1 >= (3+3)/4: one task, from the
	 * expired array first, tail first: t1 (t2 is running anyway) */
	host_run(200);
	CHECK(t[0]->array == ARRAYS(&sched_rq[0])->expired);
	CHECK_EQ(0, sched_rq[1].migrations_in);
	host_run(200);
	CHECK_EQ(1, t[1]->cpu);
	CHECK_EQ(0, t[0]->cpu);
	CHECK_EQ(0, t[2]->cpu);
	CHECK_EQ(1, sched_rq[1].migrations_in);
}

UNIT_TEST(affinity_respected)
{
	int i;

	host_boot(2, &sched_policy_nick);
	for (i = 0; i < 4; i++) {
		struct sched_task *p = host_new_task("pinned", 0);

		CHECK_EQ(0, sched_set_affinity(p, SCHED_CPU_BIT(0)));
		sched_start_task(p, 1);       /* not allowed: goes to CPU0 */
		CHECK_EQ(0, p->cpu);
	}
	host_schedule(0);
	host_run(2000);
	CHECK_EQ(4, sched_rq[0].nr_running);
	CHECK_EQ(0, sched_rq[1].nr_running);
	CHECK_EQ(2000, sched_rq[1].idle_ms);
	CHECK_EQ(-SCHED_EINVAL, sched_set_affinity(&host_pool[0], 0));
	CHECK_EQ(-SCHED_EINVAL, sched_set_affinity(&host_pool[0], SCHED_CPU_BIT(5)));
}

UNIT_TEST(set_affinity_moves_running_and_queued_tasks)
{
	struct sched_task *a, *b, *c;
	char why[160];

	host_boot(2, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	c = host_spawn("c", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	/* queued b: moved at once */
	CHECK_EQ(0, sched_set_affinity(b, SCHED_CPU_BIT(1)));
	CHECK_EQ(1, b->cpu);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	/* running a: need_resched now, moved by its next schedule() */
	CHECK_EQ(0, sched_set_affinity(a, SCHED_CPU_BIT(1)));
	CHECK(a->need_resched);
	CHECK_EQ(0, a->cpu);
	host_schedule(0);
	CHECK_EQ(1, a->cpu);
	CHECK(a->array == ARRAYS(&sched_rq[1])->active);
	CHECK(host_curr(0) == c);
	CHECK_EQ(0, host_check(why, sizeof(why)));
	CHECK_EQ(2, sched_rq[1].migrations_in);
	/* a sleeping task just changes CPU */
	host_sleep(c);
	CHECK_EQ(0, sched_set_affinity(c, SCHED_CPU_BIT(1)));
	CHECK_EQ(1, c->cpu);
	CHECK(host_wake(c, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK(c->array == ARRAYS(&sched_rq[1])->active);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

/* 2.6.0 move_task_away: deactivate_task on the old CPU, activate_task on
 * the new one (a kernel waker: the migration thread).  Under v7 the queue
 * wait counts as sleep, and the new CPU's array_sequence is compared with
 * the old one's. */
UNIT_TEST(affinity_move_goes_through_activate_task)
{
	struct sched_task *a, *b;

	host_boot(2, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == a);
	/* b queued on CPU0 since 1000 with 500 jiffies of run history */
	NICK(b)->total_time = 500000;
	NICK(b)->sleep_time = 0;
	NICK(b)->sleep_avg = 0;
	NICK(b)->used_slice = 10;
	NICK_RQ(&sched_rq[1])->array_sequence = 5;      /* CPU0's is 0 */
	sched_host_jiffies += 100;
	/* queued b: wait 100 credited as sleep: add(b,100,1), r=900:
	 * total 450000+100000 = 550000, sleep 100000, avg 181, bonus 3 ->
	 * prio 127; sequence 0 (CPU0) != 5 (CPU1): used_slice 10 -> 0 */
	CHECK_EQ(0, sched_set_affinity(b, SCHED_CPU_BIT(1)));
	CHECK_EQ(1, b->cpu);
	CHECK_EQ(550000, NICK(b)->total_time);
	CHECK_EQ(100000, NICK(b)->sleep_time);
	CHECK_EQ(181, NICK(b)->sleep_avg);
	CHECK_EQ(127, b->prio);
	CHECK_EQ(0, NICK(b)->used_slice);
	CHECK_EQ(1100, NICK(b)->timestamp);
	CHECK(b->array == ARRAYS(&sched_rq[1])->active);
	CHECK(host_idle[1].need_resched);    /* CPU1 was idle */
	/* running a, used 50, sequences equal (0 and 0): its schedule()
	 * charges the 100 run (total 100000, avg 0, prio 130), deactivate
	 * stamps sequence 0; on CPU1 no time passed: no credit, and the
	 * equal sequence keeps used_slice 50 */
	NICK_RQ(&sched_rq[1])->array_sequence = 0;
	NICK(a)->used_slice = 50;
	CHECK_EQ(0, sched_set_affinity(a, SCHED_CPU_BIT(1)));
	host_schedule(0);
	CHECK_EQ(1, a->cpu);
	CHECK_EQ(100000, NICK(a)->total_time);
	CHECK_EQ(0, NICK(a)->sleep_avg);
	CHECK_EQ(130, a->prio);
	CHECK_EQ(50, NICK(a)->used_slice);
	CHECK(a->array == ARRAYS(&sched_rq[1])->active);
}

/* schedule() has taken p off its queue but not yet switched away: the
 * moment the idle pull's double_lock_balance lets CPU0's lock go.  Here
 * (what pick_next did so far, by hand) p is still CPU0's current task. */
static void switching_out(struct sched_task *p, int state)
{
	p->state = state;
	deactivate_task(&sched_rq[0], p);
	CHECK(host_curr(0) == p);
}

UNIT_TEST(set_affinity_keeps_the_cpu_of_a_task_still_switching_out)
{
	struct sched_task *z, *s, *other;
	char why[160];

	host_boot(2, &sched_policy_nick);
	z = host_spawn("zombie", 0, 0);
	s = host_spawn("sleeper", 0, 0);
	other = host_spawn("other", 0, 0);
	host_schedule(0);
	CHECK(host_curr(0) == z);
	/* an exiting task: se.cpu must keep naming CPU0, where the reaper
	 * looks to see it is off the CPU (before: se.cpu 1, reaped, freed
	 * under the switch) */
	switching_out(z, SCHED_TASK_ZOMBIE);
	CHECK_EQ(0, sched_set_affinity(z, SCHED_CPU_BIT(1)));
	CHECK_EQ(0, z->cpu);
	host_schedule(0);
	CHECK(host_curr(0) == s || host_curr(0) == other);
	CHECK(!z->array);
	/* a sleeper in the same moment: keeps CPU0 until it is woken, then
	 * wakes on CPU1, the one it may use */
	if (host_curr(0) != s) {
		host_sleep(other);
		CHECK(host_curr(0) == s);
	}
	switching_out(s, SCHED_TASK_SLEEPING);
	CHECK_EQ(0, sched_set_affinity(s, SCHED_CPU_BIT(1)));
	CHECK_EQ(0, s->cpu);
	host_schedule(0);
	CHECK(host_curr(0) != s);
	CHECK(host_wake(s, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK_EQ(1, s->cpu);
	CHECK(s->array == ARRAYS(&sched_rq[1])->active);
	CHECK_EQ(1, s->migrations);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}

UNIT_TEST(idle_pull_spares_cache_hot_tasks)
{
	struct sched_task *a, *b;

	host_boot(2, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	/* b ran 1 jiffy ago: jiffies - timestamp = 1 <= cache_decay_ticks 2 */
	sched_host_jiffies += 10;
	NICK(b)->timestamp = sched_host_jiffies - 1;
	host_schedule(1);                /* CPU1's queue is empty: idle pull */
	CHECK(host_curr(1)->is_idle);
	CHECK_EQ(0, b->cpu);
	NICK(b)->timestamp = sched_host_jiffies - 2;     /* 2 <= 2: still hot */
	host_schedule(1);
	CHECK_EQ(0, b->cpu);
	NICK(b)->timestamp = sched_host_jiffies - 3;     /* 3 > 2: cold, pulled */
	host_schedule(1);
	CHECK_EQ(1, b->cpu);
	CHECK(host_curr(1) == b);
	CHECK_EQ(1, b->migrations);
	/* the running task is never pulled */
	CHECK_EQ(0, a->cpu);
}

UNIT_TEST(busy_pull_ignores_cache_heat)
{
	struct sched_task *t[4];
	int i;

	host_boot(2, &sched_policy_nick);
	cache_decay_ticks = 1000000;      /* everything cache-hot */
	for (i = 0; i < 4; i++)
		t[i] = host_spawn("hog", 0, i == 3 ? 1 : 0);
	host_schedule(0);
	host_schedule(1);
	/* CPU1 busy with 1: at the next multiple of 200 loads 3 vs 1 -> pull */
	host_run(400);
	CHECK_EQ(2, sched_rq[0].nr_running);
	CHECK_EQ(2, sched_rq[1].nr_running);
	CHECK(t[3]->cpu == 1);
	cache_decay_ticks = 2;
}

UNIT_TEST(sync_wakeup_moves_to_wakers_cpu)
{
	struct sched_task *a, *b, *w;

	host_boot(2, &sched_policy_nick);
	b = host_spawn("sleeper", 0, 0);
	a = host_spawn("a", 0, 0);
	w = host_spawn("waker", 0, 1);
	host_schedule(0);
	host_schedule(1);
	host_sleep(b);
	CHECK(host_curr(1) == w);
	sched_host_jiffies += 50;
	CHECK(host_wake(b, w, SCHED_WAKER_USER, true));
	CHECK_EQ(1, b->cpu);
	CHECK(b->array == ARRAYS(&sched_rq[1])->active);
	/* not sync: stays on its last CPU (now 1) */
	CHECK(a->cpu == 0);
}

UNIT_TEST(remote_preemption_sends_ipi)
{
	struct sched_task *a, *b;
	unsigned long k0, i0;

	host_boot(2, &sched_policy_nick);
	b = host_spawn("sleeper", 0, 1);
	a = host_spawn("hog", 0, 1);
	host_schedule(1);
	host_sleep(b);
	CHECK(host_curr(1) == a);
	sched_host_jiffies += 200;
	sched_host_cpu = 0;               /* an interrupt on CPU0 wakes b */
	k0 = sched_host_kicks[1];
	i0 = sched_rq[1].ipis;
	CHECK(sched_wake_up(b, NULL, SCHED_WAKER_IRQ, false));
	CHECK(a->need_resched);
	CHECK_EQ(k0 + 1, sched_host_kicks[1]);
	CHECK_EQ(i0 + 1, sched_rq[1].ipis);
	/* already flagged: no second IPI (nice -20: delta < 0 reschedules) */
	sched_set_nice(b, -20);
	CHECK_EQ(k0 + 1, sched_host_kicks[1]);
	/* a local wake-up needs no IPI */
	host_schedule(1);
	sched_host_cpu = 1;
	host_sleep(host_curr(1));
	sched_host_jiffies += 200;
	CHECK_EQ(k0 + 1, sched_host_kicks[1]);
}

/* A wake-up onto another, idle CPU always kicks it: a sync wake-up that may
 * not pull the task (pinned) and rr's "never preempt" used to leave that
 * CPU halted until its next tick (the pingpong scenario's 1 ms tail). */
static void pinned_sync_wake_kicks_idle_cpu(const struct sched_policy *pol)
{
	struct sched_task *w, *p;
	unsigned long k0;

	host_boot(2, pol);
	w = host_spawn("waker", 0, 0);
	p = host_spawn("pinned", 0, 1);
	CHECK_EQ(0, sched_set_affinity(p, SCHED_CPU_BIT(1)));
	host_schedule(0);
	host_schedule(1);
	host_sleep(p);
	CHECK(host_curr(1)->is_idle);
	sched_host_jiffies += 20;
	k0 = sched_host_kicks[1];
	CHECK(host_wake(p, w, SCHED_WAKER_USER, true));
	CHECK_EQ(1, p->cpu);                       /* not allowed on the waker's CPU */
	CHECK(host_curr(1)->need_resched);
	CHECK_EQ(k0 + 1, sched_host_kicks[1]);
	host_schedule(1);
	CHECK(host_curr(1) == p);
}

UNIT_TEST(pinned_sync_wakeup_kicks_idle_cpu_nick)
{
	pinned_sync_wake_kicks_idle_cpu(&sched_policy_nick);
}

UNIT_TEST(pinned_sync_wakeup_kicks_idle_cpu_rr)
{
	pinned_sync_wake_kicks_idle_cpu(&sched_policy_rr);
}

/* CPU0's key r, in the one moment CPU1's idle pull holds no lock: the
 * pull has let CPU1's lock go to take CPU0's first (double_lock_balance,
 * CPU-id order), and the switch takes every lock meanwhile. */
static const struct sched_policy *switch_to;

static void cpu0_switches_while_cpu1_waits(sched_lock_t *l)
{
	int cpu = sched_host_cpu;

	if (l != &sched_rq[1].lock || sched_host_locks_held != 0)
		return;
	sched_host_on_unlock = NULL;
	sched_host_cpu = 0;
	sched_switch_policy(switch_to);
	sched_host_cpu = cpu;
}

/* From nick to pol in that moment, with three cold tasks on CPU0: CPU1
 * pulls `pulled` tasks (0 or 1) under pol's rules, and every queue is
 * sound. */
static void switch_during_idle_pull(const struct sched_policy *pol, int pulled)
{
	char why[160];
	int i;

	host_boot(2, &sched_policy_nick);
	for (i = 0; i < 3; i++)
		host_spawn("hog", 0, 0);
	host_schedule(0);
	sched_host_jiffies += 10;                    /* all cache-cold */
	switch_to = pol;
	sched_host_on_unlock = cpu0_switches_while_cpu1_waits;
	host_schedule(1);                            /* CPU1 idle: pulls one */
	CHECK(sched_host_on_unlock == NULL);         /* the moment came */
	CHECK(sched_active_policy == pol);
	CHECK_EQ(3 - pulled, sched_rq[0].nr_running);
	CHECK_EQ(pulled, sched_rq[1].nr_running);
	CHECK_EQ(!pulled, host_curr(1)->is_idle);
	if (host_check(why, sizeof(why)) != 0)
		unit_fail(__FILE__, __LINE__, "after the pull, under %s: %s", pol->name, why);
}

/* Before: the pull and the pick kept the policy they had read before the
 * lock was dropped (nick).  To rr: nick's movable read rr's zeroed
 * per-CPU area as arrays (a NULL pointer: the crash of a class's key r).
 * To cfs: nick's running hook left the task CPU1 then ran in cfs's tree.
 * Now both read the policy again once they hold the locks.  rr moves
 * nothing: its switch stamped every task as just run (rr_ran), cache-hot
 * for an idle puller; cfs's tasks are cold. */
UNIT_TEST(a_policy_switch_while_the_idle_pull_waits_for_a_lock_is_seen_after_it)
{
	switch_during_idle_pull(&sched_policy_rr, 0);
	if (!unit_failed_now())
		switch_during_idle_pull(&sched_policy_cfs, 1);
}
