/*
 * test_wakeup.c - the graded tests of lab `wakeup`: nick_activate, v7's
 * activate_task with its three kinds of waker and sync wake-ups
 * (kernel/sched/nick.c; docs/scheduler-spec.md, "Wake-up (activate_task)";
 * "[PATCH] scheduler policy v7", Nick Piggin, LKML 2003).
 * Every expected value is worked by hand in the comment beside it.
 * labs/wakeup/grade.py gives the points.
 */
#include "graded.h"
#include "sched_host.h"
#include "sched/sched_impl.h"
#include "sched/nick.h"

static struct runqueue *rq0(void) { return &sched_rq[0]; }

/* One CPU, policy nick: `a` runs, `b` went to sleep at jiffies 1000 with
 * 500 jiffies of run history (total 500000, sleep 0) and now wakes after
 * `slept` jiffies.  Both at nice 0; a is a hog at 130. */
static void sleeper_woken_after(struct sched_task **a, struct sched_task **b,
				uint32_t slept)
{
	host_boot(1, &sched_policy_nick);
	*b = host_spawn("sleeper", 0, 0);
	*a = host_spawn("runner", 0, 0);
	host_schedule(0);            /* b first: queued first at 130 */
	host_sleep(*b);              /* a runs; b's timestamp 1000 */
	NICK(*b)->total_time = 500000;
	NICK(*b)->sleep_time = 0;
	NICK(*b)->sleep_avg = 0;
	sched_host_jiffies += slept;
}

UNIT_TEST(kernel_waker_credits_the_whole_sleep)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 100);
	/* add_task_time(b, 100, 1): r = 900: total 450000 + 100000 = 550000,
	 * sleep 100000, avg 1000*100000/550000 = 181; bonus 40*181/1000/2 = 3
	 * -> prio 127; timestamp = now = 1100 */
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, false);
	GRADE_EQ("wakee total_time after 100 ms asleep, kernel-thread waker", 550000, NICK(b)->total_time);
	GRADE_EQ("wakee sleep_time after 100 ms asleep, kernel-thread waker", 100000, NICK(b)->sleep_time);
	GRADE_EQ("wakee sleep_avg after 100 ms asleep, kernel-thread waker", 181, NICK(b)->sleep_avg);
	GRADE_EQ("wakee prio after 100 ms asleep, kernel-thread waker", 127, b->prio);
	GRADE_EQ("wakee timestamp (the wake-up's jiffies)", 1100, NICK(b)->timestamp);
}

UNIT_TEST(irq_waker_adds_another_half)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 100);
	/* as the kernel waker, then add_task_time(b, 50, 1): r = 950:
	 * total (950*550000 + 500)/1000 = 522500 + 50000 = 572500;
	 * sleep 95000 + 50000 = 145000; avg 145000000/572500 = 253;
	 * bonus 40*253/1000/2 = 5 -> prio 125 */
	host_wake(b, NULL, SCHED_WAKER_IRQ, false);
	GRADE_EQ("wakee total_time after 100 ms asleep, interrupt waker", 572500, NICK(b)->total_time);
	GRADE_EQ("wakee sleep_time after 100 ms asleep, interrupt waker", 145000, NICK(b)->sleep_time);
	GRADE_EQ("wakee sleep_avg after 100 ms asleep, interrupt waker", 253, NICK(b)->sleep_avg);
	GRADE_EQ("wakee prio after 100 ms asleep, interrupt waker", 125, b->prio);
}

UNIT_TEST(user_waker_takes_half_the_credit)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 100);
	NICK(a)->total_time = 500000;
	NICK(a)->sleep_time = 0;
	NICK(a)->sleep_avg = 0;
	/* boost = 100/2 = 50 to each: add_task_time(x, 50, 1), r = 950:
	 * total 475000 + 50000 = 525000, sleep 50000, avg 50000000/525000 = 95
	 * (bonus 1 -> b at 129).  The waker a gets the same credit. */
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("wakee sleep_avg, user waker (wakee gets sleep - sleep/2)", 95, NICK(b)->sleep_avg);
	GRADE_EQ("wakee prio, user waker", 129, b->prio);
	GRADE_EQ("waker total_time, user waker (waker gets sleep/2 as sleep)", 525000, NICK(a)->total_time);
	GRADE_EQ("waker sleep_time, user waker", 50000, NICK(a)->sleep_time);
	GRADE_EQ("waker sleep_avg, user waker", 95, NICK(a)->sleep_avg);
}

