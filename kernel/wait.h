/*
 * wait.h - sleeping until something happens.
 *
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

void wait_queue_init(struct wait_queue *wq);
/* Sleep on wq until cond(arg) is true (checked with wq->lock held). */
void wait_event(struct wait_queue *wq, bool (*cond)(void *), void *arg);
/* The same for a caller that holds wq->lock (taken with spin_lock_irqsave)
 * and acts on what cond saw in the same lock round: returns with the lock
 * held and cond true; the lock is dropped only while asleep (pipe.c). */
void wait_event_locked(struct wait_queue *wq, bool (*cond)(void *), void *arg);
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
/* irqs off: wake t at jiffies due unless woken first; disarm after schedule() */
void timer_arm(struct task *t, uint32_t due);
void timer_disarm(struct task *t);

struct completion {
	struct wait_queue wq;
	unsigned done;
};
void completion_init(struct completion *c);
void complete(struct completion *c);
void wait_for_completion(struct completion *c);
#endif
