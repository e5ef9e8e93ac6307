"""Lab mine: a policy of your own (kernel/sched/mine.c).  The handout is
plain round robin, like rr.c.  Format: labs/README.md."""

SPEC = 'docs/scheduler-spec.md, "Policy mine"'

STUBS = {
    "normal_prio": {
        "todo": """Return the prio (100..139, lower is better) of the SCHED_NORMAL task
            p now.  Nice should count, and so may what p did lately: a task that
            sleeps a lot could earn a better prio (compare v7: task_priority in
            "[PATCH] scheduler policy v7", Nick Piggin, LKML, 2003).  Targets: %s.
            The stub: one prio for everyone.""" % SPEC,
        "body": """\
            return NICE_TO_PRIO(0);
            """,
    },
    "normal_slice": {
        "todo": """Return the slice in ms of the SCHED_NORMAL task p.  CPU shares
            among hogs must follow nice (nice 0 > 5 > 10 > 19), so the slice may
            depend on it (compare v7: task_timeslice).  Targets: %s.  The stub:
            100 ms for everyone.""" % SPEC,
        "body": """\
            return 100;
            """,
    },
    "normal_tick": {
        "todo": """One ms of running for p (queued in rq->active).  Count the slice;
            when it is used up, decide where p goes: the tail of its list in
            active (round robin) or rq->expired (then it waits until active is
            empty, which is what stops starvation), and set p->need_resched.
            Compare v7: scheduler_tick.  Targets: %s.  The stub: round robin.""" % SPEC,
        "body": """\
            p->used_slice++;
            if (p->used_slice >= normal_slice(p)) {
            	p->used_slice = 0;
            	p->need_resched = 1;
            	requeue_task(p);
            }
            """,
    },
    "normal_wake_up": {
        "todo": """p wakes up on rq; the core then queues it at the tail of
            rq->active[p->prio].  Set p's prio and slice for the wake-up, and
            return true when p should preempt rq->curr (not for a sync wake-up:
            the waker is about to sleep).  p->timestamp says when p went to
            sleep; p->array_sequence != rq->array_sequence says that the arrays
            swapped meanwhile.  Compare v7: activate_task.  Targets: %s (a task
            that wakes often beside 4 hogs must run soon).  The stub: the tail,
            a fresh slice, never preempt.""" % SPEC,
        "body": """\
            p->used_slice = 0;
            p->timestamp = sched_jiffies();
            return false;
            """,
    },
    "normal_fork": {
        "todo": """parent forks child (the core copied the parent's fields into the
            child).  Set the child's slice, history and prio; forking should
            not create CPU time (compare v7: sched_fork, which splits the
            parent's slice).  Targets: %s.  The stub: a fresh slice.""" % SPEC,
        "body": """\
            child->used_slice = 0;
            child->prio = normal_prio(child);
            """,
    },
}

# The teacher's tests check the teacher's numbers: the student tree gets a
# file to hold its own unit tests instead, and no mine_solution scenario.
FILES = {
    "tests/scenarios/mine_solution.py": None,
    "tests/unit/test_sched_mine.c": """\
/*
 * test_sched_mine.c - your tests of policy mine (kernel/sched/mine.c).
 * See test_sched_rr.c for the style: each test names what it proves.
 */
#include "unit.h"
#include "sched_host.h"
#include "sched/sched_impl.h"

UNIT_TEST(mine_is_a_policy)
{
	CHECK(sched_policy_by_name("mine") == &sched_policy_mine);
	host_boot(1, &sched_policy_mine);
	CHECK(host_spawn("a", 0, 0)->prio >= 100);
}
""",
}