UNIT_TEST(user_waker_steals_slice_from_the_wakee)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 100);
	NICK(a)->total_time = 500000;
	NICK(a)->used_slice = 80;
	NICK(b)->used_slice = 10;
	/* b at 129 (see user_waker_takes_half_the_credit); task_timeslice(b):
	 * idx min(130 (a queued), 129) = 129, 40*33/8 = 165;
	 * steal = min(100/2, (165 - 10)/2 = 77) = 50:
	 * NICK(b)->used_slice 10 + 50 = 60 (the wakee LOSES slice),
	 * NICK(a)->used_slice 80 - 50 = 30 (the waker gains it) */
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("wakee used_slice after a user wake-up (10 before)", 60, NICK(b)->used_slice);
	GRADE_EQ("waker used_slice after a user wake-up (80 before)", 30, NICK(a)->used_slice);
}

UNIT_TEST(steal_is_at_most_half_the_slice_left)
{
	struct sched_task *a, *b;

	host_boot(1, &sched_policy_nick);
	b = host_spawn("sleeper", 0, 0);
	a = host_spawn("runner", 0, 0);
	host_schedule(0);
	host_sleep(b);
	sched_host_jiffies += 100;
	NICK(a)->used_slice = 40;
	NICK(b)->used_slice = 0;
	/* no history: b's avg 1000 -> prio 110; task_timeslice(b) with a at
	 * 130 queued: idx 110, 40*14/8 = 70; steal = min(50, 70/2 = 35) = 35:
	 * b 0 + 35 = 35, a 40 - 35 = 5 */
	host_wake(b, a, SCHED_WAKER_USER, true);
	GRADE_EQ("wakee prio after 100 ms asleep with no history", 110, b->prio);
	GRADE_EQ("wakee used_slice: steal = min(sleep/2, (slice - used)/2) = 35", 35, NICK(b)->used_slice);
	GRADE_EQ("waker used_slice: 40 - steal", 5, NICK(a)->used_slice);
}

UNIT_TEST(kernel_and_irq_wakers_steal_nothing)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 100);
	NICK(a)->used_slice = 80;
	NICK(b)->used_slice = 10;
	/* only a user waker moves slice: both keep theirs, and a's history
	 * is untouched (total 0) */
	host_wake(b, a, SCHED_WAKER_KTHREAD, false);
	GRADE_EQ("wakee used_slice after a kernel-thread wake-up (10 before)", 10, NICK(b)->used_slice);
	GRADE_EQ("waker used_slice after a kernel-thread wake-up (80 before)", 80, NICK(a)->used_slice);
	GRADE_EQ("waker total_time after a kernel-thread wake-up (0 before)", 0, NICK(a)->total_time);
	host_sleep(a);
	host_sleep(b);
	sched_host_jiffies += 100;
	NICK(b)->used_slice = 10;
	host_wake(b, NULL, SCHED_WAKER_IRQ, false);
	GRADE_EQ("wakee used_slice after an interrupt wake-up (10 before)", 10, NICK(b)->used_slice);
}

UNIT_TEST(sleep_is_capped_at_max_sleep)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 5000);
	/* sleep = min(5000, MAX_SLEEP 1000) = 1000: add_task_time(b, 1000, 1):
	 * r = 0 wipes the decayed history to 0, + 1000000: total = sleep =
	 * 1000000, avg 1000 -> prio 110 */
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, false);
	GRADE_EQ("wakee total_time after 5000 ms asleep (sleep capped at 1000)", 1000000, NICK(b)->total_time);
	GRADE_EQ("wakee sleep_avg after 5000 ms asleep", 1000, NICK(b)->sleep_avg);
	GRADE_EQ("wakee prio after 5000 ms asleep", 110, b->prio);
}

