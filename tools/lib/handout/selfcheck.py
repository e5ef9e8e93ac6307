"""selfcheck: the student tree gives no solution away: no line of a removed
body (other than a trivial one, or one found elsewhere in the tree), no LAB
marker, no hidden test."""
import os

from lib.handout import HandoutError
from lib.handout.regions import MARKER, SOURCE_SUFFIXES, read_lines, tracked_files
from lib.handout.stubs import solution_body, stub_body

# Lines too common to give a solution away (compared stripped).
TRIVIAL = {"", "{", "}", "};", "} else {", "else", "return;", "return 0;",
           "return 1;", "return true;", "return false;", "break;", "continue;",
           "/*", "*/", "*"}


def secret_lines(lab, found, stubs, other_text):
    """{stripped line: func} of LAB's solutions that would give them away:
    not trivial, not elsewhere in the teacher's tree, and not a line the
    function's own stub gives on purpose."""
    secrets = {}
    for lines, regions in found.values():
        for r in regions:
            if r.lab != lab:
                continue
            given = {l.strip() for l in stub_body(lines, r, stubs[r.func])}
            for l in solution_body(lines, r):
                s = l.strip()
                if s not in TRIVIAL and s not in other_text and s not in given:
                    secrets[s] = r.func
    return secrets


def check_student_tree(out, secrets):
    for path in tracked_files(out):
        full = os.path.join(out, path)
        if os.path.islink(full) or not os.path.isfile(full):
            continue
        for n, line in enumerate(read_lines(out, path), 1):
            s = line.strip()
            if s in secrets:
                raise HandoutError("self-check: %s:%d still holds a line of the solution "
                                   "of %s: %s" % (path, n, secrets[s], s))
            if path.endswith(SOURCE_SUFFIXES) and MARKER.match(line):
                raise HandoutError("self-check: %s:%d still holds a LAB marker" % (path, n))


def check_no_hidden(src, out, tracked):
    """No hidden test (labs/*/hidden/) in the student tree, under its own
    name or another (a FILES entry, a copy)."""
    hidden = {}
    for path in tracked:
        parts = path.split("/")
        if parts[0] == "labs" and len(parts) >= 4 and parts[2] == "hidden":
            with open(os.path.join(src, path), "rb") as f:
                hidden[f.read()] = path
    for path in tracked_files(out):
        parts = path.split("/")
        if parts[0] == "labs" and len(parts) >= 3 and parts[2] == "hidden":
            raise HandoutError("self-check: the student tree would ship %s (hidden tests "
                               "stay in the teacher's tree)" % path)
        full = os.path.join(out, path)
        if os.path.isfile(full) and not os.path.islink(full):
            with open(full, "rb") as f:
                text = f.read()
            if text.strip() and text in hidden:
                raise HandoutError("self-check: the student tree would ship the hidden "
                                   "test %s as %s" % (hidden[text], path))
