/*
 * kcov.c - the coverage callback and its system calls (kcov.h).
 *
 * gcc's -fsanitize-coverage=trace-pc puts a call to
 * __sanitizer_cov_trace_pc() at the head of every basic block of the
 * instrumented files (mk/fuzz.mk says which are not).  The callback
 * appends its return address, a PC inside that block, to the buffer of
 * the current task if that task enabled coverage and is not in an
 * interrupt handler (an interrupt's code is not what its calls reached).
 *
 * A few tasks at a time (KCOV_SLOTS) may have coverage on.  Locking: a
 * slot's owner is the only task that writes its pcs and n (from the
 * callback) and the only one that enables, resets, reads or frees it, so
 * the record path takes no lock; kcov_lock only hands out free slots.
 * owner is written last when a slot is filled and first when emptied.
 */
#ifdef CONFIG_KCOV
#include "kcov/kcov.h"
#include "proc/syscall.h"
#include "proc/abi.h"
#include "proc/task.h"
#include "mm/heap.h"
#include "mm/uaccess.h"
#include "spinlock.h"

#define KCOV_SLOTS    4
#define KCOV_MAX_PCS  65536      /* 256 KiB of heap, at most, per task */

struct kcov_area {
	struct task *volatile owner;   /* 0: free */
	uint32_t *pcs;
	uint32_t n, max;               /* full at max: later PCs are dropped */
};

static struct kcov_area areas[KCOV_SLOTS];
static volatile int kcov_users;        /* slots in use; 0: return at once */
static spinlock_t kcov_lock = SPINLOCK_INIT("kcov");

static struct kcov_area *area_of(struct task *t)
{
	int i;

	for (i = 0; i < KCOV_SLOTS; i++)
		if (areas[i].owner == t)
			return &areas[i];
	return 0;
}

/* Not instrumented itself (mk/fuzz.mk): it would call itself.  Every PC
 * goes to the kernel-wide map first (kcov_all.c: no thread_info needed,
 * safe from kmain's first block and in any interrupt). */
void __sanitizer_cov_trace_pc(void)
{
	uint32_t pc = (uint32_t)__builtin_return_address(0);
	struct thread_info *ti;
	struct kcov_area *a;

	kcov_all_record(pc);
	if (!kcov_users)
		return;
	ti = current_thread_info();
	if ((ti->preempt_count & HARDIRQ_MASK) || !ti->task)
		return;
	a = area_of(ti->task);
	if (a && a->n < a->max)
		a->pcs[a->n++] = pc;
}

static void area_free(struct kcov_area *a)
{
	uint32_t *pcs = a->pcs;
	unsigned long f;

	f = spin_lock_irqsave(&kcov_lock);
	a->owner = 0;                      /* first: the callback stops here */
	a->pcs = 0;
	kcov_users--;
	spin_unlock_irqrestore(&kcov_lock, f);
	kfree(pcs);
}

/* 1100 kcov_enable(max): record up to max PCs (1..KCOV_MAX_PCS). */
static long sys_kcov_enable(struct syscall_args *sa)
{
	uint32_t max = sa->a[0];
	struct kcov_area *a = 0;
	uint32_t *pcs;
	unsigned long f;
	int i;

	if (max == 0 || max > KCOV_MAX_PCS)
		return -EINVAL;
	if (area_of(current))
		return -EBUSY;
	pcs = kmalloc(max * sizeof(uint32_t));
	if (!pcs)
		return -ENOMEM;
	f = spin_lock_irqsave(&kcov_lock);
	for (i = 0; i < KCOV_SLOTS && !a; i++)
		if (!areas[i].owner)
			a = &areas[i];
	if (a) {
		a->pcs = pcs;
		a->n = 0;
		a->max = max;
		__atomic_store_n(&a->owner, current, __ATOMIC_RELEASE);
		kcov_users++;
	}
	spin_unlock_irqrestore(&kcov_lock, f);
	if (!a) {
		kfree(pcs);
		return -EBUSY;             /* every slot taken */
	}
	return 0;
}

/* 1101 kcov_disable(): stop and free the buffer. */
static long sys_kcov_disable(struct syscall_args *sa)
{
	struct kcov_area *a = area_of(current);

	if (!a)
		return -EINVAL;
	area_free(a);
	return 0;
}

/* 1102 kcov_reset(): forget the PCs recorded so far. */
static long sys_kcov_reset(struct syscall_args *sa)
{
	struct kcov_area *a = area_of(current);

	if (!a)
		return -EINVAL;
	a->n = 0;
	return 0;
}

/* 1103 kcov_read(buf, max): copy up to max PCs, in the order they were
 * reached, to buf; returns how many.  The PCs of this call's own entry
 * are among them (as in Linux). */
static long sys_kcov_read(struct syscall_args *sa)
{
	struct kcov_area *a = area_of(current);
	uint32_t n;

	if (!a)
		return -EINVAL;
	n = a->n < sa->a[1] ? a->n : sa->a[1];
	if (n && copy_to_user(sa->a[0], a->pcs, n * sizeof(uint32_t)) != 0)
		return -EFAULT;
	return n;
}

void kcov_task_exit(struct task *t)
{
	struct kcov_area *a = area_of(t);

	if (a)
		area_free(a);
}

void sys_kcov_init(void)
{
	syscall_register(NR_kcov_enable, sys_kcov_enable);
	syscall_register(NR_kcov_disable, sys_kcov_disable);
	syscall_register(NR_kcov_reset, sys_kcov_reset);
	syscall_register(NR_kcov_read, sys_kcov_read);
}
#endif
