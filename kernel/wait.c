/*
 * wait.c - the one sleep (sleep_until), and on it wait queues, timed
 * sleeps and completions (see wait.h).  This file's sleep_once is the one
 * place outside the scheduler where a task goes to sleep in schedule().
 * Lock order: the sleep's lock (a wait queue's, ipc_lock), then timer_lock,
 * then a run-queue lock (inside sched_wake_up).  timer_lock is taken from
 * the timer interrupt.
 */
#include "wait.h"
#include "proc/task.h"
#include "arch/trap.h"
#include "arch/timer.h"
#include "arch/cpu.h"
#include "proc/abi.h"
#include "proc/nanosleep.h"

void wait_queue_init(struct wait_queue *wq)
{
	spin_init(&wq->lock, "waitq");
	list_init(&wq->waiters);
}

enum sched_waker waker_kind(void)
{
	return sched_waker_of(in_interrupt(), current->mm != 0);
}

struct sched_task *waker_task(void)
{
	return &current->se;
}

/* ---- the timer list: sleepers with a deadline, checked every tick ---- */

static spinlock_t timer_lock = SPINLOCK_INIT("timers");
static struct list_node timers = LIST_INIT(timers);

/* Wake t at jiffies `due` unless something else does first (irqs off;
 * timer_lock nests inside the sleep's lock).  timer_disarm afterwards,
 * whoever woke it: a kill wakes a sleeper early, and timers_tick must not
 * walk its freed task after it exits (list_del of an unlinked node is
 * harmless). */
static void timer_arm(struct task *t, uint32_t due)
{
	struct list_node *n;

	spin_lock(&timer_lock);
	t->wake_at = due;
	list_for_each(n, &timers)
		if ((int32_t)(list_entry(n, struct task, timer_node)->wake_at - due) > 0)
			break;
	list_add_before(&t->timer_node, n);
	spin_unlock(&timer_lock);
}

static void timer_disarm(struct task *t)
{
	spin_lock(&timer_lock);
	list_del(&t->timer_node);
	spin_unlock(&timer_lock);
}

/* ---- the one sleep ---- */

/* The lock s sleeps under, or NULL. */
static spinlock_t *sleep_lock(const struct sleep_on *s)
{
	return s->wq ? &s->wq->lock : s->lock;
}

/* One round asleep: marked asleep (wchan names where, for the stat dump),
 * on the wait queue and the timer list, then the CPU goes to another task.
 * Entered and left with the sleep's lock held and irqs off. */
static inline __attribute__((always_inline))
void sleep_once(const struct sleep_on *s, bool timed, uint32_t due, const void *wchan)
{
	struct task *t = current;
	spinlock_t *lock = sleep_lock(s);

	t->se.state = SCHED_TASK_SLEEPING;
	t->wchan = wchan;
	if (s->wq)
		list_add_tail(&t->wait_node, &s->wq->waiters);
	if (timed)
		timer_arm(t, due);
	if (lock)
		spin_unlock(lock);               /* irqs stay off until schedule */
	schedule();
	if (timed)
		timer_disarm(t);
	if (lock)
		lock_unless_handed(t, lock);     /* still with irqs off */
	if (s->wq)
		list_del(&t->wait_node);
}

/*
 * Sleep until s->cond holds, a signal, or the timeout.  The timeout is
 * over when the ticks and the TSC clock (clock_gettime's) have both gone
 * timeout_ms: under QEMU without KVM a burst of late timer interrupts can
 * run the ticks ahead of the clock, and a caller timing its call would see
 * it end early (as nanosleep, kernel/proc/sys_time.c).  The clock is read
 * once per round, for the test and the ticks left alike (docs/time.md,
 * "The lost wake-up").  sleep_ms keeps to the ticks: its callers count in
 * them, and the check would add up to a tick to every sleep.
 * It and sleep_once are inlined into each caller below, where the fields
 * the caller fixes fold away: called, a pipe round trip (make bench-ipc)
 * took 4750 instructions instead of 4570, the same as a loop of its own.
 */
static inline __attribute__((always_inline))
long sleep_core(const struct sleep_on *s, const void *wchan)
{
	bool timed = s->timeout_ms != 0, by_clock = timed && !s->ticks_only;
	uint32_t due = jiffies + s->timeout_ms;
	uint64_t end_us = by_clock ? time_us() + (uint64_t)s->timeout_ms * 1000 : 0;
	uint64_t now;

	for (;;) {
		if (s->cond && s->cond(s->arg))
			return 0;
		if (s->interruptible && current->pending_signal)
			return -EINTR;
		if (timed && (int32_t)(jiffies - due) >= 0) {
			if (!by_clock || (now = time_us()) >= end_us)
				return -ETIMEDOUT;
			due = jiffies + nanosleep_ticks_left(end_us, now);
		}
		sleep_once(s, timed, due, wchan);
	}
}

