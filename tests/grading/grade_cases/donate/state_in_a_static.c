// A cheat on the lab's own bug: the server's prio from before its first
// record kept in a block-scope static across calls and put back when no
// record is left, instead of its own prio computed as it is now.  State
// kept from one call to the next is refused inside a function as at file
// scope (only `static const` is taken): the function stays the stub.
//expect rule static variable
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
