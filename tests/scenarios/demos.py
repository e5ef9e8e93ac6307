"""The kernel's lab demos: demo=desktop and demo=compile.

The kernel starts the launcher (desktop / compiledemo) as init and the hogs
itself (kernel/demo/desktop.c), so keys + and - change the load live.  The
checks are on the stat dumps: which lat lines and how many live hog tasks.
"""
import os
import re
import sys

from scenario import Scenario, ROOT

from lib.traces import nickel_log  # noqa: E402

USER = os.path.join(ROOT, "build", "user")
DESKTOP = ["desktop", "xserver", "xclient", "audio", "video", "hog"]
COMPILE = ["compiledemo", "xserver", "xclient", "compile", "hog"]


def modules(names):
    return [os.path.join(USER, n + ".elf") for n in names]


def lat_counts(dump):
    """{name: [n of each lat line with that name]}."""
    out = {}
    for lat in dump.lats:
        out.setdefault(lat["name"], []).append(lat["n"])
    return out


def live_hogs(dump):
    return sorted(t["pid"] for t in dump.tasks if t["name"] == "hog" and t["state"] != "Z")


def final_dump(log):
    dumps = nickel_log.stat_dumps(log, strict=False)
    return dumps[-1] if dumps else None


def need_lats(dump, wanted):
    """wanted: {name: how many lat lines}; each must have samples (n > 0)."""
    got = lat_counts(dump)
    problems = []
    for name, count in wanted.items():
        ns = [n for n in got.get(name, []) if n > 0]
        if len(ns) < count:
            problems.append("lat name=%s: expected %d line(s) with n > 0, got n=%s"
                            % (name, count, got.get(name, [])))
    return problems


def desktop_lats_and_hogs(log):
    dump = final_dump(log)
    if not dump:
        return ["no stat dump"]
    problems = need_lats(dump, {"xserver": 1, "xclient": 2, "audio": 1, "video": 1})
    hogs = live_hogs(dump)
    if len(hogs) != 2:
        problems.append("live hog tasks in the final dump: expected 2, got %d %s"
                        % (len(hogs), hogs))
    return problems


def dump_after(log, pattern):
    """(match, the first complete stat dump after the line matching pattern)."""
    m = re.search(pattern, log, re.M)
    if not m:
        return None, None
    dumps = nickel_log.stat_dumps(log[m.end():], strict=False)
    return m, dumps[0] if dumps else None


def plus_adds_minus_removes(log):
    """+ : the next dump has a third live hog, the one named.  - : the hog
    named is killed; SIGKILL takes effect when it next runs, so the check
    is on the final dump (seconds later): 2 live hogs, that one gone."""
    problems = []
    added, after_plus = dump_after(log, r"^nickel: added hog pid (\d+)")
    removed, final = dump_after(log, r"^nickel: removing hog pid (\d+)")
    final = final and final_dump(log)
    if not after_plus or not final:
        return ["no stat dump after the + or after the - key"]
    hogs = live_hogs(after_plus)
    if len(hogs) != 3 or int(added.group(1)) not in hogs:
        problems.append("after +: expected 3 live hogs including pid %s, got %s"
                        % (added.group(1), hogs))
    hogs = live_hogs(final)
    if len(hogs) != 2 or int(removed.group(1)) in hogs:
        problems.append("after -: expected 2 live hogs without pid %s, got %s"
                        % (removed.group(1), hogs))
    return problems


def compile_jobs_and_xclient(log):
    dump = final_dump(log)
    if not dump:
        return ["no stat dump"]
    problems = need_lats(dump, {"compile": 1, "xclient": 1, "xserver": 1})
    if live_hogs(dump):
        problems.append("demo=compile without hogs=: expected no hog, got %s"
                        % live_hogs(dump))
    return problems


