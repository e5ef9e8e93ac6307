/*
 * wait.c - `selftest=1` also checks the sleeping primitives with
 * real threads: "waiter" blocks on a completion that "completer" signals
 * after a 20 ms timed sleep; kinit waits for the waiter to confirm.  The
 * wake-up must come no earlier than the sleep asked for.
 */
#include "selftest/selftest.h"
#include "wait.h"
#include "proc/task.h"
#include "arch/timer.h"
#include "console/printk.h"

static struct completion go, done;
static volatile uint32_t woke_at;

static void completer(void *arg)
{
	(void)arg;
	sleep_ms(20);
	complete(&go);
}

static void waiter(void *arg)
{
	(void)arg;
	wait_for_completion(&go);
	woke_at = jiffies;
	complete(&done);
}

void selftest_wait(void)
{
	uint32_t start = jiffies;
	struct task *w, *c;

	completion_init(&go);
	completion_init(&done);
	w = kthread_create("waiter", waiter, 0, 0);
	c = kthread_create("completer", completer, 0, 0);
	if (!w || !c) {
		printk("nickel: wait self-test: no memory\n");
		return;
	}
	kthread_start(w);
	kthread_start(c);
	wait_for_completion(&done);
	if (woke_at - start >= 20)
		printk("nickel: wait self-test passed: completion after %u ms sleep\n",
		       woke_at - start);
	else
		printk("nickel: wait self-test FAILED: woke after %u ms, slept 20\n",
		       woke_at - start);
}
