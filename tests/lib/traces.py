"""Checks of nickel's trace as other tools read it (used by tests/tools/test_tools.py):

* the text follows ftrace's text format, as the kernel prints
  /sys/kernel/tracing/trace with the nop tracer and irq-info off: the
  header lines, then `TASK-PID [CPU] SECONDS.MICROS: EVENT: fields` with the
  task right-aligned in 16 columns, and Linux's field layout of
  sched_switch and sched_wakeup (what Perfetto's systrace importer and
  trace-cmd's plugins look for);
* tools/trace2dat's trace.dat comes back from `trace-cmd report` with every
  event: same time, CPU, pids, prios, state and names.
"""
import os
import re
import subprocess
import tempfile

HEADER = [re.compile(r"^# tracer: nop$"), re.compile(r"^#$"),
          re.compile(r"^# entries-in-buffer/entries-written: (\d+)/(\d+)   #P:(\d+)$"),
          re.compile(r"^#$"),
          re.compile(r"^#           TASK-PID     CPU#  TIMESTAMP  FUNCTION$"),
          re.compile(r"^#              \| \|         \|      \|         \|$")]
PREFIX = r"^(?P<task>.{16})-(?P<pid>\d+) \[(?P<cpu>\d{3})\] (?P<sec>\d+)\.(?P<usec>\d{6}): "
SWITCH = re.compile(PREFIX + r"sched_switch: prev_comm=(?P<prev_comm>\S+) "
                    r"prev_pid=(?P<prev_pid>\d+) prev_prio=-?\d+ prev_state=[RSDZX] ==> "
                    r"next_comm=\S+ next_pid=\d+ next_prio=-?\d+$")
WAKEUP = re.compile(PREFIX + r"sched_wakeup: comm=\S+ pid=\d+ prio=-?\d+ "
                    r"success=[01] target_cpu=\d{3}$")


def ftrace_text_problems(text):
    """What in the log's trace blocks departs from ftrace's text format."""
    lines = text.splitlines()
    starts = [i for i, l in enumerate(lines) if l == "# tracer: nop"]
    if not starts:
        return ["no '# tracer: nop' block"]
    cpus = re.search(r"^=== stats .*\bcpus=(\d+)", text, re.M)
    problems = []
    for s in starts:
        for k, pat in enumerate(HEADER):
            if s + k >= len(lines) or not pat.match(lines[s + k]):
                problems.append("line %d: header line %d is %r" % (s + k + 1, k + 1,
                                                                     lines[s + k][:80]))
        if problems:
            return problems
        kept, _written, ncpu = map(int, HEADER[2].match(lines[s + 2]).groups())
        if cpus and ncpu != int(cpus.group(1)):
            problems.append("line %d: #P:%d, the machine has %s CPUs"
                            % (s + 3, ncpu, cpus.group(1)))
        events, last = 0, -1
        for i in range(s + len(HEADER), len(lines)):
            line = lines[i]
            if line == "# end of trace":
                break
            m = SWITCH.match(line) or WAKEUP.match(line)
            if not m:
                if "sched_" in line:
                    problems.append("line %d: not ftrace's layout: %r" % (i + 1, line[:100]))
                continue
            events += 1
            us = int(m.group("sec")) * 1000000 + int(m.group("usec"))
            if us < last:
                problems.append("line %d: time goes back" % (i + 1))
            last = us
            if "prev_pid" in m.groupdict() and (m.group("prev_pid") != m.group("pid") or
                                                m.group("task").strip() != m.group("prev_comm")):
                problems.append("line %d: TASK-PID is not the previous task" % (i + 1))
        if events != kept:
            problems.append("block at line %d: %d events, the header says %d"
                            % (s + 1, events, kept))
    return problems


# `trace-cmd report` with its sched_switch plugin (the default):
#   "  xclient-6  [000]  0.883322: sched_switch:  xclient:6 [113] R ==> xserver:5 [128]"
#   "  xclient-6  [000]  0.883322: sched_wakeup:  xserver:5 [128] success=1 CPU:000"
REPORT = re.compile(r"^\s*(?P<task>.+)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+(?P<sec>\d+)\."
                    r"(?P<usec>\d{6}):\s+(?P<event>sched_switch|sched_wakeup):\s+(?P<rest>.*)$")
REPORT_SWITCH = re.compile(r"^(\S+):(\d+) \[(-?\d+)\] (\S+) ==> (\S+):(\d+) \[(-?\d+)\]$")
REPORT_WAKEUP = re.compile(r"^(\S+):(\d+) \[(-?\d+)\] success=(\d+) CPU:(\d+)$")


def report_events(out):
    """(cpu, us, event, fields...) of each event line of trace-cmd report."""
    got = []
    for line in out.splitlines():
        m = REPORT.match(line)
        if not m:
            continue
        rest = m.group("rest").strip()
        fields = (REPORT_SWITCH if m.group("event") == "sched_switch" else
                  REPORT_WAKEUP).match(rest)
        if not fields:
            raise ValueError("unreadable event in trace-cmd report: %r" % line)
        got.append((int(m.group("cpu")), int(m.group("sec")) * 1000000 +
                    int(m.group("usec")), int(m.group("pid")), m.group("event"))
                   + tuple(int(f) if re.match(r"^-?\d+$", f) else f
                           for f in fields.groups()))
    return got


def expected_events(events):
    """The same tuples from nickel_log.trace_events."""
    out = []
    for e in events:
        if e["event"] == "sched_switch":
            out.append((e["cpu"], e["us"], e["pid"], e["event"], e["prev_comm"], e["prev_pid"],
                        e["prev_prio"], e["prev_state"], e["next_comm"], e["next_pid"],
                        e["next_prio"]))
        else:
            out.append((e["cpu"], e["us"], e["pid"], e["event"], e["woken_comm"],
                        e["woken_pid"], e["woken_prio"], e["success"], e["target_cpu"]))
    return out


def trace_dat_problem(run_tool, log_path, events):
    """Convert log_path with tools/trace2dat, read it back with trace-cmd
    report, and compare every event (per CPU, in order)."""
    with tempfile.TemporaryDirectory() as d:
        dat = os.path.join(d, "trace.dat")
        rc, _, err = run_tool("trace2dat", log_path, "-o", dat)
        if rc:
            return "trace2dat exit %d: %s" % (rc, err.strip())
        p = subprocess.run(["trace-cmd", "report", "-i", dat], capture_output=True,
                           text=True)
        if p.returncode:
            return "trace-cmd report exit %d: %s" % (p.returncode, p.stderr.strip()[:200])
    try:
        got = report_events(p.stdout)
    except ValueError as e:
        return str(e)
    want = expected_events(events)
    if len(got) != len(want):
        return "trace-cmd report printed %d events, the trace has %d" % (len(got), len(want))
    for cpu in sorted({w[0] for w in want}):
        g = [x for x in got if x[0] == cpu]
        w = [x for x in want if x[0] == cpu]
        for i, (a, b) in enumerate(zip(w, g)):
            if a != b:
                return "cpu %d event %d: expected %s, trace-cmd report says %s" % (
                    cpu, i + 1, a, b)
    return None
