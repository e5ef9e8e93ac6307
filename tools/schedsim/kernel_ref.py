#!/usr/bin/env python3
"""kernel_ref.py - schedsim against a recorded kernel desktop run.

    python3 tools/schedsim/kernel_ref.py [LOG] [seed=N ...]

Reads a recorded nickel desktop log (tools/schedsim/workloads/kernel/, the
command is in its README.md), derives desktop.wl's knobs from what the
kernel's tasks really did (derive()), runs schedsim with them and prints
the kernel-vs-schedsim table of CPU shares and latency medians (compare()).
The agreement test (tests/tools/test_schedsim.py, schedsim-kernel-agreement-desktop)
uses the same functions.  How each knob is derived: README.md, "Agreement
with the kernel".
"""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
from lib.traces import nickel_log as L      # noqa: E402

SIM = os.path.join(ROOT, "build", "schedsim", "schedsim")
WL = os.path.join(ROOT, "tools", "schedsim", "workloads", "desktop.wl")
DESKTOP_LOG = os.path.join(ROOT, "tools", "schedsim", "workloads", "kernel",
                           "desktop-nick-4hogs-1cpu.log")
# The window: the dumps at ~2 s and ~6 s, when every program runs (the
# measuring ones start after desktop's 500 ms warm-up and stop after 8 s
# of their own clock, which is before the ~7 s dump in the recorded run).
FIRST, LAST = 1, 5
AUDIO_PERIOD_MS = 50          # user/audio.c
XCLIENT_CALLS = 9             # system calls per lab_xclient_main cycle
GROUPS = ("hog", "xserver", "xclient", "audio", "video", "stats")
LAT_NAMES = ("xserver", "xclient", "audio", "video")


def group_deltas(first, last):
    """Per task name: (delta run_ms, delta wakeups) summed over its tasks."""
    out = {}
    for t in last.tasks:
        t0 = first.task(pid=t["pid"])
        if t0 is None:
            continue
        run, wk = out.get(t["name"], (0, 0))
        out[t["name"]] = (run + t["run_ms"] - t0["run_ms"],
                          wk + t["wakeups"] - t0["wakeups"])
    return out


def derive(dumps):
    """desktop.wl knobs from the kernel's window (each a CPU time per job
    in us: delta run_ms / jobs, the kernel's own tick-sampled charge)."""
    first, last = dumps[FIRST], dumps[LAST]
    dt = last["uptime_ms"] - first["uptime_ms"]
    d = group_deltas(first, last)
    cycles = d["xclient"][1] / 2.0            # a timer and a reply wake-up each
    client_us = 1000.0 * d["xclient"][0] / cycles
    call_us = client_us / XCLIENT_CALLS
    stats_dumps = d["stats"][1]
    knobs = {
        "hogs": sum(1 for t in last.tasks if t["name"] == "hog"),
        # the programs' clock vs jiffies: audio wakes once per 50 ms of it
        "user_clock_pct": round(100.0 * d["audio"][1] * AUDIO_PERIOD_MS / dt),
        "xwork_us": round(1000.0 * d["xserver"][0] / cycles),
        "wait_us": round(call_us),
        "think_us": max(1, round((client_us - call_us) / 2)),
        "audio_us": round(1000.0 * d["audio"][0] / d["audio"][1]),
        "video_us": round(1000.0 * d["video"][0] / d["video"][1]),
        "kstats": 1,
        "stats_us": round(1000.0 * d["stats"][0] / stats_dumps),
        "stats_ms": 1000,
    }
    return knobs


def shares_by_group(first, last):
    """Percent of one CPU per task name between two dumps."""
    dt = last["uptime_ms"] - first["uptime_ms"]
    return {name: 100.0 * run / dt for name, (run, _) in group_deltas(first, last).items()}


def medians(dump):
    """p50 per measuring program (the clients: the mean of their medians)."""
    out = {}
    for name in LAT_NAMES:
        lats = [x["p50_us"] for x in dump.lats if x["name"] == name]
        if lats:
            out[name] = sum(lats) / len(lats)
    return out


def kernel_numbers(dumps):
    return shares_by_group(dumps[FIRST], dumps[LAST]), medians(dumps[-1])


def sim_numbers(knobs, seed=1, extra=()):
    """Run schedsim on the kernel's configuration (1 CPU, nick, dumps every
    second for 10 s, the model's phase=1) and measure it the same way."""
    args = [SIM, "workload=" + WL, "policy=nick", "cpus=1", "seconds=10",
            "stats=1000", "summary=0", "phase=1", "seed=%d" % seed]
    args += ["%s=%s" % kv for kv in sorted(knobs.items())] + list(extra)
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("schedsim: exit %d: %s" % (p.returncode, p.stderr.strip()))
    dumps = L.stat_dumps(p.stdout)
    # the same window in jiffies: the sim's dumps fall on whole seconds
    return shares_by_group(dumps[FIRST], dumps[LAST]), medians(dumps[-1])


def compare(kernel, sim, share_tol=2.0, lat_factor=2.0):
    """(problems, table): the shares within share_tol points, the medians
    within lat_factor either way."""
    (ks, kl), (ss, sl) = kernel, sim
    rows, bad = [], []
    for g in GROUPS:
        k, s = ks.get(g, 0.0), ss.get(g, 0.0)
        off = abs(s - k) > share_tol
        rows.append("cpu %%  %-8s kernel %6.2f  schedsim %6.2f  %+6.2f%s" % (
            g, k, s, s - k, "  <<" if off else ""))
        if off:
            bad.append("%s share" % g)
    for g in LAT_NAMES:
        k, s = kl.get(g, 0.0), sl.get(g, 0.0)
        off = not (k / lat_factor <= s <= k * lat_factor)
        rows.append("p50 us %-8s kernel %6.0f  schedsim %6.0f  x%.2f%s" % (
            g, k, s, s / k if k else 0.0, "  <<" if off else ""))
        if off:
            bad.append("%s p50" % g)
    return bad, rows


def main(argv):
    log = DESKTOP_LOG
    extra = []
    for a in argv:
        if "=" in a:
            extra.append(a)
        else:
            log = a
    seed = 1
    for a in list(extra):
        if a.startswith("seed="):
            seed = int(a[5:])
            extra.remove(a)
    dumps = L.stat_dumps(open(log).read())
    knobs = derive(dumps)
    print("derived: " + " ".join("%s=%s" % kv for kv in sorted(knobs.items())))
    bad, rows = compare(kernel_numbers(dumps), sim_numbers(knobs, seed, extra))
    for r in rows:
        print(r)
    print("disagree: " + (", ".join(bad) if bad else "nothing"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
