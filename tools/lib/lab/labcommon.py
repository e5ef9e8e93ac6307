"""labcommon: what the lab tools (nickstat, timeline, latency, lab) share:
reading a log with one-line errors, and the lat lines of the final dump."""
import os
import subprocess
import sys

from lib.traces import nickel_log  # noqa: E402


def die(tool, msg):
    """The one-line error every tool gives: `tool: file:line: what`."""
    sys.stderr.write("%s: %s\n" % (tool, msg))
    sys.exit(1)


def run_to_log(cmd, log, timeout):
    """Run a boot command with its output in the file log; None when it
    ended with status 0, else what went wrong (for an error naming log)."""
    with open(log, "w") as f:
        try:
            rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "no power-off within %d s (timeout; see the log)" % timeout
    return None if rc == 0 else "nickel-qemu ended with %s (see the log)" % rc


def read_log(tool, path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError as e:
        die(tool, "%s: %s" % (path, e.strerror))


def where(path, err):
    """'file:line: message' for a LogError (the line is part of the message
    already when the parser put it there)."""
    msg = str(err)
    if msg.startswith("line ") or err.lineno is None:
        return "%s: %s" % (path, msg)
    return "%s:%d: %s" % (path, err.lineno, msg)


def trace_events_of(tool, path):
    """(text, trace events) of the log at path, or the tool's one-line error
    (a bad trace line, or none at all)."""
    text = read_log(tool, path)
    try:
        events = nickel_log.trace_events(text)
    except nickel_log.LogError as e:
        die(tool, where(path, e))
    if not events:
        die(tool, "%s:%d: no trace events (boot with trace=1, or type t)"
            % (path, len(text.splitlines())))
    return text, events


def dumps_of(tool, path, text=None, need=True):
    """Every stat dump of a log; a truncated or empty log is a clear error."""
    text = read_log(tool, path) if text is None else text
    try:
        dumps = nickel_log.stat_dumps(text)
    except nickel_log.LogError as e:
        die(tool, where(path, e))
    if need and not dumps:
        die(tool, "%s:%d: no stat dump in the log (did the run finish?)"
            % (path, len(text.splitlines())))
    return dumps


def worst_lats(dump):
    """lat lines of one dump by name; several tasks of one name (the two
    xclients) are folded into the worse one (higher p99), since the lab
    asks how bad it gets for the user."""
    out = {}
    for lat in dump.lats:
        old = out.get(lat["name"])
        if old is None or lat["p99_us"] > old["p99_us"]:
            out[lat["name"]] = lat
    return out
