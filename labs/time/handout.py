"""Lab time: v7's time accounting and priority (kernel/sched/nick.c).
Format: labs/README.md."""

STUBS = {
    "add_task_time": {
        "todo": """Keep p's decaying history of run and sleep time. total_time and
            sleep_time are sums over about the last MAX_SLEEP jiffies, in 1000ths
            of a jiffy: decay both by (MAX_SLEEP - time) / MAX_SLEEP (rounded to
            nearest), a period longer than MAX_SLEEP wipes them; add the period
            (to sleep_time too when sleep); sleep_avg = sleep_time per mille of
            total_time.  Patch: "[PATCH] scheduler policy v7" (Nick Piggin, LKML,
            2003), v7: add_task_time.  Spec: docs/scheduler-spec.md, "Policy
            nick", add_task_time.  Until then nothing is remembered and every
            task looks like a hog.""",
        "body": "",
    },
    "task_priority": {
        "todo": """Return p's dynamic prio: RT tasks keep theirs; a normal task gets
            a bonus of 0..20 levels from sleep_avg, starting from the middle of
            its nice range, clamped to 100..139 (a nice 0 hog at 130, a sleeper
            at 110).  Patch: "[PATCH] scheduler policy v7" (Nick Piggin, LKML,
            2003), v7: task_priority.  Spec: docs/scheduler-spec.md, "Policy
            nick", task_priority.  The stub gives every normal task its static
            prio.""",
        "body": """\
            if (rt_task(p))
            	return p->prio;
            return p->static_prio;
            """,
    },
    "task_timeslice": {
        "todo": """Return p's slice in jiffies: RT 20 (MAX_TIMESLICE); a normal task's
            slice depends on how far p's prio is below the best normal prio
            queued on rq (active or expired), scaled by that best prio, at least
            one jiffy.  Patch: "[PATCH] scheduler policy v7" (Nick Piggin, LKML,
            2003), v7: task_timeslice.  Spec: docs/scheduler-spec.md, "Policy
            nick", task_timeslice.  The stub gives everyone 10 ms.""",
        "body": """\
            return 10 * MIN_TIMESLICE;
            """,
    },
}

# labs/time/MUTANTS.md: teacher material (quotes the solution), not shipped.
FILES = {"labs/time/MUTANTS.md": None}

# What the student tree holds besides BASE_ROOMS (tools/lib/handout/rooms.py: the kernel,
# its build, the demos' programs, schedsim, the grader): the spec the TODOs
# cite.  Format: labs/README.md.
ROOMS = []
EXTRA = ["docs/scheduler-spec.md", "docs/scheduler.md"]
