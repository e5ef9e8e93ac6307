// Honest: the chain walked by recursion, one call per link (a static
// helper carries the tasks met so far and the depth), not by a loop.
//expect full
//before
/* One link of the chain: task's prio from its records, then one link
 * deeper, the server of the call task waits in; met[0..level-1] are the
 * tasks already walked (a task met twice is a cycle). */
static void walk_link(struct sched_task *task, struct sched_task **met, int level)
{
	struct sched_donation *rec;
	int k, lowest = SCHED_MAX_PRIO;

	if (task == NULL || level >= DONATION_DEPTH)
		return;
	for (k = 0; k < level; k++)
		if (met[k] == task)
			return;
	met[level] = task;
	for (rec = task->donations; rec != NULL; rec = rec->next)
		lowest = rec->caller->prio < lowest ? rec->caller->prio : lowest;
	sched_set_donated(task, lowest);
	walk_link(task->waiting != NULL ? task->waiting->server : NULL, met, level + 1);
}
//function donation_recompute
static void donation_recompute(struct sched_task *from)
{
	struct sched_task *met[DONATION_DEPTH];

	walk_link(from, met, 0);
}
