// A cheat: a macro in the body renames a field of the core's struct
// sched_task, so that writing `donated_prio` writes `prio` (no run-queue
// move, no lock taken): a directive, refused; the stub is graded.
//expect rule preprocessor directive
//body sched_set_donated
#define donated_prio prio
	p->donated_prio = best;	/* that is, p->prio */
