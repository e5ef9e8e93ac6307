// A cheat: the same macro on the core's struct at file scope, which
// sched_set_donated counts on to write `prio` behind the run queue's back.
// A directive outside the functions is not taken (the report names its
// line), so the body is graded as it reads: it never changes a prio.
//expect ignored
//expect at-most 50
//before
#define donated_prio prio
//function sched_set_donated
void sched_set_donated(struct sched_task *p, int lent)
{
	if (lent < SCHED_MAX_PRIO && lent < p->static_prio)
		p->donated_prio = lent;
}
