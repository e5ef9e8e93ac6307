"""Lab scenarios: the desktop under 4 hogs on 1 CPU, and (make test-lab
only) the cross-CPU wake-up latency of smp_ring3.py's pingpong.

Assertions are on the final stat dump's lat lines (ratios and percentages,
never wall time).  Each claim compares two runs, so verify() boots the
companion run itself (same kernel, one other argument) and compares.
"""
import os
import sys

from scenario import Scenario, ROOT, run_qemu, ICOUNT
from smp_ring3 import pingpong, pingpong_facts

from lib.traces import nickel_log  # noqa: E402

DESKTOP = [os.path.join(ROOT, "build", "user", p + ".elf")
           for p in ("desktop", "xserver", "xclient", "audio", "video", "hog")]
SECONDS = 8             # measured guest seconds; about 11 s guest time per run
TIMEOUT = 300           # wall: TCG on a busy 2-core host is slow
# The work per request/period in loops (desktop's cal_ns=, ns per 20000
# loops), the same for every run compared: a calibration in the guest swings
# 10x with the host's load.  About TCG's speed on a busy 2-core host.
CAL_NS = 400000


# With -icount (scenario.ICOUNT) guest time is the count of instructions
# run, so a loaded host can no longer stretch a tick or steal the CPU in the
# middle of a request: the claims hold run after run and go in make test.
# The guest then calibrates its own work (deterministic).


def desktop(name, policy, extra="", icount=False):
    cal = "" if icount else "cal_ns=%d" % CAL_NS
    return Scenario(name, args="policy=%s init=desktop -- hogs=4 seconds=%d %s %s"
                    % (policy, SECONDS, cal, extra), smp=1, mem=32, modules=DESKTOP,
                    qemu_flags=ICOUNT if icount else "",
                    expect=[r"nickel: init exited status=0"],
                    # under -icount the TSC and the ticks are one clock
                    forbid=[r"timer ticks were lost"] if icount else [],
                    timeout=TIMEOUT)


def final_lats(log):
    """{name: worst lat line} of the log's final dump (two xclients: the
    worse one, higher p99)."""
    dumps = nickel_log.stat_dumps(log)
    out = {}
    for lat in dumps[-1].lats if dumps else []:
        if lat["name"] not in out or lat["p99_us"] > out[lat["name"]]["p99_us"]:
            out[lat["name"]] = lat
    return out


def companion(sc):
    """Run another desktop and return its final lat lines, or a problem."""
    log, rc, _ = run_qemu(sc, os.path.join(ROOT, "build", "nickel.elf"), None)
    with open(os.path.join(ROOT, "build", "test-logs", sc.name + ".log"), "w") as f:
        f.write(log)
    problems = sc.check(log, rc)
    return final_lats(log), ["%s: %s" % (sc.name, p) for p in problems]


def need(lats, names, where):
    return ["%s: no lat line for %s" % (where, n) for n in names if n not in lats]


def nick_beats_rr(name, companion_name, icount):
    """X request p99 under nick at least 5x lower than under rr; audio under
    nick meets at least 95% of its deadlines."""
    sc = desktop(name, "nick", icount=icount)
    rr_run = desktop(companion_name, "rr", icount=icount)
    sc.verify = lambda log: nick_beats_rr_in(log, rr_run)
    return sc


def nick_beats_rr_in(log, rr_run):
    nick = final_lats(log)
    rr, problems = companion(rr_run)
    problems += need(nick, ("xclient", "audio"), "nick") + need(rr, ("xclient",), "rr")
    if problems:
        return problems
    n99, r99 = nick["xclient"]["p99_us"], rr["xclient"]["p99_us"]
    if r99 < 5 * n99:
        problems.append("xclient p99: nick %d us, rr %d us: ratio %.1f < 5"
                        % (n99, r99, r99 / max(n99, 1)))
    met = nick["audio"]["deadlines_met_pct"]
    if met < 95:
        problems.append("audio deadlines met under nick %d%% < 95%%" % met)
    return problems


def nice_helps_xserver(name, companion_name, icount):
    """With 4 xclients on 1 CPU (where schedsim shows the nice-0 server
    stuck behind the hogs: tests/tools/test_xnice.py), the xserver at nice -5
    has a lower wake-up p99 under nick than at nice 0."""
    sc = desktop(name, "nick", "xnice=-5 clients=4", icount=icount)
    plain_run = desktop(companion_name, "nick", "xnice=0 clients=4", icount=icount)
    sc.verify = lambda log: nice_helps_xserver_in(log, plain_run)
    return sc


def nice_helps_xserver_in(log, plain_run):
    niced = final_lats(log)
    plain, problems = companion(plain_run)
    problems += need(niced, ("xserver",), "xnice=-5") + need(plain, ("xserver",), "xnice=0")
    if problems:
        return problems
    a, b = niced["xserver"]["p99_us"], plain["xserver"]["p99_us"]
    if a >= b:
        problems.append("xserver p99 at nice -5: %d us, at nice 0: %d us (not better)"
                        % (a, b))
    return problems


def p99_within_1ms(log):
    """pingpong's wake-ups across CPUs: p99 at most 1 ms (docs/smp.md)."""
    problems, lat, _ = pingpong_facts(log)
    if lat is not None and lat["p99_us"] > 1000:
        problems.append("p99 %d us, expected <= 1000 (max %d us)"
                        % (lat["p99_us"], lat["max_us"]))
    return problems


# Under plain TCG the timing claims swing with the host's load (audio
# deadlines met went from 98% to 56% on a busy host): those runs are
# `make test-lab` (NICKEL_LAB_TESTS=1).  Under -icount they are steady and
# part of make test.
SCENARIOS = [
    nick_beats_rr("lab-x-p99-nick-5x-better-than-rr-audio-95pct-icount",
                  "lab-companion-rr-4hogs-icount", icount=True),
    nice_helps_xserver("lab-xserver-nice-minus5-improves-p99-under-nick-icount",
                       "lab-companion-nick-xnice0-icount", icount=True),
]
if os.environ.get("NICKEL_LAB_TESTS"):
    SCENARIOS += [
        nick_beats_rr("lab-x-p99-nick-5x-better-than-rr-audio-95pct",
                      "lab-companion-rr-4hogs", icount=False),
        nice_helps_xserver("lab-xserver-nice-minus5-improves-p99-under-nick",
                           "lab-companion-nick-xnice0", icount=False),
        pingpong("lab-cross-cpu-wakeup-p99-within-1ms", p99_within_1ms),
    ]
