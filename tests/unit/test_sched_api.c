/*
 * test_sched_api.c - system calls, accounting and the stat/trace formats.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

#include <string.h>

UNIT_TEST(setscheduler_validates_and_sets_rt_prio)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	CHECK_EQ(-SCHED_EINVAL, sched_setscheduler(b, 3, 0));
	CHECK_EQ(-SCHED_EINVAL, sched_setscheduler(b, SCHED_FIFO, 0));
	CHECK_EQ(-SCHED_EINVAL, sched_setscheduler(b, SCHED_FIFO, 100));
	CHECK_EQ(-SCHED_EINVAL, sched_setscheduler(b, SCHED_NORMAL, 5));
	/* prio = 99 - rt_priority; a queued better task reschedules curr */
	CHECK_EQ(0, sched_setscheduler(b, SCHED_FIFO, 50));
	CHECK_EQ(49, b->prio);
	CHECK(a->need_resched);
	host_schedule(0);
	CHECK(host_curr(0) == b);
	CHECK_EQ(0, sched_rr_interval(b));          /* FIFO: 0 */
	host_run(1000);                              /* FIFO never expires */
	CHECK(host_curr(0) == b);
	CHECK_EQ(0, sched_setscheduler(b, SCHED_RR, 1));
	CHECK_EQ(98, b->prio);
	CHECK_EQ(20, sched_rr_interval(b));
	/* back to normal: static prio (a running task that got worse resched) */
	CHECK_EQ(0, sched_setscheduler(b, SCHED_NORMAL, 0));
	CHECK_EQ(120, b->prio);
	CHECK(b->need_resched);
}

/* nick's RR quantum, which rr takes too (by its own tick). */
static void rt_rr_round_robins_every_20_jiffies_under(const struct sched_policy *pol)
{
	struct sched_task *a, *b;

	host_boot(1, pol);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	CHECK_EQ(0, sched_setscheduler(a, SCHED_RR, 10));
	CHECK_EQ(0, sched_setscheduler(b, SCHED_RR, 10));
	host_schedule(0);
	CHECK(host_curr(0) == a);
	host_run(19);
	CHECK(host_curr(0) == a);
	host_run(1);
	CHECK(host_curr(0) == b);
	CHECK(a->array == &sched_rq[0].queue);
}

UNIT_TEST(rt_rr_round_robins_every_20_jiffies)
{
	rt_rr_round_robins_every_20_jiffies_under(&sched_policy_nick);
	rt_rr_round_robins_every_20_jiffies_under(&sched_policy_rr);
}

UNIT_TEST(yield_normal_goes_to_expired)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_nick);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	sched_yield(a);
	CHECK(a->array == ARRAYS(&sched_rq[0])->expired);
	CHECK(a->need_resched);
	host_schedule(0);
	CHECK(host_curr(0) == b);
	/* b runs its whole slice before a gets the CPU again (170 ms: the
	 * best prio queued, expired included, is 130) */
	host_run(169);
	CHECK(host_curr(0) == b);
	host_run(1);
	CHECK(host_curr(0) == a);
}

