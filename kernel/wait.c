/*
 * wait.c - wait queues, timed sleeps and completions (see wait.h).
 * Lock order: a wait queue's lock, then a run-queue lock (inside
 * sched_wake_up).  timer_lock is taken from the timer interrupt.
 */
#include "wait.h"
#include "proc/task.h"
#include "arch/trap.h"
#include "arch/timer.h"
#include "arch/cpu.h"

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

/* One sleep on wq, entered and left with wq->lock held and interrupts off;
 * wchan names the caller for the stat dump. */
static void sleep_locked(struct wait_queue *wq, void *wchan)
{
	struct task *t = current;

	t->se.state = SCHED_TASK_SLEEPING;
	t->wchan = wchan;
	list_add_tail(&t->wait_node, &wq->waiters);
	spin_unlock(&wq->lock);          /* irqs stay off until schedule */
	schedule();
	spin_lock(&wq->lock);            /* still with irqs off */
	list_del(&t->wait_node);
}

void wait_event(struct wait_queue *wq, bool (*cond)(void *), void *arg)
{
	unsigned long f = spin_lock_irqsave(&wq->lock);

	while (!cond(arg))
		sleep_locked(wq, __builtin_return_address(0));
	spin_unlock_irqrestore(&wq->lock, f);
}

void wait_event_locked(struct wait_queue *wq, bool (*cond)(void *), void *arg)
{
	while (!cond(arg))
		sleep_locked(wq, __builtin_return_address(0));
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

/* ---- timed sleep: a list sorted by deadline, checked every tick ---- */

static spinlock_t timer_lock = SPINLOCK_INIT("timers");
static struct list_node timers = LIST_INIT(timers);

/* Put t on the timer list, due at jiffies `due` (timer_lock held). */
static void timer_insert(struct task *t, uint32_t due)
{
	struct list_node *n;

	t->wake_at = due;
	list_for_each(n, &timers)
		if ((int32_t)(list_entry(n, struct task, timer_node)->wake_at - due) > 0)
			break;
	list_add_before(&t->timer_node, n);
}

void sleep_ms(unsigned ms)
{
	struct task *t = current;
	unsigned long f;

	if (ms == 0)
		return;
	f = spin_lock_irqsave(&timer_lock);
	timer_insert(t, jiffies + ms);
	t->se.state = SCHED_TASK_SLEEPING;
	t->wchan = __builtin_return_address(0);
	spin_unlock(&timer_lock);                /* irqs stay off until schedule */
	schedule();
	/* A kill wakes us early: leave the timer list, or timers_tick would
	 * walk our freed task after we exit (list_del of an unlinked node
	 * is harmless). */
	spin_lock(&timer_lock);
	list_del(&t->timer_node);
	spin_unlock(&timer_lock);
	irq_restore(f);
}

/* For a sleeper that set its state itself (irqs off) and is about to call
 * schedule(): the timer wakes it at jiffies `due` unless something else
 * does first; timer_disarm afterwards, whoever woke it. */
void timer_arm(struct task *t, uint32_t due)
{
	spin_lock(&timer_lock);
	timer_insert(t, due);
	spin_unlock(&timer_lock);
}

void timer_disarm(struct task *t)
{
	spin_lock(&timer_lock);
	list_del(&t->timer_node);
	spin_unlock(&timer_lock);
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
