"""Lab mine: a policy of your own (kernel/sched/mine.c and mine.h).  The
handout is plain round robin, like rr.c: the hooks of policy.h that mine.c
fills call the five stubs below, a task's fields are struct mine_task read
through MINE(p), and real time is the core's.  Format: labs/README.md."""

TARGETS = "labs/mine/README.md"

STUBS = {
    "normal_prio": {
        "todo": """Return the prio (100..139, lower runs first) of the SCHED_NORMAL
            task p now, from whatever your design keeps (its nice, its fields in
            struct mine_task).  mine's pick (mine_pick, arrays_pick) runs the
            first task of the best prio in its active array; a policy with a
            pick of its own (policy.h) may keep every task at one prio and
            order them itself.  Real-time
            tasks (prio 0..99) never reach the policy: the core runs them.  A prio outside
            100..139 is clamped by the core with a line on the console, and
            costs points.  Targets: %s.  The stub: one prio for everyone.""" % TARGETS,
        "body": """\
            return NICE_TO_PRIO(0);
            """,
    },
    "normal_slice": {
        "todo": """Return how many ms the SCHED_NORMAL task p may run before the
            policy looks again (what sched_rr_get_interval reports).  Targets:
            %s (shares that follow nice, latency beside hogs).  The stub:
            100 ms for everyone.""" % TARGETS,
        "body": """\
            return 100;
            """,
    },
    "normal_tick": {
        "todo": """One ms of running for p, which is queued in ARRAYS(rq)->active,
            mine's own (mine.h: MINE_RQ).  Account for it in your fields; when
            p's turn is over, put it where your design says (requeue_task: the
            tail of its list; dequeue_task, a new prio, enqueue_task: another
            list or ARRAYS(rq)->expired, which mine_pick swaps in when active is
            empty) and set p->need_resched.  A task left queued and unrun
            for 5 s makes the kernel's watchdog eject the policy (README.md).
            Targets: %s (no task may starve,
            whether it runs all the time or sleeps now and then).  The stub: round
            robin.""" % TARGETS,
        "body": """\
            if (++MINE(p)->used_ms >= normal_slice(p)) {
            	MINE(p)->used_ms = 0;
            	p->need_resched = 1;
            	requeue_task(p);
            }
            """,
    },
    "normal_wake_up": {
        "todo": """p wakes up on rq; the core then queues it (the enqueue hook,
            arrays_enqueue: the tail of its prio's list in ARRAYS(rq)->active).  Update p's fields and prio for the wake-up, and
            return true when p should preempt rq->curr (never for a sync wake-up:
            the waker is about to sleep).  MINE(p)->left_at says when p left the
            CPU; MINE(p)->epoch != MINE_RQ(rq)->epoch says that the arrays
            swapped while p slept.  Targets: %s (a task that wakes often beside hogs must
            run soon; a short sleep must not let a task run ahead of the others
            for ever).  The stub: the tail, a fresh slice, never preempt.""" % TARGETS,
        "body": """\
            MINE(p)->used_ms = 0;
            return false;
            """,
    },
    "normal_fork": {
        "todo": """parent forks child (the core copied the parent's fields,
            struct mine_task included, into the child).  Set the child's fields
            and prio.  Forking must not create CPU time: what is left of the
            parent's turn (timeslice - used_slice, as the hooks report them) must
            not grow.  Targets: %s.  The stub: a fresh slice.""" % TARGETS,
        "body": """\
            MINE(child)->used_ms = 0;
            child->prio = normal_prio(child);
            """,
    },
}

# The teacher's tests check the teacher's numbers, and the other designs
# (solutions/) and their test are solutions too: the student tree gets a
# file for its own unit tests instead, a mine.h with no design in it, and
# no mine_solution scenario.
FILES = {
    "tests/lib/mine_solution.py": None,
    "tests/grading/test_mine_designs.py": None,
    "labs/mine/solutions/stride.patch": None,
    "labs/mine/solutions/mlfq.patch": None,
    "labs/mine/solutions/lottery.patch": None,
    "kernel/sched/mine.h": """\
/*
 * mine.h - policy mine's own per-task fields (kernel/sched/mine.c).
 *
 * They live in the task's policy_data (policy.h: POLICY_DATA, 64 bytes),
 * read and written through MINE(p): add, rename or drop fields as your
 * design needs; the build fails when the struct does not fit.  The core
 * never reads them; it zeroes them before init_task and copies them from
 * parent to child at fork.  Keys of a queue of your own (a pass, a ticket,
 * a deadline) go here too, and its per-CPU part in struct mine_rq.
 */
#ifndef NICKEL_SCHED_MINE_H
#define NICKEL_SCHED_MINE_H

#include "sched_impl.h"

struct mine_task {
	unsigned int used_ms;     /* of its current slice */
	uint32_t left_at;         /* jiffies it last left the CPU or woke up */
	uint32_t epoch;           /* MINE_RQ(rq)->epoch when it went to sleep */
};

static inline struct mine_task *MINE(struct sched_task *p)
{
	return POLICY_DATA(p, struct mine_task);
}

/* Its per-CPU fields, in the run queue's policy area (POLICY_RQ): the
 * two arrays its tasks wait in (prio_arrays.c; first, for ARRAYS(rq)),
 * and the epoch, counted at every swap of the arrays.  A queue of your
 * own replaces the arrays (policy.h: init_rq, enqueue, dequeue, pick,
 * movable). */
struct mine_rq {
	struct prio_arrays arrays;
	uint32_t epoch;
};

static inline struct mine_rq *MINE_RQ(struct runqueue *rq)
{
	_Static_assert(offsetof(struct mine_rq, arrays) == 0, "ARRAYS needs the arrays first");
	return POLICY_RQ(rq, struct mine_rq);
}

/* What the stat dump and the live panel show in the sleep_avg column for
 * this policy: 0..1000, any measure of p's history your design keeps. */
static inline unsigned int mine_history_permille(struct sched_task *p UNUSED)
{
	return 0;
}

#endif
""",
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

# What the student tree holds besides BASE_ROOMS (tools/lib/handout/rooms.py: the kernel,
# its build, the demos' programs, schedsim, the grader): the desktop's
# programs its QEMU tests run, the test runner for `make unit`, cfs (the
# invariant walk switches through every policy), the watchdog that ejects
# a policy that starves a task (README.md), that walk, the spec.
# Format: labs/README.md.
ROOMS = ["lab-programs", "runner", "cfs", "mine", "watchdog"]
EXTRA = ["tests/unit/test_sched_invariants.c", "docs/scheduler-spec.md", "docs/selfcheck.md"]
