/*
 * spinlock.h - a test-and-set lock for SMP, with debugging (owner CPU,
 * recursion and held-too-long detection) when spinlock_debug is on.
 * Taking a lock that interrupt handlers also take needs spin_lock_irqsave.
 */
#ifndef NICKEL_SPINLOCK_H
#define NICKEL_SPINLOCK_H
#include <stdint.h>
#include "arch/thread_info.h"
#include "arch/cpu.h"

typedef struct spinlock {
	volatile uint32_t locked;
	int owner_cpu;                   /* -1 when free */
	const char *name;
} spinlock_t;

#define SPINLOCK_INIT(n) { 0, -1, n }
extern int spinlock_debug;

void spin_init(spinlock_t *l, const char *name);
void spin_lock_slow(spinlock_t *l);     /* taken, or spinlock_debug: spinlock.c */
void spin_unlock_checked(spinlock_t *l);

static inline uint32_t spin_xchg(volatile uint32_t *p, uint32_t v)
{
	__asm__ volatile("xchgl %0, %1" : "+r"(v), "+m"(*p) : : "memory");
	return v;
}

/* The common case inline: a free lock and no checks is one exchange (an
 * IPC round trip takes six locks; as calls they were a sixth of the
 * instructions its IPC work costs).  Anything else: spin_lock_slow. */
static inline void spin_lock(spinlock_t *l)
{
	if (__builtin_expect(!spinlock_debug && !spin_xchg(&l->locked, 1), 1)) {
		l->owner_cpu = this_cpu_id();
		return;
	}
	spin_lock_slow(l);
}

static inline void spin_unlock(spinlock_t *l)
{
	if (spinlock_debug) {
		spin_unlock_checked(l);
		return;
	}
	l->owner_cpu = -1;
	__asm__ volatile("" ::: "memory");     /* the owner goes before the lock */
	l->locked = 0;
}

static inline unsigned long spin_lock_irqsave(spinlock_t *l)
{
	unsigned long f = irq_save();

	spin_lock(l);
	return f;
}

static inline void spin_unlock_irqrestore(spinlock_t *l, unsigned long flags)
{
	spin_unlock(l);
	irq_restore(flags);
}

int spin_is_held_here(spinlock_t *l);
#endif
