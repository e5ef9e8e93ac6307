"""progress: the line long tools print as each run ends (tools/lab,
tools/bench-matrix):

    bench-matrix: [5/27] nick-desktop-4hogs-2cpu ok (41 s); 22 left, about 3 min more

The estimate is the wall time so far per finished run times the runs left
(runs go in parallel, so this is the pool's pace, not one run's length).
"""
import sys
import time


def duration(seconds):
    """'40 s', '3 min', '1 h 05 min'."""
    seconds = int(round(seconds))
    if seconds < 120:
        return "%d s" % seconds
    if seconds < 3600:
        return "%d min" % round(seconds / 60.0)
    return "%d h %02d min" % (seconds // 3600, (seconds % 3600) // 60)


class Progress:
    def __init__(self, tool, total, out=sys.stderr, clock=time.time):
        self.tool, self.total, self.out, self.clock = tool, total, out, clock
        self.start, self.done = clock(), 0

    def line(self, name, status, wall):
        """The line for one more finished run (also returned)."""
        self.done += 1
        left = self.total - self.done
        text = "%s: [%d/%d] %s %s (%.0f s)" % (self.tool, self.done, self.total, name,
                                               status, wall)
        if left:
            pace = (self.clock() - self.start) / self.done
            text += "; %d left, about %s more" % (left, duration(pace * left))
        else:
            text += "; all done in %s" % duration(self.clock() - self.start)
        return text

    def finished(self, name, status, wall):
        self.out.write(self.line(name, status, wall) + "\n")
        self.out.flush()