UNIT_TEST(fresh_slice_only_after_an_array_swap)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 5);
	NICK(b)->used_slice = 10;
	/* same array generation: the slice used is kept */
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, true);
	GRADE_EQ("wakee used_slice, no array swap while asleep (10 before)", 10, NICK(b)->used_slice);
	host_schedule(0);
	sleeper_woken_after(&a, &b, 5);
	NICK(b)->used_slice = 10;
	NICK_RQ(rq0())->array_sequence++;         /* the arrays swapped while b slept */
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, true);
	GRADE_EQ("wakee used_slice, arrays swapped while asleep (10 before)", 0, NICK(b)->used_slice);
}

UNIT_TEST(sync_wakeup_never_preempts)
{
	struct sched_task *a, *b;

	/* b wakes at 127 (kernel waker, see kernel_waker_credits_the_whole_
	 * sleep), better than the running a at 130: a normal wake-up
	 * reschedules a, a sync one does not */
	sleeper_woken_after(&a, &b, 100);
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, true);
	GRADE_EQ("runner's need_resched after a sync wake-up of a better task", 0, a->need_resched);
	sleeper_woken_after(&a, &b, 100);
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, false);
	GRADE_EQ("runner's need_resched after a normal wake-up of a better task", 1, a->need_resched);
}

UNIT_TEST(a_worse_wakee_does_not_preempt)
{
	struct sched_task *a, *b;

	sleeper_woken_after(&a, &b, 1);
	/* 1 jiffy asleep after 500 of run: r = 999: total 499500 + 1000 =
	 * 500500, sleep 1000, avg 1000*1000/500500 = 1; bonus 0: prio 130,
	 * the runner's prio, same nice: no preemption (a tie does not) */
	host_wake(b, NULL, SCHED_WAKER_KTHREAD, false);
	GRADE_EQ("wakee prio after 1 ms asleep with 500 ms of run history", 130, b->prio);
	GRADE_EQ("runner's need_resched after waking a task of equal prio", 0, a->need_resched);
}

/* -------------------- odd and long sleeps, slices near their end, 2 CPUs */

/* sleeper_woken_after, with a 500 ms run history for the waker too. */
static void both_with_history(struct sched_task **a, struct sched_task **b,
			      uint32_t slept)
{
	sleeper_woken_after(a, b, slept);
	NICK(*a)->total_time = 500000;
	NICK(*a)->sleep_time = 0;
	NICK(*a)->sleep_avg = 0;
}

UNIT_TEST(user_waker_odd_sleep_gives_the_wakee_the_larger_half)
{
	struct sched_task *a, *b;

	both_with_history(&a, &b, 101);
	/* boost = 101/2 = 50 to the waker: r = 950: total (950*500000 + 500)/1000
	 * = 475000 + 50000 = 525000, sleep 50000.  The wakee gets 101 - 50 = 51:
	 * r = 949: total 474500 + 51000 = 525500, sleep 51000, avg 97 */
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("waker total_time after a user wake-up of a task asleep 101 ms", 525000, NICK(a)->total_time);
	GRADE_EQ("waker sleep_time after a user wake-up of a task asleep 101 ms", 50000, NICK(a)->sleep_time);
	GRADE_EQ("wakee total_time, asleep 101 ms, user waker (it gets 101 - 101/2 = 51)", 525500, NICK(b)->total_time);
	GRADE_EQ("wakee sleep_time, asleep 101 ms, user waker", 51000, NICK(b)->sleep_time);
	GRADE_EQ("wakee sleep_avg, asleep 101 ms, user waker", 97, NICK(b)->sleep_avg);
}

UNIT_TEST(user_waker_long_sleep_is_capped_before_the_split)
{
	struct sched_task *a, *b;

	both_with_history(&a, &b, 5000);
	/* sleep = min(5000, 1000) = 1000 first, then boost = 500 to each:
	 * r = 500: total (500*500000 + 500)/1000 = 250000 + 500000 = 750000,
	 * sleep 500000, avg 666; wakee bonus 40*666/1000/2 = 13 -> prio 117.
	 * (Splitting the uncapped 5000: 2500 each wipes both histories.) */
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("waker total_time, wakee asleep 5000 ms (capped at 1000, half to the waker)", 750000, NICK(a)->total_time);
	GRADE_EQ("waker sleep_avg, wakee asleep 5000 ms", 666, NICK(a)->sleep_avg);
	GRADE_EQ("wakee total_time, asleep 5000 ms, user waker", 750000, NICK(b)->total_time);
	GRADE_EQ("wakee prio, asleep 5000 ms, user waker", 117, b->prio);
	/* 2^31 + 1000 jiffies (about 25 days): now - timestamp is a uint32_t
	 * above INT32_MAX, still capped at 1000: the same numbers */
	both_with_history(&a, &b, 0x80000000u + 1000);
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("waker total_time, wakee asleep 2^31 + 1000 ms (unsigned, capped)", 750000, NICK(a)->total_time);
	GRADE_EQ("wakee total_time, asleep 2^31 + 1000 ms, user waker", 750000, NICK(b)->total_time);
}

