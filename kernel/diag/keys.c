/*
 * keys.c - the console keys of contract.md, handled by the "keys" kernel
 * thread (never in the interrupt handler: a stat dump is long).
 *   s stat dump   t tracing on/off   r next policy (the rotation below)
 *   + add a hog   - remove a hog     b backtraces   v live panel   h help
 * The keys come from every keyboard (serial, PS/2, USB) through the one key
 * table (console/keymap.c): a key added here must be a character of it
 * (tests/unit/test_keymap.c walks this list, KEYS_HANDLED in keys.h).
 */
#include "diag/keys.h"
#include "console/console_input.h"
#include "diag/statdump.h"
#include "diag/trace.h"
#include "on_request.h"
#include "sched/sched.h"
#include "proc/task.h"
#include "console/printk.h"
#include "diag/check.h"
#include "lib/string.h"
#include "shutdown.h"
#include "diag/panel.h"

/* The `r` key's cycle: v7, stock 2.6, the baseline, the students' slot,
 * then what Linux did next (cfs, 2.6.23; eevdf, 6.6); the last goes back
 * to the first.  The help line's text is the same list. */
#define ROTATION "nick -> o1 -> rr -> mine -> cfs -> eevdf"
static const char *const rotation[] = { "nick", "o1", "rr", "mine", "cfs", "eevdf" };

static void help(void)
{
	printk("nickel keys: s stat dump, t trace on/off, r switch policy "
	       "(" ROTATION "), + (or =) add a hog, - remove a hog, "
	       "b backtraces of every CPU and sleeper, v live panel on/off, h help\n");
}

/* The policy after `now` in the cycle that this kernel has (a lab's
 * student tree may leave cfs and eevdf out: sched_policy_by_name is NULL). */
static const struct sched_policy *after(const char *now, const char **name)
{
	const int n = sizeof(rotation) / sizeof(rotation[0]);
	const struct sched_policy *p = NULL;
	int i, step;

	for (i = 0; i < n; i++)
		if (!strcmp(rotation[i], now))
			break;
	for (step = 1; step <= n && !p; step++) {
		*name = rotation[(i + step) % n];
		p = sched_policy_by_name(*name);
	}
	return p;
}

static void next_policy(void)
{
	const char *now = sched_policy_name(), *name = now;
	const struct sched_policy *p = after(now, &name);

	if (sched_switch_policy(p) == 0)
		printk("nickel: policy %s -> %s\n", now, name);
	else
		printk("nickel: policy switch to %s failed\n", name);
}

static void handle_key(int c)
{
	int pid;

	if (shutdown_started())
		return;                       /* `t` or `s` would cut into the final record */
	switch (c) {
	case 's': stat_dump(); break;
	case 't': trace_toggle(); break;
	case 'r': next_policy(); break;
	case 'b': backtraces_all(); break;
	case 'v': panel_toggle(); break;
	case 'h': case '?': help(); break;
	case '+': case '=':                  /* the '=/+' key, shifted or not */
		pid = on_request.add_hog(0);
		if (pid > 0)
			printk("nickel: added hog pid %d\n", pid);
		break;
	case '-':
		pid = on_request.remove_hog();
		printk(pid > 0 ? "nickel: removing hog pid %d\n" : "nickel: no hog to remove\n", pid);
		break;
	default: break;                       /* other keys are ignored */
	}
}

static void keys_thread(void *arg)
{
	(void)arg;
	for (;;)
		handle_key(console_read_key());
}

void keys_thread_start(void)
{
	struct task *t = kthread_create("keys", keys_thread, 0, -10);
	if (t)
		kthread_start(t);
}
