"""The live panel (`v` key, kernel/diag/panel.c, docs/lab.md).

The panel is drawn on the screen only.  panel=serial (a test-only kernel
argument) copies each of its rows to the serial line as `panel| <row>`, so
the first scenarios can check its numbers: N hogs at SMP=2 each near 100%
of a CPU, N CPUs busy and the others idle, the task CPU % adding up to the
CPUs' busy %, rows sorted, and after the second `v` no row any more.  A
frame where a CPU took no tick since the one before (a loaded host that
did not run that emulated CPU for a second) shows "-" for the CPU and its
tasks instead of a share; such frames are checked for that and skipped,
and the numbers are checked on the first four frames with ticks on every
CPU.  (-icount cannot stand in here: under it QEMU 7.2 gives a halted
second CPU a tick only now and then.)

The third reads
the VGA text buffer back (QEMU's pmemsave of 0xB8000): the panel is on the
screen's top rows while stat dumps scroll beneath it, and no row of it
reaches the serial line; the UEFI one reads the framebuffer console the
same way from a screendump.  The last boots with no VGA card: `v` says
there is no screen.
"""
import re

from scenario import Scenario
from screen import vga_rows, read_ppm, decode_coloured, SCREEN_LINE, FONT
from lib.boot import psf

HOGS_LINE = r"^nickel: demo hogs: 2 hogs"
HEADER = re.compile(r"^nickel panel  policy=(\w+)  cpus=(\d+)  up \d+\.\ds  "
                    r"free \d+ KiB  tasks (\d+)$")
BUSY = re.compile(r"^busy((?:  cpu\d+ +(?:\d+%|-))+)$")
TICKED = r"^panel\| busy(?:  cpu\d+ +\d+%)+\r?$"     # every CPU with a share
COLUMNS = "  PID NAME            CPU S POLICY-PRI NICE SLICE  USED SLEEP CPU%  SW/S"
TASK = re.compile(r"^ *(\d+) (\S+) +(\d+) ([RSZX]) (\S+)-(\d+) +(-?\d+) +(\d+) +(\d+) "
                  r"+(\d+) +(\d+|-) +(\d+)$")
FRAMES_BEFORE_OFF = 4       # frames the numbers are checked on


def frames(log):
    """The panel's frames copied to serial: lists of rows, each starting
    with its header row."""
    out = []
    for line in log.splitlines():
        if not line.startswith("panel| "):
            continue
        row = line[len("panel| "):]
        if HEADER.match(row):
            out.append([])
        if out:
            out[-1].append(row)
    return out


def share(text):
    """A CPU % cell: a number, or None for "-" (its CPU took no tick)."""
    return None if text == "-" else int(text)


def parse_frame(rows):
    """(busy % by CPU, [(name, cpu %, pid, cpu)] in row order, problems);
    None for a share the panel shows as "-"."""
    problems, busy, tasks = [], [], []
    if len(rows) < 3 or not BUSY.match(rows[1]) or COLUMNS not in rows:
        return busy, tasks, ["frame %r lacks its busy row or column heads" % rows[:3]]
    busy = [share(p.rstrip("%")) for p in re.findall(r"cpu\d+ +(\d+%|-)", rows[1])]
    for row in rows[rows.index(COLUMNS) + 1:]:
        m = TASK.match(row)
        if m:
            tasks.append((m.group(2), share(m.group(11)), int(m.group(1)), int(m.group(3))))
        elif not re.match(r"^  \+\d+ more$", row):
            problems.append("unexpected panel row %r" % row)
    return busy, tasks, problems


def ticked(rows):
    """Did every CPU take a tick since the frame before (a share each)?"""
    busy, _, problems = parse_frame(rows)
    return not problems and None not in busy


def check_no_tick_frame(n, rows):
    """A frame with a CPU that took no tick: "-" for that CPU and for every
    task on it, a share for the others."""
    busy, tasks, problems = parse_frame(rows)
    for name, pct, pid, cpu in tasks:
        if (pct is None) != (cpu >= len(busy) or busy[cpu] is None):
            problems.append("frame %d: %s (pid %d) on cpu%d shows %s, its CPU %s"
                            % (n, name, pid, cpu, pct, busy))
    return problems


