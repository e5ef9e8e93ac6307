"""SMP scenarios with ring-3 programs: cross-CPU wake-up latency
(user/pingpong.c) and pin= for hog processes.  Numbers come from the stat
dumps (guest time).

Under TCG the latency tail is the host's: with four QEMUs on the 2-core
host pingpong's p99 went from ~0.7 ms to ~5.5 ms.  So make test checks what
the kernel controls (the wake-ups kicked the halted CPU with an IPI, the
waiter stayed pinned, all samples arrived); the strict claim (p99 <= 1 ms)
is lab.py's lab-cross-cpu-wakeup-p99-within-1ms, in make test-lab.
"""
import importlib.util
import os
from lib.traces import nickel_log as L
from scenario import Scenario, ROOT

# tests/scenarios/smp.py by path (its pinned_to_cpu1 check).
_spec = importlib.util.spec_from_file_location(
    "smp_scenarios", os.path.join(os.path.dirname(os.path.abspath(__file__)), "smp.py"))
_smp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_smp)

USER = os.path.join(ROOT, "build", "user")
TRIALS = 1000


def pingpong_facts(log):
    """(problems, lat line, last dump) of a pingpong run."""
    dumps = L.stat_dumps(log)
    if not dumps:
        return ["no stat dump"], None, None
    last = dumps[-1]
    lats = [l for l in last.lats if l["name"] == "pingpong"]
    if not lats:
        return ["no lat line for pingpong"], None, last
    lat = lats[0]
    problems = []
    if lat["n"] != TRIALS:
        problems.append("n=%d samples, expected %d" % (lat["n"], TRIALS))
    return problems, lat, last


def kernel_side(log):
    """The waiter ran on CPU 1 only (one move, from where init started)
    and CPU 1 was sent a reschedule IPI for most wake-ups.  Without the
    kick a halted CPU waits for its next tick (p99 ~1 ms at best): the
    kernel before the fix sent 1 IPI in 1000 wake-ups.  Not all 1000: on
    a loaded host a stamp may arrive before the waiter has switched out
    (it is still CPU 1's current task and needs no IPI)."""
    problems, lat, last = pingpong_facts(log)
    if lat is None:
        return problems
    waiter = last.task(pid=1)
    if waiter["cpu"] != 1 or waiter["migrations"] != 1:
        problems.append("waiter cpu=%d migrations=%d, expected cpu=1 migrations=1"
                        % (waiter["cpu"], waiter["migrations"]))
    if last.cpus[1]["ipis"] < TRIALS // 2:
        problems.append("cpu 1 ipis=%d, expected >= %d (half of the wake-ups; "
                        "p50 %d us)" % (last.cpus[1]["ipis"], TRIALS // 2, lat["p50_us"]))
    return problems


def pingpong(name, verify):
    return Scenario(name, args="init=pingpong check=1 -- n=%d seed=7" % TRIALS, smp=2,
                    mem=32, modules=[os.path.join(USER, "pingpong.elf")],
                    expect=[r"nickel: init exited status=0"], verify=verify,
                    timeout=120)


SCENARIOS = [
    pingpong("smp-cross-cpu-wakeup-kicks-halted-cpu-with-ipi", kernel_side),
    # With the hog module loaded the hogs are ring-3 processes (user/hog.c);
    # pin=1 must hold for them too, from their first instruction on.
    Scenario("smp-hog-processes-pinned-to-cpu-1-stay-there",
             args="demo=hogs hogs=3 pin=1 stats=2000 run=8 check=1", smp=4, mem=32,
             modules=[os.path.join(USER, "hog.elf")],
             expect=[r"demo hogs: 3 hogs", r"nickel: module hog: \d+ bytes"],
             forbid=[r"could not start a hog process", r"no such CPU"],
             verify=_smp.pinned_to_cpu1, timeout=90),
]