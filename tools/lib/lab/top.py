"""nickel-top: a live terminal dashboard over nickel's serial console.

    nickel-top [--batch] -- NICKEL-QEMU-ARGS...     boot nickel and watch it
    nickel-top --replay LOG [--batch] [--keys-out FILE] [--interval S]

`make top` boots nickel the way `make run` does (same variables, the
desktop demo unless DEMO= says otherwise) with a stat dump every second
(`stats=1000`) and runs this on QEMU's serial console (tools/nickel-qemu's
`-serial stdio`, on pipes).  The screen, redrawn each second from the
latest complete stat dump (docs/contract.md):

* a line per CPU: busy % (idle_ms against uptime_ms since the dump
  before), runnable tasks, switches per second;
* a row per task: pid, name, CPU, state, CPU % (run_ms since the dump
  before, per cent of one CPU), prio, nice, timeslice, sleep_avg;
* a row per measuring program (`lat` lines): n, p50 and p99 in ms,
  deadlines met.

The keys r (next policy), + and - (add or remove a hog), s (stat dump now)
and t (trace on/off) go through to nickel's console; q quits (and stops
QEMU).  --replay reads a recorded log instead, one dump per --interval
seconds; its keys go to --keys-out.  --batch prints each screen as text
instead of drawing (like `top -b`; what the tests read).
"""
import argparse
import curses
import os
import queue
import subprocess
import sys
import threading
import time

from lib import TOOLS
from lib.traces import nickel_log
from lib.lab.labcommon import die, read_log

PASS_KEYS = "r+-st"


class Dumps:
    """Collects stat dumps from console lines, one line at a time."""

    def __init__(self):
        self.cur, self.done = None, []

    def feed(self, line):
        line = line.rstrip("\r\n")
        if line.startswith("=== stats"):
            self.cur = nickel_log.StatDump(nickel_log.parse_kv(line))
        elif line.startswith("=== end") and self.cur is not None:
            self.done.append(self.cur)
            self.cur = None
        elif self.cur is not None:
            kind = line.split(" ", 1)[0]
            if kind in ("cpu", "task", "lat"):
                getattr(self.cur, {"cpu": "cpus", "task": "tasks", "lat": "lats"}[kind]
                        ).append(nickel_log.parse_kv(line))


def pct(part, whole):
    return 100.0 * part / whole if whole > 0 else 0.0


def cpu_rows(dump, prev):
    dt = dump["uptime_ms"] - prev["uptime_ms"] if prev else dump["uptime_ms"]
    rows = []
    for c in dump.cpus:
        old = next((o for o in prev.cpus if o["id"] == c["id"]), None) if prev else None
        idle = c["idle_ms"] - (old["idle_ms"] if old else 0)
        sw = c["nr_switches"] - (old["nr_switches"] if old else 0)
        rows.append("cpu%d %5.1f%% busy  %2d runnable  %6.0f switches/s" % (
            c["id"], 100.0 - pct(idle, dt), c["nr_running"], 1000.0 * sw / dt if dt else 0))
    return rows


def task_rows(dump, prev):
    dt = dump["uptime_ms"] - prev["uptime_ms"] if prev else dump["uptime_ms"]
    rows = ["  PID NAME             CPU ST   CPU%  PRIO NICE  SLICE SLEEP_AVG"]
    for t in sorted(dump.tasks, key=lambda t: t["pid"]):
        old = prev.task(pid=t["pid"]) if prev else None
        ran = t["run_ms"] - (old["run_ms"] if old else 0)
        rows.append("%5d %-16s %3d %-2s %6.1f  %4d %4d  %5d %9d" % (
            t["pid"], t["name"][:16], t["cpu"], t["state"], pct(ran, dt), t["prio"],
            t["nice"], t["timeslice"], t["sleep_avg"]))
    return rows


def lat_rows(dump):
    if not dump.lats:
        return []
    rows = ["PROGRAM              N   P50 ms   P99 ms  DEADLINES"]
    for lat in dump.lats:
        met = lat["deadlines_met_pct"]
        rows.append("%-16s %5d %8.2f %8.2f  %9s" % (
            lat["name"][:16], lat["n"], lat["p50_us"] / 1000.0, lat["p99_us"] / 1000.0,
            "%d%%" % met if met >= 0 else "-"))
    return rows


def screen(dump, prev, last_key):
    """The dashboard as lines of text."""
    h = dump.header
    lines = ["nickel top - uptime %.1f s  policy %s  cpus %s  tasks %s  free pages %s" % (
        h["uptime_ms"] / 1000.0, h.get("policy", "?"), h.get("cpus", "?"),
        h.get("tasks", "?"), h.get("free_pages", "?")), ""]
    lines += cpu_rows(dump, prev) + [""] + task_rows(dump, prev) + [""] + lat_rows(dump)
    lines += ["", "keys: r policy  + hog  - hog  s dump  t trace  q quit" +
              ("   (sent %r)" % last_key if last_key else "")]
    return lines