def check_frame(n, rows, nhogs):
    """The numbers of one frame with `nhogs` hogs on two CPUs: as many CPUs
    busy (80..100%), the others idle (at most 20%)."""
    busy, tasks, problems = parse_frame(rows)
    if problems:
        return problems
    where = "frame %d" % n
    hogs = [pct for name, pct, _, _ in tasks if name == "hog"]
    ranked = sorted(busy, reverse=True)
    if len(busy) != 2 or min(ranked[:nhogs]) < 80 or max(ranked[nhogs:] or [0]) > 20:
        problems.append("%s: CPU busy %s%%, expected %d CPUs 80..100, the rest 0..20"
                        % (where, busy, nhogs))
    if len(hogs) != nhogs or not all(80 <= p <= 100 for p in hogs):
        problems.append("%s: hogs' CPU %% %s, expected %d each 80..100"
                        % (where, hogs, nhogs))
    pcts = [pct for _, pct, _, _ in tasks]
    if pcts != sorted(pcts, reverse=True):
        problems.append("%s: rows not sorted by CPU %%: %s" % (where, pcts))
    # Every tick is a task's run time or a CPU's idle time: the rows add up
    # to the busy figures, give or take each row's rounding.
    if abs(sum(pcts) - sum(busy)) > 4 + len(tasks) // 2:
        problems.append("%s: task CPU %% add up to %d, CPUs busy %d%%+%d%%"
                        % (where, sum(pcts), busy[0], busy[1]))
    return problems


def numbers_then_off(nhogs):
    return lambda log: numbers_then_off_in(log, nhogs)


def numbers_then_off_in(log, nhogs):
    """Frames before the second `v` check out; none after 'panel off'."""
    on, off = log.find("nickel: panel on"), log.find("nickel: panel off")
    if on < 0 or off < 0:
        return ["no 'nickel: panel on' then 'nickel: panel off' line"]
    before = frames(log[on:off])
    problems = []
    for n, rows in enumerate(before):
        if not ticked(rows):
            problems += check_no_tick_frame(n, rows)
    with_ticks = [(n, rows) for n, rows in enumerate(before) if ticked(rows)]
    if len(with_ticks) < FRAMES_BEFORE_OFF:
        return problems + ["%d panel frames with a tick on every CPU before 'panel off' "
                           "(of %d), expected %d" % (len(with_ticks), len(before),
                                                     FRAMES_BEFORE_OFF)]
    for n, rows in with_ticks[:FRAMES_BEFORE_OFF]:
        problems += check_frame(n, rows, nhogs)
    after = [l for l in log[off:].splitlines() if l.startswith("panel| ")]
    if after:
        problems.append("%d panel rows after 'panel off', first %r" % (len(after), after[0]))
    return problems


def panel_above_the_log(text, title_inverse, kept, cols, log):
    """The screen's rows: the panel in the top `kept` rows (the title in
    inverse colours, a rule of dashes last), two hog rows, and below the
    rule the stat dumps printk wrote meanwhile, each row text of the log."""
    problems = []
    if not HEADER.match(text[0]) or not title_inverse:
        problems.append("row 0 %r is not the panel's title (inverse: %s)"
                        % (text[0], title_inverse))
    if not BUSY.match(text[1]) or COLUMNS not in text[2:kept - 1]:
        problems.append("rows 1-3 %r lack the busy row or column heads" % text[1:4])
    hogs = [t for t in text[2:kept - 1] if TASK.match(t) and TASK.match(t).group(2) == "hog"]
    if len(hogs) != 2:
        problems.append("%d hog rows in the panel, expected 2; its first rows %r"
                        % (len(hogs), text[:4]))
    if text[kept - 1] != "-" * cols:
        problems.append("row %d %r is not the panel's rule" % (kept - 1, text[kept - 1]))
    below = [t for t in text[kept:] if t]
    if not any(t.startswith(("task pid=", "cpu id=", "=== ", "lat ")) for t in below):
        problems.append("no stat dump row below the panel: %r" % below)
    problems += ["row below the panel %r is not in the serial log" % t
                 for t in below if t not in log]
    return problems[:5]


