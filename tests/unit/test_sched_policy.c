/*
 * test_sched_policy.c - what the core guarantees every policy and checks
 * at the boundary (kernel/sched/policy.h): init_task starts from the
 * class's prio and zeroed policy_data, a child inherits policy_data, a prio
 * outside 0..139 is clamped with one line, a pick hook chooses the
 * next task and a wrong choice falls back to the core's with one line.
 * The test policies are policy mine with one hook replaced.
 */
#include <string.h>
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

static struct sched_policy pol;
static int seen_prio;
static uint64_t seen_data;
static int bad_prio;

static void use_policy(void)
{
	pol = sched_policy_mine;
	pol.name = "test";
}

static void recording_init(struct runqueue *rq UNUSED, struct sched_task *p)
{
	seen_prio = p->prio;
	seen_data = p->policy_data[0] | p->policy_data[SCHED_POLICY_WORDS - 1];
	p->policy_data[0] = 7;
}

UNIT_TEST(init_task_starts_from_the_class_prio_and_zeroed_data)
{
	struct sched_task *p;

	use_policy();
	pol.init_task = recording_init;
	host_boot(1, &pol);
	p = host_new_task("t", 5);
	p->policy_data[0] = p->policy_data[SCHED_POLICY_WORDS - 1] = 0xdead;
	sched_start_task(p, 0);
	CHECK_EQ(125, seen_prio);            /* SCHED_NORMAL: static_prio, 120 + 5 */
	CHECK_EQ(0, seen_data);              /* zeroed before init_task */
	CHECK_EQ(7, p->policy_data[0]);
}

UNIT_TEST(a_child_starts_with_a_copy_of_its_parents_policy_data)
{
	struct sched_task *parent, *child;

	use_policy();
	host_boot(1, &pol);
	parent = host_spawn("parent", 0, 0);
	host_schedule(0);
	parent->policy_data[SCHED_POLICY_WORDS - 1] = 0x1234;
	child = host_fork(parent, "child");
	CHECK_EQ(0x1234, child->policy_data[SCHED_POLICY_WORDS - 1]);
}

static void bad_prio_init(struct runqueue *rq UNUSED, struct sched_task *p)
{
	p->prio = bad_prio;
}

/* prio 144 would index past queue[139] and set a bitmap bit no search
 * clears; -3 would make a normal task real time. */
UNIT_TEST(a_prio_outside_0_139_is_clamped_into_its_band_with_one_line)
{
	static const int bad[2] = { 144, -3 }, clamped[2] = { 139, 100 };
	char why[160];
	int i;

	for (i = 0; i < 2; i++) {
		unsigned long before = sched_host_warnings;

		use_policy();
		pol.init_task = bad_prio_init;
		bad_prio = bad[i];
		host_boot(1, &pol);
		CHECK_EQ(clamped[i], host_spawn("a", 0, 0)->prio);
		host_spawn("b", 0, 0);            /* the second: no second line */
		host_schedule(0);
		host_run(300);
		CHECK_EQ(before + 1, sched_host_warnings);
		CHECK(strstr(sched_host_last_warning, "policy test gave pid 1 (a) prio") != NULL);
		CHECK_EQ(0, host_check(why, sizeof(why)));
	}
}

/* Last in first out: the tail of the best list of the active array (the
 * test policy is mine's: its tasks wait in ARRAYS(rq)). */
static struct sched_task *pick_tail(struct runqueue *rq)
{
	int idx = prio_array_find_next(ARRAYS(rq)->active, 0);

	return list_entry(ARRAYS(rq)->active->queue[idx].prev, struct sched_task, run_list);
}

/* One CPU under pol with this pick hook, tasks a, b, c at nice 0 queued in
 * that order, then schedule(). */
static void boot_abc(struct sched_task *(*pick)(struct runqueue *), struct sched_task *t[3])
{
	static const char *const names[3] = { "a", "b", "c" };
	int i;

	use_policy();
	if (pick)
		pol.pick = pick;             /* else mine's: the head of the best list */
	host_boot(1, &pol);
	for (i = 0; i < 3; i++)
		t[i] = host_spawn(names[i], 0, 0);
	host_schedule(0);
}

UNIT_TEST(a_pick_hook_chooses_the_next_task)
{
	struct sched_task *t[3];

	boot_abc(pick_tail, t);
	CHECK(host_curr(0) == t[2]);
	boot_abc(NULL, t);
	CHECK(host_curr(0) == t[0]);         /* mine's choice: the head */
}

static struct sched_task *pick_nothing(struct runqueue *rq UNUSED)
{
	return NULL;
}

UNIT_TEST(a_pick_of_no_queued_task_falls_back_with_one_line)
{
	unsigned long before = sched_host_warnings;
	struct sched_task *t[3];
	char why[160];

	boot_abc(pick_nothing, t);
	CHECK(host_curr(0) == t[0]);
	host_run(500);
	CHECK_EQ(before + 1, sched_host_warnings);
	CHECK(strstr(sched_host_last_warning, "policy test picked NULL") != NULL);
	CHECK_EQ(0, host_check(why, sizeof(why)));
}
