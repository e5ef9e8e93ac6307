"""report.py - how a host test program (tests/DIR/test_*.py) reports to
tests/run.py: one line per test,

    PASS NAME
    FAIL NAME (tests/DIR/test_NAME.py:LINE): why
        an expected-vs-actual row
        ...

where LINE is the line that called result(), so a failure is found in one
step; then the program exits with status(): 1 when any test failed.

    from report import Report           # tests/run.py sets the import path
    report = Report("tools:")           # NAME = prefix + each test's name
    report.result("golden_timeline", problem)
    sys.exit(report.status())
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_PROBLEMS = 4        # the first few problems of a list, then a count


def place(filename, line):
    """FILE:LINE, FILE from the top of the tree when it is inside it."""
    path = os.path.abspath(filename)
    if path.startswith(ROOT + os.sep):
        path = os.path.relpath(path, ROOT)
    return "%s:%d" % (path, line)


def where(depth):
    """FILE:LINE of the caller `depth` frames above where()."""
    frame = sys._getframe(depth + 1)
    return place(frame.f_code.co_filename, frame.f_lineno)


def defined_at(fn):
    """FILE:LINE of a function's def: where a test that is one function is."""
    return place(fn.__code__.co_filename, fn.__code__.co_firstlineno)


def why(problem):
    """A problem as one line: a string as it is, a list of strings joined
    (the first MAX_PROBLEMS of them)."""
    if isinstance(problem, str):
        return problem
    shown = "; ".join(str(p) for p in problem[:MAX_PROBLEMS])
    more = len(problem) - MAX_PROBLEMS
    return shown + (" (and %d more)" % more if more > 0 else "")


class Report:
    def __init__(self, prefix=""):
        self.prefix = prefix
        self.failed = 0
        self.passed = 0

    def result(self, name, problem, detail="", rows=(), depth=1, at=None):
        """One test's line.  problem: None, "" or [] when it passed; else a
        string or a list of strings.  detail: said after a PASS.  rows: an
        expected-vs-actual table, indented under a FAIL.  The FAIL names
        `at` (FILE:LINE, e.g. defined_at(test_fn)) or else the line `depth`
        frames above the caller (1: the caller's own line)."""
        name = self.prefix + name
        if problem:
            self.failed += 1
            print("FAIL %s (%s): %s" % (name, at or where(depth), why(problem)))
            for row in rows:
                print("    " + row.lstrip())
        else:
            self.passed += 1
            print("PASS %s%s" % (name, " (%s)" % detail if detail else ""))
        sys.stdout.flush()
        return not problem

    def status(self):
        """The program's exit status: 1 when a test failed."""
        return 1 if self.failed else 0