UNIT_TEST(accounting_run_sleep_wait)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_rr);
	a = host_spawn("a", 0, 0);
	b = host_spawn("b", 0, 0);
	host_schedule(0);
	host_run(100);                 /* a runs 100, b waits 100 */
	CHECK(host_curr(0) == b);
	CHECK_EQ(100, a->run_ms);
	CHECK_EQ(100, b->wait_ms);
	host_sleep(b);                 /* b sleeps from 1100 */
	host_run(50);
	sched_host_jiffies += 0;
	CHECK(host_wake(b, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK_EQ(50, b->sleep_ms);
	CHECK_EQ(1, b->wakeups);
	CHECK_EQ(1, a->switches);
	CHECK_EQ(150, a->run_ms);
	CHECK_EQ(3, sched_rq[0].nr_switches);   /* idle->a, a->b, b->a */
	host_sleep(a);
	host_sleep(b);
	host_run(7);
	CHECK_EQ(7, sched_rq[0].idle_ms);
}

UNIT_TEST(stat_dump_lines)
{
	struct sched_task *a;
	char buf[512];

	host_boot(1, &sched_policy_nick);
	a = host_spawn("xserver", 0, 0);
	host_schedule(0);
	host_run(3);
	sched_format_cpu(buf, sizeof(buf), 0);
	CHECK(strcmp(buf, "cpu id=0 nr_running=1 nr_switches=1 idle_ms=0 ipis=0 "
		     "migrations_in=0") == 0);
	sched_format_task(buf, sizeof(buf), a);
	/* alone at 130: timeslice 170, 3 used */
	CHECK(strcmp(buf, "task pid=1 name=xserver cpu=0 state=R policy=nick nice=0 "
		     "static_prio=120 prio=130 sleep_avg=0 timeslice=170 used_slice=3 "
		     "run_ms=3 sleep_ms=0 wait_ms=0 switches=0 wakeups=0 "
		     "migrations=0") == 0);
	sched_switch_policy(&sched_policy_o1);
	sched_set_nice(a, 19);
	sched_format_task(buf, sizeof(buf), a);
	CHECK(strstr(buf, " policy=o1 nice=19 static_prio=139 prio=139 sleep_avg=0 "
		     "timeslice=10 used_slice=0 ") != NULL);
	sched_setscheduler(a, SCHED_FIFO, 1);
	sched_format_task(buf, sizeof(buf), a);
	CHECK(strstr(buf, " policy=SCHED_FIFO ") != NULL);
}

UNIT_TEST(trace_lines)
{
	struct sched_task a, b;
	char buf[256];

	sched_task_init(&a, 3, "hog", 0);
	sched_task_init(&b, 2, "xserver", 0);
	a.prio = 130;
	a.state = SCHED_TASK_RUNNING;
	b.prio = 110;
	sched_format_switch(buf, sizeof(buf), 1, 12345678ull, &a, &b);
	CHECK(strcmp(buf, "             hog-3 [001] 12.345678: sched_switch: "
		     "prev_comm=hog prev_pid=3 prev_prio=130 prev_state=R ==> "
		     "next_comm=xserver next_pid=2 next_prio=110") == 0);
	b.cpu = 1;
	sched_format_wakeup(buf, sizeof(buf), 0, 5000001ull, &a, &b, 1);
	CHECK(strcmp(buf, "             hog-3 [000] 5.000001: sched_wakeup: "
		     "comm=xserver pid=2 prio=110 success=1 target_cpu=001") == 0);
}

static int nswitch;
static void on_switch(int cpu, struct sched_task *prev, struct sched_task *next)
{
	nswitch++;
}

UNIT_TEST(trace_hook_called_per_switch)
{
	host_boot(1, &sched_policy_rr);
	sched_host_on_switch = on_switch;
	nswitch = 0;
	host_spawn("a", 0, 0);
	host_spawn("b", 0, 0);
	host_schedule(0);
	host_run(1000);             /* 1 + 10 switches */
	CHECK_EQ(11, nswitch);
	CHECK_EQ(11, sched_rq[0].nr_switches);
	sched_host_on_switch = NULL;
}

/* A task made but not started (a fork's child while its memory is copied)
 * is visible by pid; a wake-up (kill) must not queue it, or sched_fork
 * queues it a second time: the same task on a queue twice, run twice. */
UNIT_TEST(wakeup_of_a_task_not_yet_forked_changes_nothing)
{
	struct sched_task *parent, *child;
	char why[160];

	host_boot(1, &sched_policy_nick);
	parent = host_spawn("parent", 0, 0);
	host_schedule(0);
	child = host_new_task("child", 0);
	CHECK_EQ(SCHED_TASK_NEW, child->state);
	CHECK(!host_wake(child, NULL, SCHED_WAKER_KTHREAD, false));
	CHECK(!child->array);
	CHECK_EQ(1, sched_rq[0].nr_running);
	sched_fork(parent, child);
	CHECK_EQ(SCHED_TASK_RUNNING, child->state);
	CHECK_EQ(2, sched_rq[0].nr_running);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}
