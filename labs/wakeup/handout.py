"""Lab wakeup: v7's wake-up transfer (kernel/sched/nick.c, nick_activate).
Format: labs/README.md."""

STUBS = {
    "nick_activate": {
        "todo": """p wakes up on rq, woken by waker of the given kind. Credit p's
            sleep (at most MAX_SLEEP) with add_task_time: a user waker
            (SCHED_WAKER_USER) takes half of it for itself and the rest goes to p;
            otherwise all goes to p, and an interrupt waker (SCHED_WAKER_IRQ) adds
            half again.  Recompute p's prio; give p a fresh slice if the arrays
            swapped while it slept (array_sequence); a user waker also takes up
            to half of p's remaining slice.  Return whether p preempts rq->curr
            (never for a sync wake-up).  Patch: "[PATCH] scheduler policy v7"
            (Nick Piggin, LKML, 2003), v7: activate_task and try_to_wake_up.
            Spec: docs/scheduler-spec.md, "Policy nick", Wake-up (activate_task);
            docs/scheduler.md, quirks 1, 2 and 6.  The stub: a wake-up earns
            nothing and never preempts.""",
        "body": """\
            NICK(p)->timestamp = sched_jiffies();
            return false;
            """,
    },
}

# labs/wakeup/MUTANTS.md: teacher material (quotes the solution), not shipped.
FILES = {"labs/wakeup/MUTANTS.md": None}

# What the student tree holds besides BASE_ROOMS (tools/lib/handout/rooms.py: the kernel,
# its build, the demos' programs, schedsim, the grader): the docs the TODO
# cites.  Format: labs/README.md.
ROOMS = []
EXTRA = ["docs/scheduler-spec.md", "docs/scheduler.md"]
