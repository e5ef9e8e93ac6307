/*
 * sys_usage.c - what a process has used: getrusage and times.
 *
 * nickel counts run time in the scheduler's milliseconds (the tick's
 * view, sched.h) and does not split it into user and kernel mode, so all
 * of it is user time (ru_utime, tms_utime) and system time is 0.  A switch
 * away is voluntary when the task blocked (ru_nvcsw) and involuntary when
 * it was still runnable: preempted, its slice over, or a sched_yield
 * (ru_nivcsw), as Linux counts them.  RUSAGE_CHILDREN sums the children
 * the caller has reaped, with what they had reaped (proc.c: reap).  The
 * other fields are 0.
 */
#include "proc/syscall.h"
#include "proc/task.h"
#include "proc/abi.h"
#include "mm/uaccess.h"
#include "lib/string.h"
#include "arch/timer.h"

#define RUSAGE_SELF       0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD     1      /* a nickel process has one thread */

/* Linux's struct rusage on i386: two timevals, then 14 longs. */
struct rusage_i386 {
	int32_t utime_sec, utime_usec, stime_sec, stime_usec;
	int32_t maxrss, ixrss, idrss, isrss, minflt, majflt, nswap;
	int32_t inblock, oublock, msgsnd, msgrcv, nsignals, nvcsw, nivcsw;
};

/* The task's own usage, read under its rq lock (sched_task_view). */
static struct task_usage usage_of(struct task *t)
{
	struct sched_task_view v;

	sched_task_view(&t->se, &v);
	return (struct task_usage){ v.run_ms, v.switches - v.preempted, v.preempted };
}

static void usage_add(struct task_usage *to, struct task_usage u)
{
	to->run_ms += u.run_ms;
	to->voluntary += u.voluntary;
	to->involuntary += u.involuntary;
}

/* A reaped child's usage, and its reaped children's, go to its parent:
 * both tasks are the caller's (the zombie no longer runs). */
void usage_add_reaped(struct task *parent, struct task *zombie)
{
	usage_add(&parent->children_usage, usage_of(zombie));
	usage_add(&parent->children_usage, zombie->children_usage);
}

static long sys_getrusage(struct syscall_args *sa)
{
	int who = (int)sa->a[0];
	struct task_usage u;
	struct rusage_i386 r;

	if (who == RUSAGE_SELF || who == RUSAGE_THREAD)
		u = usage_of(current);
	else if (who == RUSAGE_CHILDREN)
		u = current->children_usage;
	else
		return -EINVAL;
	memset(&r, 0, sizeof(r));
	r.utime_sec = (int32_t)(u.run_ms / 1000);
	r.utime_usec = (int32_t)(u.run_ms % 1000 * 1000);
	r.nvcsw = (int32_t)u.voluntary;
	r.nivcsw = (int32_t)u.involuntary;
	return copy_to_user(sa->a[1], &r, sizeof(r)) ? -EFAULT : 0;
}

/* times(): clock ticks of 10 ms (Linux's USER_HZ of 100). */
static long sys_times(struct syscall_args *sa)
{
	uint32_t tms[4] = { current->se.run_ms / 10, 0, 0, 0 };

	if (sa->a[0] && copy_to_user(sa->a[0], tms, sizeof(tms)) != 0)
		return -EFAULT;
	return (long)(jiffies / 10);
}

void sys_usage_init(void)
{
	syscall_register(NR_getrusage, sys_getrusage);
	syscall_register(NR_times, sys_times);
}