UNIT_TEST(steal_near_the_end_of_the_slice_and_past_it)
{
	struct sched_task *a, *b;

	both_with_history(&a, &b, 100);
	NICK(a)->used_slice = 80;
	NICK(b)->used_slice = 160;
	/* b at 129, task_timeslice 165 (see user_waker_steals_slice_from_the_
	 * wakee): steal = min(100/2, (165 - 160)/2 = 2) = 2: b 162, a 78 */
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("wakee used_slice, 5 of its 165 ms left (160 before)", 162, NICK(b)->used_slice);
	GRADE_EQ("waker used_slice, wakee had 5 ms left (80 before)", 78, NICK(a)->used_slice);
	both_with_history(&a, &b, 100);
	NICK(a)->used_slice = 30;
	NICK(b)->used_slice = 200;
	/* b used more than its slice now is: 165 - 200 wraps (unsigned), so
	 * steal = sleep/2 = 50 (quirk 6): b 250; the waker's 30 - 50 wraps
	 * too (quirk 2): 2^32 - 20 = 4294967276 */
	host_wake(b, a, SCHED_WAKER_USER, false);
	GRADE_EQ("wakee used_slice, 200 used of a 165 ms slice: (165 - 200) wraps, steal 50", 250, NICK(b)->used_slice);
	GRADE_EQ("waker used_slice 30 - 50, unsigned: wraps to 2^32 - 20", 4294967276.0, NICK(a)->used_slice);
}

UNIT_TEST(user_waker_on_another_cpu_not_the_running_task)
{
	struct sched_task *b, *c, *w;

	/* Two CPUs: b sleeps on CPU 0, where c then runs; the waker w runs on
	 * CPU 1.  All three nice 0 with 500 ms of run history. */
	host_boot(2, &sched_policy_nick);
	b = host_spawn("sleeper", 0, 0);
	c = host_spawn("runner", 0, 0);
	w = host_spawn("waker", 0, 1);
	host_schedule(0);
	host_schedule(1);
	host_sleep(b);
	NICK(b)->total_time = NICK(c)->total_time = NICK(w)->total_time = 500000;
	NICK(b)->sleep_time = NICK(c)->sleep_time = NICK(w)->sleep_time = 0;
	NICK(b)->sleep_avg = NICK(c)->sleep_avg = NICK(w)->sleep_avg = 0;
	NICK(b)->used_slice = 10;
	NICK(c)->used_slice = NICK(w)->used_slice = 80;
	sched_host_jiffies += 100;
	/* The credit and the stolen slice go to the waker w, not to CPU 0's
	 * running task c: w total 525000, sleep 50000 (as in user_waker_takes_
	 * half_the_credit); b at 129 on CPU 0 with c (130) queued: slice 165,
	 * steal min(50, 77) = 50: b 60, w 30; c keeps 500000 and 80 */
	host_wake(b, w, SCHED_WAKER_USER, false);
	GRADE_EQ("waker (CPU 1) total_time after waking a task of CPU 0", 525000, NICK(w)->total_time);
	GRADE_EQ("waker (CPU 1) used_slice after waking a task of CPU 0 (80 before)", 30, NICK(w)->used_slice);
	GRADE_EQ("CPU 0's running task total_time (not the waker: unchanged)", 500000, NICK(c)->total_time);
	GRADE_EQ("CPU 0's running task used_slice (not the waker: unchanged)", 80, NICK(c)->used_slice);
	GRADE_EQ("wakee used_slice (10 before, steal 50)", 60, NICK(b)->used_slice);
	GRADE_EQ("wakee prio", 129, b->prio);
}