class Console:
    """nickel's serial console: lines from it on a queue, keys to it."""

    def __init__(self, lines, sink, proc=None):
        self.lines, self.sink, self.proc = lines, sink, proc

    def send(self, key):
        self.sink.write(key.encode())
        self.sink.flush()

    def close(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def boot(qemu_args):
    """Start tools/nickel-qemu with the console on pipes."""
    proc = subprocess.Popen([sys.executable, os.path.join(TOOLS, "nickel-qemu")] + qemu_args,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    lines = queue.Queue()

    def pump():
        for raw in proc.stdout:
            lines.put(raw.decode("utf-8", "replace"))
        lines.put(None)                                   # QEMU ended
    threading.Thread(target=pump, daemon=True).start()
    return Console(lines, proc.stdin, proc)


def replay(path, interval, keys_out):
    """A recorded log, played back one stat dump per interval."""
    text = read_log("nickel-top", path)
    if "=== end" not in text:
        die("nickel-top", "%s: no complete stat dump to replay" % path)
    lines = queue.Queue()

    def play():
        for line in text.splitlines(True):
            lines.put(line)
            if line.startswith("=== end"):
                time.sleep(interval)
        lines.put(None)
    threading.Thread(target=play, daemon=True).start()
    return Console(lines, open(keys_out, "ab"))


class Watch:
    """Feeds console lines to Dumps; the latest two dumps make a screen."""

    def __init__(self, console):
        self.console, self.dumps, self.ended = console, Dumps(), False

    def pump(self, wait):
        """Read what the console has (up to wait seconds); True when a new
        dump completed."""
        before, deadline = len(self.dumps.done), time.time() + wait
        while not self.ended:
            try:
                line = self.console.lines.get(timeout=max(deadline - time.time(), 0))
            except queue.Empty:
                break
            if line is None:
                self.ended = True
                break
            self.dumps.feed(line)
        return len(self.dumps.done) > before

    def lines(self, last_key, i=-1):
        """The screen of dump i (default: the latest)."""
        d = self.dumps.done
        if not d:
            return ["nickel top: waiting for the first stat dump (stats=1000) ..."]
        i = i % len(d)
        return screen(d[i], d[i - 1] if i > 0 else None, last_key)


def run_batch(watch):
    """Every dump's screen, in order, separated by form feeds."""
    shown = 0
    while not watch.ended or shown < len(watch.dumps.done):
        watch.pump(1.0)
        for i in range(shown, len(watch.dumps.done)):
            sys.stdout.write("\n".join(watch.lines(None, i)) + "\n\f\n")
        shown = len(watch.dumps.done)
        sys.stdout.flush()


def run_curses(stdscr, watch):
    curses.curs_set(0)
    stdscr.timeout(100)
    last_key, next_draw = None, 0.0
    while True:
        watch.pump(0.05)
        ch = stdscr.getch()
        if ch in (ord("q"), ord("Q")):
            return
        if 0 <= ch < 256 and chr(ch) in PASS_KEYS:
            last_key = chr(ch)
            watch.console.send(last_key)
            next_draw = 0.0
        if time.time() >= next_draw:
            draw(stdscr, watch.lines(last_key) +
                 (["", "(the console has ended: q quits)"] if watch.ended else []))
            next_draw = time.time() + 1.0


def draw(stdscr, lines):
    stdscr.erase()
    rows, cols = stdscr.getmaxyx()
    for y, line in enumerate(lines[:rows - 1]):
        stdscr.addnstr(y, 0, line, cols - 1)
    stdscr.refresh()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--replay", metavar="LOG", help="play a recorded log instead of booting")
    p.add_argument("--interval", type=float, default=1.0,
                   help="seconds per stat dump in --replay (default 1)")
    p.add_argument("--keys-out", default=os.devnull,
                   help="in --replay, the file the passed-through keys go to")
    p.add_argument("--batch", action="store_true", help="print screens as text, no curses")
    p.add_argument("qemu_args", nargs="*", help="after --: tools/nickel-qemu's arguments")
    a = p.parse_args(argv)
    if a.replay:
        console = replay(a.replay, a.interval, a.keys_out)
    elif a.qemu_args:
        console = boot(a.qemu_args)
    else:
        die("nickel-top", "give --replay LOG, or -- and tools/nickel-qemu's arguments")
    watch = Watch(console)
    try:
        if a.batch:
            run_batch(watch)
        else:
            curses.wrapper(run_curses, watch)
    except KeyboardInterrupt:
        pass
    finally:
        console.close()
    return 0

