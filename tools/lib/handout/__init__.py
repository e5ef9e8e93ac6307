"""lib.handout: the student tree of one lab (tools/handout; what it does:
command.py).  rooms: the parts of the tree a student tree holds or not;
regions: the marked bodies of the teacher's tree; stubs: labs/LAB/handout.py
and the stubs it writes; selfcheck: no solution left; tree: writing the
tree; classroom: GitHub Classroom's workflow; command: make_handout, main."""


class HandoutError(Exception):
    """Bad input or a failed self-check: one line for the user."""
