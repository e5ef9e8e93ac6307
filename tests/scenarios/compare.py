"""user/cmpbench as nickel's init with small counts (make compare-linux's
program, docs/lab.md "nickel beside Linux"; no Linux boot here): every
result line is there, parses with tools/compare-linux's own parser, counts
what was asked and holds sane numbers.  The bounds are loose (TCG on a busy
host): they catch a broken clock, a lost sample or a hang, not slowness.
"""
import os
import re

from scenario import Scenario, ROOT, ICOUNT
from lib.lab.weights import weight_shares

REQS, HOG_REQS, HOGS, PIPE_N, NULL_N, YIELD_N = 20, 10, 2, 200, 2000, 200
ARGS = ("tests=null,pipe,yield,reqreply hogs=0,%d reqs=%d hog_reqs=%d pipe_n=%d null_n=%d "
        "yield_n=%d settle_ms=50" % (HOGS, REQS, HOG_REQS, PIPE_N, NULL_N, YIELD_N))
LINE = re.compile(r"^bench name=(\w+) (.*)$", re.M)


def compare_tool():
    from lib.lab import compare_linux
    return compare_linux


def parsed(log):
    """(compare-linux's reading of the run, None) or (None, [its error])."""
    tool = compare_tool()
    try:
        return tool.parse_log("the log", log), None
    except tool.BadLog as e:
        return None, [str(e)]


def numbers_sane(log):
    run, bad = parsed(log)
    if bad:
        return bad
    problems = []
    if run["system"] != "nick":
        problems.append("system %r, expected nick" % run["system"])
    lines = {}
    for name, rest in LINE.findall(log):
        kv = dict(w.split("=", 1) for w in rest.split())
        lines.setdefault(name, []).append(kv)
    want_n = [("null", NULL_N), ("pipe", PIPE_N), ("yield", YIELD_N)]
    for name, n in want_n:
        got = [int(kv["n"]) for kv in lines.get(name, [])]
        if got != [n]:
            problems.append("%s: n=%s, expected one line with n=%d" % (name, got, n))
    got = sorted((int(kv["hogs"]), int(kv["n"])) for kv in lines.get("reqreply", []))
    if got != [(0, REQS), (HOGS, HOG_REQS)]:
        problems.append("reqreply (hogs, n): %s, expected %s"
                        % (got, [(0, REQS), (HOGS, HOG_REQS)]))
    if not (run["null_ns"] and 10 <= run["null_ns"] <= 1000000):
        problems.append("null syscall %s ns, expected 10 ns .. 1 ms" % run["null_ns"])
    if not (run["pipe_us"] and 1 <= run["pipe_us"] <= 100000):
        problems.append("pipe round trip %s us, expected 1 us .. 100 ms" % run["pipe_us"])
    # Under nick a yield beside one runnable task always switches (v7:
    # sys_sched_yield moves it to the expired array), so the measuring task
    # is switched away once per call; a tick's expiry may add a few.
    if not (run["yield_sw"] is not None and 1.0 <= run["yield_sw"] <= 1.1):
        problems.append("yield: %s switches per call (getrusage), expected 1.00 .. 1.10"
                        % run["yield_sw"])
    for hogs, (p50, p99, mx) in sorted(run["reqreply"].items()):
        if not 1 <= p50 <= p99 <= mx <= 30000000:
            problems.append("reqreply hogs=%d: p50 %d p99 %d max %d us, expected "
                            "1 <= p50 <= p99 <= max <= 30 s" % (hogs, p50, p99, mx))
    return problems


MIXES = ("0/5", "0/-5/10", "0/0/19")     # compare-linux's default mixes
SHARES_TOLERANCE = 2.0                   # points, per hog
# Guest time = instructions: a busy host then loses no timer tick, and
# ticks (which cfs charges) and the clock (which times the hogs) agree.


def cfs_shares_follow_weights(log):
    """cmpbench's shares under cfs, parsed by compare-linux itself: every
    mix there, each hog within SHARES_TOLERANCE of the weight table."""
    run, bad = parsed(log)
    if bad:
        return bad
    problems = []
    for mix in MIXES:
        got = run["shares"].get(mix)
        want = weight_shares([int(n) for n in mix.split("/")])
        if got is None:
            problems.append("no shares line for nices=%s" % mix)
        elif any(abs(g - w) > SHARES_TOLERANCE for g, w in zip(got, want)):
            problems.append("nices=%s: shares %s, expected %s within %.1f points" % (
                mix, got, ["%.1f" % w for w in want], SHARES_TOLERANCE))
    return problems


SCENARIOS = [Scenario(
    "compare-cmpbench-shares-under-cfs-follow-the-weight-table-icount",
    args="policy=cfs init=cmpbench -- tests=shares mixes=%s shares_ms=2000" % ",".join(MIXES),
    smp=1, mem=32, qemu_flags=ICOUNT,
    modules=[os.path.join(ROOT, "build", "user", "cmpbench.elf")],
    expect=[r"^bench start kernel=nickel ", r"^bench end status=0"],
    verify=cfs_shares_follow_weights, timeout=120), Scenario(
    "compare-cmpbench-on-nickel-result-lines-parse-and-are-sane-smp2",
    args="policy=nick init=cmpbench -- " + ARGS, smp=2, mem=32,
    modules=[os.path.join(ROOT, "build", "user", "cmpbench.elf")],
    expect=[r"^bench start kernel=nickel ", r"^bench end status=0",
            r"nickel: init exited status=0"],
    verify=numbers_sane, timeout=120)]
