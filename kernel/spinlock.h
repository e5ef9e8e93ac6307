/*
 * spinlock.h - a test-and-set lock for SMP, with debugging (owner CPU,
 * recursion and held-too-long detection) when spinlock_debug is on.
 * Taking a lock that interrupt handlers also take needs spin_lock_irqsave.
 */
#ifndef NICKEL_SPINLOCK_H
#define NICKEL_SPINLOCK_H
#include <stdint.h>

typedef struct spinlock {
	volatile uint32_t locked;
	int owner_cpu;                   /* -1 when free */
	const char *name;
} spinlock_t;

#define SPINLOCK_INIT(n) { 0, -1, n }
extern int spinlock_debug;

void spin_init(spinlock_t *l, const char *name);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
unsigned long spin_lock_irqsave(spinlock_t *l);
void spin_unlock_irqrestore(spinlock_t *l, unsigned long flags);
int spin_is_held_here(spinlock_t *l);
#endif
