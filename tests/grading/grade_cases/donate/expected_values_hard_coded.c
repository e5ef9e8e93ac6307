// A cheat: sched_set_donated gives back the number the first visible test
// expects (110 while a record is held, the nice's prio after) instead of
// computing it.  Plain C, so taken; the tests whose numbers differ catch it.
//expect at-most 50
//expect fails donate_multiple_replied_in_order_received donate_chain_depth_3_unwinds_link_by_link
//function sched_set_donated
void sched_set_donated(struct sched_task *p, int lent)
{
	unsigned long irqs;
	struct runqueue *q = task_rq_lock(p, &irqs);

	p->donated = (lent < SCHED_MAX_PRIO);
	p->donated_prio = lent;
	set_prio(q, p, p->donated ? 110 : p->static_prio);
	task_rq_unlock(q, irqs);
}
