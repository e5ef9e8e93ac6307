/*
 * sys_sched.c - nice, getpriority/setpriority and the sched_* family, on
 * top of the scheduler core's entry points (kernel/sched/syscalls.c).
 * pid 0 means the caller; a pid must name a live ring-3 process.
 */
#include "syscall.h"
#include "task.h"
#include "proc.h"
#include "uaccess.h"
#include "spinlock.h"
#include "abi.h"
#include "sched.h"

#define PRIO_PROCESS 0

/* The target of a call (tasks stay alive: only their parent reaps them,
 * and a process does not wait while it is in this call). */
static struct task *target(uint32_t pid)
{
	unsigned long f;
	struct task *t;

	if (pid == 0)
		return current;
	f = spin_lock_irqsave(&tasks_lock);
	t = proc_find((int)pid);
	spin_unlock_irqrestore(&tasks_lock, f);
	return (t && t->kind == TASK_USER) ? t : 0;
}

static int nice_of(struct task *t)
{
	return t->se.static_prio - SCHED_NICE_TO_PRIO(0);
}

static long set_nice(struct task *t, int nice)
{
	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	return sched_set_nice(&t->se, nice) < 0 ? -EINVAL : 0;
}

static long sys_nice(struct syscall_args *sa)
{
	return set_nice(current, nice_of(current) + (int)sa->a[0]);
}

/* Linux's raw getpriority returns 20 - nice (1..40), never negative. */
static long sys_getpriority(struct syscall_args *sa)
{
	struct task *t;

	if (sa->a[0] != PRIO_PROCESS)
		return -EINVAL;
	if (!(t = target(sa->a[1])))
		return -ESRCH;
	return 20 - nice_of(t);
}

static long sys_setpriority(struct syscall_args *sa)
{
	struct task *t;

	if (sa->a[0] != PRIO_PROCESS)
		return -EINVAL;
	if (!(t = target(sa->a[1])))
		return -ESRCH;
	return set_nice(t, (int)sa->a[2]);
}

static long sys_sched_setscheduler(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	int prio;

	if (!t)
		return -ESRCH;
	if (copy_from_user(&prio, sa->a[2], 4) != 0)
		return -EFAULT;
	return sched_setscheduler(&t->se, (int)sa->a[1], prio) < 0 ? -EINVAL : 0;
}

static long sys_sched_getscheduler(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	return t ? t->se.policy : -ESRCH;
}

static long sys_sched_getparam(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	int prio;

	if (!t)
		return -ESRCH;
	prio = t->se.rt_priority;
	return copy_to_user(sa->a[1], &prio, 4);
}

static long sys_sched_setparam(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	int prio;

	if (!t)
		return -ESRCH;
	if (copy_from_user(&prio, sa->a[1], 4) != 0)
		return -EFAULT;
	return sched_setscheduler(&t->se, t->se.policy, prio) < 0 ? -EINVAL : 0;
}

static long sys_sched_yield(struct syscall_args *sa)
{
	sched_yield(&current->se);
	schedule();
	return 0;
}

static long sys_priority_max(struct syscall_args *sa)
{
	return (sa->a[0] == SCHED_FIFO || sa->a[0] == SCHED_RR) ? 99 :
		sa->a[0] == SCHED_NORMAL ? 0 : -EINVAL;
}

static long sys_priority_min(struct syscall_args *sa)
{
	return (sa->a[0] == SCHED_FIFO || sa->a[0] == SCHED_RR) ? 1 :
		sa->a[0] == SCHED_NORMAL ? 0 : -EINVAL;
}

static long sys_sched_rr_get_interval(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	uint32_t ts[2], ms;

	if (!t)
		return -ESRCH;
	ms = sched_rr_interval(&t->se);          /* jiffies = ms at HZ 1000 */
	ts[0] = ms / 1000;
	ts[1] = (ms % 1000) * 1000000;
	return copy_to_user(sa->a[1], ts, 8);
}

static long sys_sched_setaffinity(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	sched_cpumask_t mask = 0;
	uint32_t len = sa->a[1] < sizeof(mask) ? sa->a[1] : sizeof(mask);

	if (!t)
		return -ESRCH;
	if (copy_from_user(&mask, sa->a[2], len) != 0)
		return -EFAULT;
	return sched_set_affinity(&t->se, mask) < 0 ? -EINVAL : 0;
}

static long sys_sched_getaffinity(struct syscall_args *sa)
{
	struct task *t = target(sa->a[0]);
	sched_cpumask_t mask;

	if (!t)
		return -ESRCH;
	if (sa->a[1] < sizeof(mask))
		return -EINVAL;
	mask = t->se.cpus_allowed;
	if (copy_to_user(sa->a[2], &mask, sizeof(mask)) != 0)
		return -EFAULT;
	return sizeof(mask);
}

void sys_sched_init(void)
{
	syscall_register(NR_nice, sys_nice);
	syscall_register(NR_getpriority, sys_getpriority);
	syscall_register(NR_setpriority, sys_setpriority);
	syscall_register(NR_sched_setscheduler, sys_sched_setscheduler);
	syscall_register(NR_sched_getscheduler, sys_sched_getscheduler);
	syscall_register(NR_sched_getparam, sys_sched_getparam);
	syscall_register(NR_sched_setparam, sys_sched_setparam);
	syscall_register(NR_sched_yield, sys_sched_yield);
	syscall_register(NR_sched_get_priority_max, sys_priority_max);
	syscall_register(NR_sched_get_priority_min, sys_priority_min);
	syscall_register(NR_sched_rr_get_interval, sys_sched_rr_get_interval);
	syscall_register(NR_sched_setaffinity, sys_sched_setaffinity);
	syscall_register(NR_sched_getaffinity, sys_sched_getaffinity);
}
