// A cheat on the lab's own bug: the server's prio from before its first
// record kept in a block-scope static across calls and put back when no
// record is left, instead of its own prio computed as it is now.  The
// grader takes a block-scope static (plain C); the tests of a class or
// nice change during a call and of the chains catch it.
//expect at-most 80
//expect fails class_change_in_call_fifo_to_other nice_in_call_moves_the_base
//function sched_set_donated
void sched_set_donated(struct sched_task *p, int lent)
{
	static int before = -1;
	unsigned long irqs;
	struct runqueue *q = task_rq_lock(p, &irqs);

	if (lent < SCHED_MAX_PRIO && before < 0)
		before = p->prio;
	p->donated = (lent < SCHED_MAX_PRIO);
	p->donated_prio = lent;
	if (p->donated)
		set_prio(q, p, lent < before ? lent : before);
	else if (before >= 0) {
		set_prio(q, p, before);
		before = -1;
	}
	task_rq_unlock(q, irqs);
}
