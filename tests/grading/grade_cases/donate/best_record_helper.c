// Honest: Allman braces everywhere, a static helper that finds the best
// record a server holds, and the record unlinked with a `prev` pointer in a
// while loop (not a pointer to a pointer), parameters renamed.
//expect full
//before
/* The best (smallest) prio of the callers whose records srv holds;
 * SCHED_MAX_PRIO when it holds none. */
static int best_caller(const struct sched_task *srv)
{
	const struct sched_donation *rec = srv->donations;
	int top = SCHED_MAX_PRIO;

	while (rec)
	{
		if (rec->caller->prio < top)
		{
			top = rec->caller->prio;
		}
		rec = rec->next;
	}
	return top;
}
//function donation_recompute
static void donation_recompute(struct sched_task *cur)
{
	struct sched_task *visited[DONATION_DEPTH];
	int n = 0;

	while (cur && n < DONATION_DEPTH)
	{
		int j;

		for (j = 0; j < n; j++)
		{
			if (visited[j] == cur)
			{
				return;
			}
		}
		visited[n++] = cur;
		sched_set_donated(cur, best_caller(cur));
		if (cur->waiting)
		{
			cur = cur->waiting->server;
		}
		else
		{
			cur = NULL;
		}
	}
}
//function donation_drop
static void donation_drop(struct sched_donation *gone, uint32_t left)
{
	struct sched_task *srv = gone->server;
	struct sched_donation *prev = NULL, *rec = srv->donations;

	while (rec && rec != gone)
	{
		prev = rec;
		rec = rec->next;
	}
	if (rec && prev)
	{
		prev->next = gone->next;
	}
	else if (rec)
	{
		srv->donations = gone->next;
	}
	gone->next = NULL;
	gone->caller->waiting = NULL;
	for (rec = srv->donations; rec; rec = rec->next)
	{
		if ((int32_t)(rec->run_ms - left) > 0)
		{
			rec->run_ms = left;
		}
	}
	donation_recompute(srv);
}