long sleep_until(const struct sleep_on *s)
{
	return sleep_core(s, __builtin_return_address(0));
}

/* ---- wait queues ---- */

void wait_event(struct wait_queue *wq, bool (*cond)(void *), void *arg)
{
	struct sleep_on s = { .wq = wq, .cond = cond, .arg = arg };
	unsigned long f = spin_lock_irqsave(&wq->lock);

	sleep_core(&s, __builtin_return_address(0));
	spin_unlock_irqrestore(&wq->lock, f);
}

void wait_event_locked(struct wait_queue *wq, bool (*cond)(void *), void *arg)
{
	struct sleep_on s = { .wq = wq, .cond = cond, .arg = arg };

	sleep_core(&s, __builtin_return_address(0));
}

long wait_event_interruptible(struct wait_queue *wq, bool (*cond)(void *), void *arg)
{
	struct sleep_on s = { .wq = wq, .cond = cond, .arg = arg, .interruptible = true };
	unsigned long f = spin_lock_irqsave(&wq->lock);
	long rc = sleep_core(&s, __builtin_return_address(0));

	spin_unlock_irqrestore(&wq->lock, f);
	return rc;
}
static void wake_waiters(struct wait_queue *wq, bool sync)
{
	struct list_node *n;
	struct sched_task *waker;
	enum sched_waker kind;

	if (list_empty(&wq->waiters))
		return;
	waker = waker_task();
	kind = waker_kind();
	list_for_each(n, &wq->waiters) {
		struct task *t = list_entry(n, struct task, wait_node);
		sched_wake_up(&t->se, waker, kind, sync);
	}
}

static void wake_all(struct wait_queue *wq, bool sync)
{
	unsigned long f = spin_lock_irqsave(&wq->lock);

	wake_waiters(wq, sync);
	spin_unlock_irqrestore(&wq->lock, f);
}

/* With wq->lock held, interrupts off: for an object that may be freed
 * the moment its lock is dropped (pipe.c's last close of one end). */
void wake_up_locked(struct wait_queue *wq)
{
	wake_waiters(wq, false);
}

void wake_up_sync_locked(struct wait_queue *wq)
{
	wake_waiters(wq, true);
}

void wake_up(struct wait_queue *wq) { wake_all(wq, false); }
void wake_up_sync(struct wait_queue *wq) { wake_all(wq, true); }

/* ---- timed sleep ---- */

/* ms timer ticks, or until a kill (a process's nanosleep). */
void sleep_ms(unsigned ms)
{
	struct sleep_on s = { .timeout_ms = ms, .ticks_only = true, .interruptible = true };
	unsigned long f;

	if (ms == 0)
		return;
	f = irq_save();
	sleep_core(&s, __builtin_return_address(0));
	irq_restore(f);
}

void timers_tick(void)
{
	spin_lock(&timer_lock);
	while (!list_empty(&timers)) {
		struct task *t = list_first_entry(&timers, struct task, timer_node);
		if ((int32_t)(jiffies - t->wake_at) < 0)
			break;
		list_del(&t->timer_node);
		sched_wake_up(&t->se, waker_task(), SCHED_WAKER_IRQ, false);
	}
	spin_unlock(&timer_lock);
}

/* Is t on the timer list, and due in how many ms (negative: overdue)?
 * For the checks and the `b` key.  Lock order: tasks_lock, then timer_lock. */
bool timer_pending(struct task *t, int32_t *due_in_ms)
{
	unsigned long f = spin_lock_irqsave(&timer_lock);
	bool pending = t->timer_node.next != &t->timer_node;

	*due_in_ms = (int32_t)(t->wake_at - jiffies);
	spin_unlock_irqrestore(&timer_lock, f);
	return pending;
}

/* ---- completions ---- */

void completion_init(struct completion *c)
{
	wait_queue_init(&c->wq);
	c->done = 0;
}

void complete(struct completion *c)
{
	unsigned long f = spin_lock_irqsave(&c->wq.lock);
	c->done++;
	spin_unlock_irqrestore(&c->wq.lock, f);
	wake_up(&c->wq);
}

static bool completion_done(void *arg)
{
	struct completion *c = arg;

	if (!c->done)
		return false;
	c->done--;
	return true;
}

void wait_for_completion(struct completion *c)
{
	wait_event(&c->wq, completion_done, c);
}
