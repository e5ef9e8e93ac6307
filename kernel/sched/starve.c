/*
 * starve.c - policy "starve": a broken policy on purpose, for the
 * watchdog's tests (watchdog.c).  Round robin as the core's defaults do
 * it (every task in the core's queue, at one prio), but its pick never chooses the newest task (highest pid) queued on
 * a CPU while another one is there: that task stays runnable and never
 * runs, until the watchdog ejects the policy.  Never the default, never
 * in the key r rotation; policy=starve selects it.
 */
#include "sched_impl.h"

/* Every normal task at one prio, so the pick sees them in one list. */
static int starve_prio(struct sched_task *p UNUSED)
{
	return NICE_TO_PRIO(0);
}

static void starve_init_task(struct runqueue *rq UNUSED, struct sched_task *p)
{
	if (p->sched_class == SCHED_NORMAL)
		p->prio = NICE_TO_PRIO(0);
}

/* The first task of the list that is not the newest one. */
static struct sched_task *starve_pick(struct runqueue *rq)
{
	struct list_node *head = &rq->queue.queue[NICE_TO_PRIO(0)], *n;
	struct sched_task *newest = NULL, *p;

	for (n = head->next; n != head; n = n->next) {
		p = list_entry(n, struct sched_task, run_list);
		if (!newest || p->pid > newest->pid)
			newest = p;
	}
	for (n = head->next; n != head; n = n->next) {
		p = list_entry(n, struct sched_task, run_list);
		if (p != newest)
			return p;
	}
	return newest;       /* alone (or NULL: the core picks and says so) */
}

const struct sched_policy sched_policy_starve = {
	.name = "starve",
	.init_task = starve_init_task,
	.prio = starve_prio,
	.pick = starve_pick,
};
