#!/usr/bin/env python3
"""test_schedsim.py - schedsim's tests for `make test` (HOST_TEST_BINS).

Prints `PASS name` / `FAIL name: why` (with an indented expected-vs-actual
table on a share failure) and exits 1 on any failure.  Reads the simulator's
stat dumps with tools/nickel_log.py, exactly as the kernel scenarios do.
"""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "scenarios"))
import nickel_log as L      # noqa: E402
import spec_model           # noqa: E402

SIM = os.path.join(ROOT, "build", "schedsim", "schedsim")
WL = os.path.join("tools", "schedsim", "workloads")
NICES = (0, 5, 10, 19)
# The kernel's own numbers, measured in QEMU (one run, tests/scenarios/sched.py
# configuration): the spec's table is the reference, this is for the report.
KERNEL_QEMU = {("nick", NICES): [62.7, 21.1, 9.6, 6.5]}

results = []


def report(name, problems):
    if problems:
        results.append(False)
        print("FAIL %s: %s" % (name, problems[0]))
        for line in problems[1:]:
            print("    " + line)
    else:
        results.append(True)
        print("PASS %s" % name)
    sys.stdout.flush()


def sim(*args):
    p = subprocess.run([SIM] + list(args), capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("schedsim %s: exit %d: %s" % (" ".join(args), p.returncode,
                                                         p.stderr.strip()))
    return p.stdout


def nice_shares(policy, nices):
    """The kernel scenario's measurement: 31 s, dumps every 10 s, shares
    between the first dump (warm-up) and the last, one CPU."""
    out = sim("policy=" + policy, "cpus=1", "seconds=31", "stats=10000", "summary=0",
              "workload=" + os.path.join(WL, "nice.wl"),
              "nice=" + ",".join(str(n) for n in nices))
    dumps = L.stat_dumps(out)
    got = L.shares(dumps[0], dumps[-1])
    hogs = sorted((t for t in dumps[-1].tasks if t["name"] == "hog"), key=lambda t: t["pid"])
    return [got[t["pid"]] for t in hogs]


def compare(label, got, want, tol, extra=None):
    """[] when every share is within tol points, else a why + table."""
    if len(got) != len(want):
        return ["%s: %d hogs, expected %d" % (label, len(got), len(want))]
    rows, bad = [], False
    for i, (g, w) in enumerate(zip(got, want)):
        off = abs(g - w) > tol
        bad |= off
        rows.append("hog %d  expected %5.1f  actual %5.1f  %+5.1f%s%s" % (
            i, w, g, g - w, ("  kernel(QEMU) %5.1f" % extra[i]) if extra else "",
            "  <<" if off else ""))
    return (["%s: shares off by more than %.1f points" % (label, tol)] + rows) if bad else []


def test_determinism():
    args = ["workload=" + os.path.join(WL, "desktop.wl"), "cpus=2", "seconds=3",
            "stats=1000", "trace=1", "hogs=3"]
    a, b = sim(*(args + ["seed=7"])), sim(*(args + ["seed=7"]))
    c = sim(*(args + ["seed=8"]))
    if a != b:
        return ["two runs with seed=7 differ"]
    if a == c:
        return ["seed=7 and seed=8 gave the same output"]
    kinds = set(e["event"] for e in L.trace_events(a))
    if kinds != {"sched_switch", "sched_wakeup"}:
        return ["trace=1: nickel_log.trace_events found %s" % sorted(kinds)]
    # periodic dumps at 1 s and 2 s, the final one at 3 s (not twice)
    if len(L.stat_dumps(a)) != 3:
        return ["stats=1000 seconds=3: %d stat dumps, expected 3" % len(L.stat_dumps(a))]
    return []


def test_shares(policy, tol):
    want = spec_model.shares(policy, NICES)
    return compare("policy=%s nice=%s vs spec" % (policy, NICES),
                   nice_shares(policy, NICES), want, tol)


def test_kernel_agreement():
    problems = []
    for (policy, nices), want in sorted(spec_model.SPEC_TABLE.items()):
        problems += compare("policy=%s nice=%s vs the kernel's spec table" % (policy, nices),
                            nice_shares(policy, nices), want, 2.0,
                            KERNEL_QEMU.get((policy, nices)))
    return problems


def test_check_can_fail():
    """The share check must reject wrong numbers: rr's shares vs nick's table."""
    if not compare("rr vs nick", nice_shares("rr", NICES), spec_model.shares("nick", NICES), 2.0):
        return ["rr's equal shares passed a check against nick's table"]
    return []


def test_hogs_balanced():
    """8 hogs on 4 CPUs (all start on CPU 0): after 5 s of warm-up each hog
    gets half a CPU, each CPU runs 2 hogs and is never idle."""
    out = sim("workload=" + os.path.join(WL, "hogs.wl"), "hogs=8", "cpus=4",
              "seconds=25", "stats=5000", "summary=0")
    dumps = L.stat_dumps(out)
    first, last = dumps[0], dumps[-1]
    problems = []
    for pid, share in sorted(L.shares(first, last).items()):
        if abs(share - 50.0) > 5.0:
            problems.append("hog pid %d got %.1f%% of a CPU, expected 50 +- 5" % (pid, share))
    for c0, c1 in zip(first.cpus, last.cpus):
        if c1["nr_running"] != 2:
            problems.append("cpu %d runs %d hogs at the end" % (c1["id"], c1["nr_running"]))
        idle = c1["idle_ms"] - c0["idle_ms"]
        if idle > 100:
            problems.append("cpu %d idle %d ms of 20000" % (c1["id"], idle))
    return (["hogs not balanced"] + problems) if problems else []


def test_invariants_mixed():
    """Every kind of task, fork/exit churn and affinity under each policy with
    check=1 (sched_check_invariants on every CPU after every tick: the
    simulator aborts on the first broken run queue)."""
    problems = []
    for policy in ("nick", "o1", "rr"):
        out = sim("policy=" + policy, "workload=" + os.path.join(WL, "mixed.wl"),
                  "cpus=4", "seconds=10", "check=1", "stats=1000", "summary=0")
        dumps = L.stat_dumps(out)
        reaped = sum(1 for d in dumps for t in d.tasks if t["name"] == "cc")
        if not reaped:
            problems.append("%s: no compile children in the dumps" % policy)
        if dumps[-1]["policy"] != policy:
            problems.append("%s: dump says policy=%s" % (policy, dumps[-1]["policy"]))
    return problems


def test_affinity():
    """The pinned hog (affinity=1) is on CPU 1 in every dump and never
    migrates, though the others balance around it."""
    out = sim("workload=" + os.path.join(WL, "mixed.wl"), "cpus=4", "seconds=10",
              "stats=500", "summary=0")
    problems = []
    for d in L.stat_dumps(out):
        t = d.task(name="pinned")
        if t["cpu"] != 1:
            problems.append("at %d ms the pinned hog is on CPU %d" % (d["uptime_ms"], t["cpu"]))
    last = L.stat_dumps(out)[-1]
    if last.task(name="pinned")["migrations"] != 0:
        problems.append("pinned hog migrated %d times" % last.task(name="pinned")["migrations"])
    if not any(t["migrations"] for t in last.tasks if t["name"] == "hog"):
        problems.append("the free hogs never migrated (is balancing on?)")
    return (["affinity not respected"] + problems) if problems else []


def x_latency(policy):
    out = sim("policy=" + policy, "workload=" + os.path.join(WL, "desktop.wl"),
              "hogs=4", "cpus=1", "seconds=10", "summary=0")
    lat = {l["name"]: l for l in L.stat_dumps(out)[-1].lats}
    return lat["xserver"]


def test_x_latency():
    nick, rr = x_latency("nick"), x_latency("rr")
    if not nick["p50_us"] < rr["p50_us"]:
        return ["xserver wake-up latency median: nick %d us, rr %d us (nick must be lower)"
                % (nick["p50_us"], rr["p50_us"])]
    return []


def main():
    if not os.access(SIM, os.X_OK):
        report("schedsim-build", ["%s missing (make %s)" % (SIM, SIM)])
        return 1
    tests = [
        ("schedsim-determinism", test_determinism),
        ("schedsim-shares-nick", lambda: test_shares("nick", 1.0)),
        ("schedsim-shares-o1", lambda: test_shares("o1", 1.0)),
        ("schedsim-shares-rr", lambda: test_shares("rr", 1.0)),
        ("schedsim-kernel-agreement-nice", test_kernel_agreement),
        ("schedsim-share-check-can-fail", test_check_can_fail),
        ("schedsim-hogs-balanced-4cpu", test_hogs_balanced),
        ("schedsim-x-latency-nick-vs-rr", test_x_latency),
        ("schedsim-invariants-all-kinds", test_invariants_mixed),
        ("schedsim-affinity", test_affinity),
    ]
    for name, fn in tests:
        try:
            report(name, fn())
        except Exception as e:          # a crashed check fails
            report(name, ["%s: %s" % (type(e).__name__, e)])
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
