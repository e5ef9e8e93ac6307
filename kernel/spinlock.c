/*
 * spinlock.c - spinning locks.  With spinlock_debug (on in every test via
 * check=1) a lock remembers its owner CPU, so that taking it twice on one
 * CPU (recursion: a certain deadlock) and spinning for more than a second
 * are reported instead of hanging silently.
 */
#include "spinlock.h"
#include "arch/cpu.h"
#include "arch/thread_info.h"
#include "panic.h"
#include "arch/timer.h"

int spinlock_debug;

void spin_init(spinlock_t *l, const char *name)
{
	l->locked = 0;
	l->owner_cpu = -1;
	l->name = name;
}

/*
 * A holder must keep its CPU: with interrupts on and preemption on, it can
 * be switched out, moved to another CPU by the balancer and unlock from
 * there, or a task on the same CPU spins on the lock forever.  Checked on
 * every lock, not only when the rare interleaving happens.
 */
static void check_keeps_cpu(spinlock_t *l)
{
	if (irqs_enabled() && !(current_thread_info()->preempt_count & PREEMPT_MASK))
		panic("spinlock %s: taken on cpu %d with interrupts and preemption on",
		      l->name, this_cpu_id());
}

/* spin_lock's slow path (spinlock.h): spinlock_debug's checks, or a lock
 * the inline exchange found taken. */
void spin_lock_slow(spinlock_t *l)
{
	uint64_t spins = 0;

	if (spinlock_debug)
		check_keeps_cpu(l);
	if (spinlock_debug && l->locked && l->owner_cpu == this_cpu_id())
		panic("spinlock %s: recursive lock on cpu %d", l->name, this_cpu_id());
	while (spin_xchg(&l->locked, 1)) {
		while (l->locked) {
			cpu_relax();
			if (spinlock_debug && ++spins == 200000000ull)
				panic("spinlock %s: held too long by cpu %d",
				      l->name, l->owner_cpu);
		}
	}
	l->owner_cpu = this_cpu_id();
}

void spin_unlock_checked(spinlock_t *l)
{
	if (l->owner_cpu != this_cpu_id())
		panic("spinlock %s: unlocked by cpu %d, owner %d", l->name,
		      this_cpu_id(), l->owner_cpu);
	l->owner_cpu = -1;
	__asm__ volatile("" ::: "memory");
	l->locked = 0;
}

int spin_is_held_here(spinlock_t *l)
{
	return l->locked && l->owner_cpu == this_cpu_id();
}
