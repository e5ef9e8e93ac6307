"""Lab donate: priority donation records, nested and chained
(kernel/sched/donation.c).  Format: labs/README.md."""

DOCS = """Pintos: "Pintos Projects: Threads", 2.2.3 "Priority Scheduling"
            (priority donation, nested donation, depth 8).  Here: labs/donate/README.md;
            docs/ipc.md, "The calls" and "How a call schedules"."""

STUBS = {
    "sched_set_donated": {
        "todo": """p holds records whose best prio is `best` (SCHED_MAX_PRIO: none).
            Under p's run-queue lock (task_rq_lock), set p->donated and
            p->donated_prio, and give p the better (smaller) of `best` and its own
            prio, sched_donation_own_prio(p): from its class and nice as they are now, read
            before you change the two fields, never a copy saved when a record
            began.  set_prio moves a queued task and reschedules.  """ + DOCS + """
            The stub: a donation changes no prio.""",
        "body": """\
            (void)p;
            (void)best;
            """,
    },
    "donation_recompute": {
        "todo": """t's records changed.  t's prio becomes the best of its own and of
            every record it holds (each caller's prio as it is now): call
            sched_set_donated.  Then do the same for the server of the call t
            waits in (t->waiting->server), and so on down the chain: a chain A
            calls B calls C donates A's prio to C.  Stop after DONATION_DEPTH tasks,
            and at a task met twice (a cycle: two tasks calling each other).  """ + DOCS + """
            The stub recomputes nothing.""",
        "body": """\
            (void)t;
            """,
    },
    "donation_hold": {
        "todo": """A server received d's call: d joins d->server's records
            (d->server->donations, linked by d->next), d's caller now waits in d
            (d->caller->waiting), and the server's chain is recomputed.  """ + DOCS + """
            The stub holds nothing: no donation ever reaches a server.""",
        "body": """\
            (void)d;
            """,
    },
    "donation_drop": {
        "todo": """d's call ended (a reply, a close, an exit) and d was charged: the
            server's run_ms is now `left`.  Unlink d, and only d, from its server's
            records; its caller waits in nothing.  A record still held that began
            after `left` (serial arithmetic: run_ms wraps) now begins at `left`, so
            what d was charged is never charged twice nor goes negative.  Then the
            server's chain is recomputed from what it still holds.  """ + DOCS + """
            The stub drops nothing.""",
        "body": """\
            (void)d;
            (void)left;
            """,
    },
    "sched_donation_ran": {
        "todo": """The ms a record that began at run_ms `start` charges when the
            server's run_ms is `now`.  The counters wrap at 2^32: compare them by
            serial arithmetic (RFC 1982); a start after now charges nothing, never
            a negative number seen as four billion.  """ + DOCS + """  The stub
            subtracts.""",
        "body": """\
            return now - start;
            """,
    },
}

# labs/donate/MUTANTS.md: teacher material (quotes the solution), not shipped.
FILES = {"labs/donate/MUTANTS.md": None}

# What the student tree holds besides BASE_ROOMS (tools/lib/handout/rooms.py: the kernel,
# its build, the demos' programs, schedsim, the grader): IPC (kernel/ipc, its
# test programs and the donation scenarios), the test runner to boot them,
# cfs (the graded tests run on it: prio = 120 + nice), the unit tests of
# the loan and the charge, the docs the TODOs cite.
# Format: labs/README.md.
ROOMS = ["ipc", "runner", "cfs"]
EXTRA = ["tests/unit/test_sched_ipc.c", "docs/scheduler.md", "docs/user.md", "docs/ipc.md"]
