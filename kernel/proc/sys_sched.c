/*
 * sys_sched.c - nice, getpriority/setpriority and the sched_* family, on
 * top of the scheduler core's entry points (kernel/sched/params.c).
 * pid 0 means the caller; a pid must name a ring-3 process (a zombie not
 * yet reaped counts, as in Linux).
 */
#include "proc/syscall.h"
#include "proc/task.h"
#include "proc/proc.h"
#include "mm/uaccess.h"
#include "spinlock.h"
#include "proc/abi.h"
#include "sched/sched.h"

#define PRIO_PROCESS 0

/*
 * The process a call names, with a reference held (task.c: it may exit and
 * be reaped on another CPU while we use it); 0 if there is none.
 */
static struct task *target_get(uint32_t pid)
{
	unsigned long f = spin_lock_irqsave(&tasks_lock);
	struct task *t = pid == 0 ? current : proc_find((int)pid);

	if (t && t->kind == TASK_USER)
		task_get(t);
	else
		t = 0;
	spin_unlock_irqrestore(&tasks_lock, f);
	return t;
}

typedef long (*target_op)(struct task *t, struct syscall_args *sa);

/* Run op on the process named by pid: -ESRCH if there is none. */
static long on_target(uint32_t pid, target_op op, struct syscall_args *sa)
{
	struct task *t = target_get(pid);
	long r;

	if (!t)
		return -ESRCH;
	r = op(t, sa);
	task_put(t);
	return r;
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
static long get_priority(struct task *t, struct syscall_args *sa)
{
	return 20 - nice_of(t);
}

static long sys_getpriority(struct syscall_args *sa)
{
	if (sa->a[0] != PRIO_PROCESS)
		return -EINVAL;
	return on_target(sa->a[1], get_priority, sa);
}

static long set_priority(struct task *t, struct syscall_args *sa)
{
	return set_nice(t, (int)sa->a[2]);
}

static long sys_setpriority(struct syscall_args *sa)
{
	if (sa->a[0] != PRIO_PROCESS)
		return -EINVAL;
	return on_target(sa->a[1], set_priority, sa);
}

static long set_scheduler(struct task *t, struct syscall_args *sa)
{
	int prio;

	if (copy_from_user(&prio, sa->a[2], 4) != 0)
		return -EFAULT;
	return sched_setscheduler(&t->se, (int)sa->a[1], prio) < 0 ? -EINVAL : 0;
}

static long sys_sched_setscheduler(struct syscall_args *sa)
{
	return on_target(sa->a[0], set_scheduler, sa);
}

static long get_scheduler(struct task *t, struct syscall_args *sa)
{
	return t->se.sched_class;
}

static long sys_sched_getscheduler(struct syscall_args *sa)
{
	return on_target(sa->a[0], get_scheduler, sa);
}

static long get_param(struct task *t, struct syscall_args *sa)
{
	int prio = t->se.rt_priority;

	return copy_to_user(sa->a[1], &prio, 4);
}

static long sys_sched_getparam(struct syscall_args *sa)
{
	return on_target(sa->a[0], get_param, sa);
}

static long set_param(struct task *t, struct syscall_args *sa)
{
	int prio;

	if (copy_from_user(&prio, sa->a[1], 4) != 0)
		return -EFAULT;
	return sched_setscheduler(&t->se, t->se.sched_class, prio) < 0 ? -EINVAL : 0;
}

static long sys_sched_setparam(struct syscall_args *sa)
{
	return on_target(sa->a[0], set_param, sa);
}

static long sys_sched_yield(struct syscall_args *sa)
{
	schedule_yield();           /* the yield and the switch: one rq lock round */
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

static long rr_interval(struct task *t, struct syscall_args *sa)
{
	uint32_t ts[2], ms = sched_rr_interval(&t->se);   /* jiffies = ms at HZ 1000 */

	ts[0] = ms / 1000;
	ts[1] = (ms % 1000) * 1000000;
	return copy_to_user(sa->a[1], ts, 8);
}

static long sys_sched_rr_get_interval(struct syscall_args *sa)
{
	return on_target(sa->a[0], rr_interval, sa);
}

static long set_affinity(struct task *t, struct syscall_args *sa)
{
	sched_cpumask_t mask = 0;
	uint32_t len = sa->a[1] < sizeof(mask) ? sa->a[1] : sizeof(mask);

	if (copy_from_user(&mask, sa->a[2], len) != 0)
		return -EFAULT;
	return sched_set_affinity(&t->se, mask) < 0 ? -EINVAL : 0;
}

static long sys_sched_setaffinity(struct syscall_args *sa)
{
	return on_target(sa->a[0], set_affinity, sa);
}

static long get_affinity(struct task *t, struct syscall_args *sa)
{
	sched_cpumask_t mask = t->se.cpus_allowed;

	if (sa->a[1] < sizeof(mask))
		return -EINVAL;
	if (copy_to_user(sa->a[2], &mask, sizeof(mask)) != 0)
		return -EFAULT;
	return sizeof(mask);
}

static long sys_sched_getaffinity(struct syscall_args *sa)
{
	return on_target(sa->a[0], get_affinity, sa);
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
	syscall_register_irqs_off(NR_sched_yield, sys_sched_yield);   /* schedule() wants them off */
	syscall_register(NR_sched_get_priority_max, sys_priority_max);
	syscall_register(NR_sched_get_priority_min, sys_priority_min);
	syscall_register(NR_sched_rr_get_interval, sys_sched_rr_get_interval);
	syscall_register(NR_sched_setaffinity, sys_sched_setaffinity);
	syscall_register(NR_sched_getaffinity, sys_sched_getaffinity);
}
