"""nickel_log: read nickel's serial log (stat dumps, trace lines).

Shared by the test scenarios and the lab tools.  Formats: docs/contract.md.
"""
import re

_KV = re.compile(r"(\w+)=(\S*)")


class LogError(Exception):
    """The log is malformed or truncated; the message says where.  lineno,
    when known, is the 1-based line the problem was found on."""

    def __init__(self, msg, lineno=None):
        Exception.__init__(self, msg)
        self.lineno = lineno


def parse_kv(line):
    """'task pid=1 name=x' -> {'pid': 1, 'name': 'x'} (numbers as int)."""
    out = {}
    for k, v in _KV.findall(line):
        try:
            out[k] = int(v)
        except ValueError:
            out[k] = v
    return out


class StatDump:
    """One `=== stats ... === end` block."""

    def __init__(self, header):
        self.header = header
        self.cpus = []
        self.tasks = []
        self.lats = []

    def task(self, pid=None, name=None):
        for t in self.tasks:
            if (pid is None or t["pid"] == pid) and (name is None or t["name"] == name):
                return t
        return None

    def __getitem__(self, key):
        return self.header[key]


def stat_dumps(text, strict=True):
    """Every complete stat dump in the log, in order.  A dump that starts but
    never ends raises LogError when strict (a truncated log)."""
    dumps, cur, lineno = [], None, 0
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip("\r")
        if line.startswith("=== stats"):
            if cur is not None and strict:
                raise LogError("line %d: stat dump inside another" % lineno)
            cur = StatDump(parse_kv(line))
        elif line.startswith("=== end"):
            if cur is None:
                if strict:
                    raise LogError("line %d: '=== end' without '=== stats'" % lineno)
                continue
            dumps.append(cur)
            cur = None
        elif cur is not None:
            kind = line.split(" ", 1)[0]
            if kind == "cpu":
                cur.cpus.append(parse_kv(line))
            elif kind == "task":
                cur.tasks.append(parse_kv(line))
            elif kind == "lat":
                cur.lats.append(parse_kv(line))
    if cur is not None and strict:
        raise LogError("log ends inside a stat dump (truncated?)", lineno)
    return dumps


def shares(first, last, names=None):
    """CPU share (percent of elapsed time on one CPU) of each task between two
    dumps: 100 * delta run_ms / delta uptime_ms, keyed by pid."""
    dt = last["uptime_ms"] - first["uptime_ms"]
    out = {}
    for t in last.tasks:
        if names and t["name"] not in names:
            continue
        t0 = first.task(pid=t["pid"])
        if t0 is None or dt <= 0:
            continue
        out[t["pid"]] = 100.0 * (t["run_ms"] - t0["run_ms"]) / dt
    return out


# "  hog-3 [001] 12.345678: sched_switch: prev_comm=hog ... ==> next_comm=.."
_TRACE = re.compile(r"^\s*(.+)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d{6}): "
                    r"(sched_switch|sched_wakeup): (.*)$")


def trace_events(text, strict=True):
    """The events of every trace block (`# tracer: nop` .. `# end of trace`),
    in order: dicts with comm, pid (the task running on that CPU), cpu, us
    (guest time in microseconds), event ('sched_switch'/'sched_wakeup') and
    the event's key=value fields (a wakeup's comm/pid/prio as woken_comm,
    woken_pid, woken_prio).
    A malformed event line, or a block that never ends, raises LogError
    when strict."""
    events, inside, start = [], False, 0
    lineno = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.rstrip("\r")
        if line.startswith("# tracer:"):
            inside, start = True, lineno
            continue
        if not inside:
            continue
        if line.startswith("# end of trace"):
            inside = False
            continue
        if line.startswith("#") or not line.strip():
            continue
        m = _TRACE.match(line)
        if not m:
            if strict and ("sched_switch" in line or "sched_wakeup" in line):
                raise LogError("line %d: malformed trace event" % lineno, lineno)
            continue                    # console chatter between events
        comm, pid, cpu, sec, usec, event, rest = m.groups()
        ev = {"comm": comm, "pid": int(pid), "cpu": int(cpu),
              "us": int(sec) * 1000000 + int(usec), "event": event}
        fields = parse_kv(rest.replace("==>", " "))
        if event == "sched_wakeup":     # its comm/pid are the woken task's
            for k in ("comm", "pid", "prio"):
                if k in fields:
                    fields["woken_" + k] = fields.pop(k)
        ev.update(fields)
        events.append(ev)
    if inside and strict:
        raise LogError("trace starting at line %d never ends (truncated?)" % start,
                       lineno)
    return events
