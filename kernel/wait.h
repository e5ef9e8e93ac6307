/*
 * wait.h - sleeping until something happens.
 *
 *   sleep_until() the one sleep: until a condition holds, a signal comes or
 *                 a timeout passes; every sleep below is one of these
 *   wait queues   a list of sleeping tasks; wake_up() wakes them all
 *   sleep_ms()    timed sleep; the timer interrupt wakes the task (an
 *                 interrupt wake-up in the v7 sense: SCHED_WAKER_IRQ)
 *   completions   a one-shot event with a count
 * The waker's kind (ring-3 task in a system call, kernel thread, interrupt)
 * is worked out here and handed to the scheduler (v7: activate_task).
 */
#ifndef NICKEL_WAIT_H
#define NICKEL_WAIT_H
#include <stdbool.h>
#include "lib/list.h"
#include "spinlock.h"
#include "sched/sched.h"

struct wait_queue {
	spinlock_t lock;               /* protects waiters */
	struct list_node waiters;      /* struct task.wait_node */
};

#define WAIT_QUEUE_INIT(wq) { SPINLOCK_INIT("waitq"), LIST_INIT((wq).waiters) }

/*
 * What a sleep waits for.  The lock is held, irqs off, on entry to
 * sleep_until and on return; it is dropped only while asleep, after the
 * task is marked asleep, so a wake-up in between is not lost.
 */
struct sleep_on {
	struct wait_queue *wq;     /* wake_up(wq) wakes us; its lock is the lock */
	spinlock_t *lock;          /* without wq: the waker names the task (ipc.c);
				    * NULL: no lock, irqs off only (sleep_ms) */
	bool (*cond)(void *);      /* checked under the lock; NULL: never true */
	void *arg;
	uint32_t timeout_ms;       /* 0: none.  Over when the ticks and the TSC
				    * clock have both gone timeout_ms */
	bool ticks_only;           /* the ticks alone say (sleep_ms) */
	bool interruptible;        /* a pending signal ends it */
};
/* 0 (cond holds), -EINTR or -ETIMEDOUT. */
long sleep_until(const struct sleep_on *s);

void wait_queue_init(struct wait_queue *wq);
/* Sleep on wq until cond(arg) is true (checked with wq->lock held). */
void wait_event(struct wait_queue *wq, bool (*cond)(void *), void *arg);
/* The same for a caller that holds wq->lock (taken with spin_lock_irqsave)
 * and acts on what cond saw in the same lock round: returns with the lock
 * held and cond true; the lock is dropped only while asleep (pipe.c). */
void wait_event_locked(struct wait_queue *wq, bool (*cond)(void *), void *arg);
/* wait_event that a signal ends too: 0, or -EINTR with cond still false. */
long wait_event_interruptible(struct wait_queue *wq, bool (*cond)(void *), void *arg);
void wake_up(struct wait_queue *wq);          /* all waiters */
void wake_up_sync(struct wait_queue *wq);     /* sync: waker sleeps soon */
void wake_up_locked(struct wait_queue *wq);   /* caller holds wq->lock */
void wake_up_sync_locked(struct wait_queue *wq);
enum sched_waker waker_kind(void);
struct sched_task *waker_task(void);

void sleep_ms(unsigned ms);
void timers_tick(void);                       /* CPU 0's timer interrupt */
struct task;
bool timer_pending(struct task *t, int32_t *due_in_ms);  /* on the timer list? */

struct completion {
	struct wait_queue wq;
	unsigned done;
};
void completion_init(struct completion *c);
void complete(struct completion *c);
void wait_for_completion(struct completion *c);
#endif