def vga_panel(path, log):
    """VGA text: 17 of 25 rows; the title black on grey (attribute 0x70)."""
    rows = vga_rows(path)
    return panel_above_the_log([t.rstrip() for t, _ in rows], rows[0][1][0] == 0x70,
                               17, 80, log)


def framebuffer_panel(path, log):
    """The framebuffer console: two thirds of its rows; the title's cells
    light grey behind black."""
    m = re.search(SCREEN_LINE, log)
    if not m:
        return ["no 'nickel: screen: framebuffer' line in the log"]
    w, h, pixels = read_ppm(path)
    cols, rows = int(m.group(3)), int(m.group(4))
    screen = decode_coloured(w, h, pixels, cols, rows, psf.load(FONT))
    kept = rows - max(rows // 3, 4)
    return panel_above_the_log([t.rstrip() for t, _ in screen],
                               screen[0][1][0] == (0xAA, 0xAA, 0xAA), kept, cols, log)


def numbers(name, nhogs):
    return Scenario(
        name,
        args="demo=hogs hogs=%d check=1 panel=serial run=14" % nhogs, smp=2, mem=32,
        keys=[(r"^nickel: demo hogs: %d hogs" % nhogs, "v"),
              (r"(%s[\s\S]*){%d}" % (TICKED, FRAMES_BEFORE_OFF + 1), "v")],
        expect=[r"^nickel: panel on: the top 17 rows", r"^nickel: panel off",
                r"power off \(status=0\)"],
        verify=numbers_then_off(nhogs), timeout=120)


SCENARIOS = [
    numbers("panel-v-two-hogs-smp2-near-100pct-sorted-adding-up-then-v-off", 2),
    numbers("panel-v-one-hog-one-idle-cpu-smp2-near-100pct-sorted-adding-up-then-v-off", 1),
    # stats=3000: two dumps after the panel is on, so it has been drawn; they
    # scroll through the rows below it.
    Scenario("panel-v-on-vga-screen-only-above-scrolling-stat-dumps",
             args="demo=hogs hogs=2 stats=3000", smp=2, mem=32,
             keys=[(HOGS_LINE, "v")],
             expect=[r"^nickel: panel on[\s\S]*^=== end[\s\S]*^=== end"],
             forbid=[r"nickel panel", r"PID NAME", r"^panel\|"],
             screen=vga_panel, vga_text=True,
             exit_code=124, stop_when_expected=True, timeout=120),
    # The ISO's default entry (2 hogs) under UEFI: `s` again and again, so
    # the guest runs 3 s with the panel on before the screendump.
    Scenario("panel-v-uefi-iso-on-the-framebuffer-above-scrolling-stat-dumps",
             iso=True, firmware="uefi", smp=2, mem=256,
             keys=[(r"executed automatically|Use the", "\r"), (r"nickel: cpu 1 online", "v"),
                   (r"^nickel: panel on", "s")] + [(r"^=== end", "s")] * 300,
             expect=[r"^nickel: panel on[\s\S]*uptime_ms=([3-9]\d{3}|\d{5,}) "],
             forbid=[r"nickel panel", r"PID NAME", r"^panel\|"],
             screen=framebuffer_panel, exit_code=124, stop_when_expected=True,
             timeout=240),
    Scenario("panel-v-without-a-screen-says-so-in-one-line",
             args="demo=hogs hogs=1 run=4", smp=1, mem=32, qemu_flags="-vga none",
             keys=[(r"^nickel: demo hogs: 1 hogs", "v")],
             expect=[r"^nickel: panel: no screen \(serial console only\); "
                     r"s prints a stat dump instead$", r"power off \(status=0\)"],
             forbid=[r"nickel: panel on"], timeout=60),
]