def keeps_running_with_fresh_lats(log):
    """Without run= the desktop outlives its default 8 s: its xclients'
    sample counts still grow between the dumps at 8 s and 12 s."""
    dumps = nickel_log.stat_dumps(log, strict=False)
    at = {d["uptime_ms"] // 4000: d for d in dumps}
    if 2 not in at or 3 not in at:
        return ["no dumps at 8 s and 12 s (got uptime_ms %s)"
                % [d["uptime_ms"] for d in dumps]]
    before, after = lat_counts(at[2]).get("xclient", []), lat_counts(at[3]).get("xclient", [])
    if len(before) != 2 or len(after) != 2 or not all(b > a for a, b in zip(before, after)):
        return ["xclient lat n at 8 s %s, at 12 s %s: expected 2 lines, each growing"
                % (before, after)]
    return []


def final_trace_complete(log):
    """The desktop (init) exits a moment before run=S comes due: one of the
    two ends of a run starts the final record, stat dump then a long trace,
    and the other must not power off in the middle of it."""
    try:
        events = nickel_log.trace_events(log)
    except nickel_log.LogError as e:
        return ["the final trace is cut: %s" % e]
    problems = []
    if len(events) < TRACE_MIN_EVENTS:
        problems.append("final trace: expected at least %d events, got %d"
                        % (TRACE_MIN_EVENTS, len(events)))
    end, off = log.rfind("# end of trace"), log.rfind("nickel: power off")
    if end < 0 or off < end:
        problems.append("power off (at %d) before the trace's end marker (at %d)" % (off, end))
    if end >= 0 and "tracing on" in log[end:]:
        problems.append("'tracing on' printed after the final trace")
    return problems


def t_key_on_then_off(log):
    """t, t: one 'tracing on', a trace, 'tracing off' right after its end
    marker, and nothing traced after that (no trace in the final record)."""
    ons = re.findall(r"^nickel: tracing on", log, re.M)
    blocks = re.findall(r"^# end of trace\n(.*)", log, re.M)
    problems = []
    if len(ons) != 1:
        problems.append("'tracing on' %d times, expected once" % len(ons))
    if blocks != ["nickel: tracing off"]:
        problems.append("after each trace's end marker: expected just one "
                        "'nickel: tracing off', got %s" % blocks)
    return problems


IPC_EVENT = re.compile(r"^\s*(\S+)-\d+\s+\[\d+\] [\d.]+: nickel_ipc: (call|recv|reply) "
                       r"ep=(\d+) peer_comm=(\S+)", re.M)


def xipc_calls_in_trace(least):
    """The kernel's xipc=1 reached the desktop: its clients called the X
    server's endpoint and it received and replied (nickel_ipc events in the
    final trace, counted by kind), and nothing went over another endpoint."""
    def verify(log):
        count = {"call": 0, "recv": 0, "reply": 0}
        problems = []
        for actor, kind, ep, peer in IPC_EVENT.findall(log):
            count[kind] += 1
            want = ("xclient", "xserver") if kind == "call" else ("xserver", "xclient")
            if (actor, peer) != want or ep != "1":
                problems.append("unexpected %s on ep %s by %s to %s" % (kind, ep, actor, peer))
        print("final trace: %d calls, %d receives, %d replies (expected >= %d each)"
              % (count["call"], count["recv"], count["reply"], least))
        problems += ["%s events in the final trace: %d, expected >= %d" % (k, n, least)
                     for k, n in sorted(count.items()) if n < least]
        return problems[:5]
    return verify


TRACE_MIN_EVENTS = 100      # about 3 s of the desktop: 250-1000 seen
MISSING = ["desktop", "xclient", "audio", "video"]

SCENARIOS = [
    Scenario("demos-desktop-final-dump-has-x-audio-video-lats-and-2-hogs",
             args="demo=desktop hogs=2 run=6", mem=32, modules=modules(DESKTOP),
             expect=[r"^desktop: hogs=0 seconds=6", r"^nickel: demo hogs: 2 hogs",
                     r"power off \(status=0\)"],
             forbid=[r"launch: "], verify=desktop_lats_and_hogs, timeout=90),
    Scenario("demos-desktop-plus-adds-a-hog-minus-removes-it",
             args="demo=desktop hogs=2 run=8", mem=32, modules=modules(DESKTOP),
             keys=[(r"^nickel: demo hogs: 2 hogs", "+"),
                   (r"^nickel: added hog pid \d+", "s"),
                   (r"^=== end", "-")],
             expect=[r"power off \(status=0\)"],
             verify=plus_adds_minus_removes, timeout=120),
    Scenario("demos-t-key-starts-then-stops-tracing-with-one-dump",
             args="demo=hogs hogs=2 run=4", mem=32,
             keys=[(r"^nickel: demo hogs: 2 hogs", "t"),
                   (r"^nickel: tracing on", "t")],
             expect=[r"^# end of trace", r"power off \(status=0\)"],
             verify=t_key_on_then_off, timeout=90),
    Scenario("demos-compile-jobs-finish-and-xclient-measured",
             args="demo=compile run=6", mem=32, modules=modules(COMPILE),
             expect=[r"^compiledemo: jobs=4 burst_ms=30 seconds=6",
                     r"power off \(status=0\)"],
             forbid=[r"launch: ", r"demo hogs:"], verify=compile_jobs_and_xclient,
             timeout=90),
    Scenario("demos-desktop-missing-modules-named-none-run-healthy-power-off",
             args="demo=desktop hogs=2 run=2", mem=32, modules=modules(["xserver", "hog"]),
             expect=[r"^nickel: demo desktop: module %s is not loaded" % m for m in MISSING]
             + [r"^nickel: demo desktop: running none", r"power off \(status=0\)"],
             forbid=[r"module xserver is not loaded", r"demo hogs:", r"name=hog "],
             timeout=60),
    Scenario("demos-trace-final-dump-complete-when-init-exits-near-run-end",
             args="trace=1 run=3 init=desktop -- hogs=2 seconds=1", mem=32,
             modules=modules(DESKTOP),
             expect=[r"^# tracer: nop", r"power off \(status=0\)"],
             verify=final_trace_complete, timeout=90),
    # What `make run DEMO=desktop XIPC=1 IPC=donate` boots: the kernel's
    # xipc=1 goes to the desktop launcher (kernel/demo/desktop.c).
    Scenario("demos-desktop-kernel-xipc-clients-call-the-x-server-over-ipc",
             args="demo=desktop ipc=donate xipc=1 trace=1 hogs=1 run=3", mem=32,
             modules=modules(DESKTOP),
             expect=[r"^desktop: hogs=0 .*xipc=1", r"^xipc: serving endpoint 1$",
                     r"^# end of trace", r"power off \(status=0\)"],
             forbid=[r"bad argument", r"xipc=1 is for demo=desktop", r"server gone"],
             verify=xipc_calls_in_trace(50), timeout=120),
    Scenario("demos-xipc-without-desktop-one-line-ignored",
             args="demo=hogs hogs=1 xipc=1 run=1", mem=32,
             expect=[r"^nickel: xipc=1 is for demo=desktop \(init=desktop takes it "
                     r"after --\): ignored$", r"power off \(status=0\)"],
             forbid=[r"bad argument"], timeout=60),
    Scenario("demos-desktop-without-run-keeps-reporting-past-8s",
             args="demo=desktop hogs=1 stats=4000", mem=32, modules=modules(DESKTOP),
             expect=[r"^desktop: hogs=0 seconds=0",
                     r"uptime_ms=1[2-9]\d{3} .*\n(.*\n)*?=== end"],
             forbid=[r"init exited", r"desktop: done"], exit_code=124,
             stop_when_expected=True, verify=keeps_running_with_fresh_lats,
             timeout=300),   # 14-18 s quiet, 108 s at host load 40
]
