"""The IPC fast path (ipc=direct, kernel/ipc/fastpath.c; tests/user/fasttest.c):
an empty call that finds its server waiting on the same CPU, and the reply
that finds its caller waiting, go straight from one to the other (a
`nickel_ipc: direct ep=N` trace event each); a timeout, a message with a
buffer, a better-prio task waiting, a server on another CPU take the slow
path (no event on that case's endpoint).  Every reply is checked word by
word in each case, and the same program passes under ipc=handoff, with no
direct switch at all: the two paths give the same results.  check=1: the
run-queue invariants hold after every direct switch."""
import re
from scenario import Scenario, user_elf, ICOUNT

FAST_CHECKS = {1: 10, 2: 12}             # PASS lines fasttest prints, by CPUs
ROUNDS = 20                             # calls per case (fasttest.c ROUNDS), then a stop
CASE_EP = {"simple": 1, "timeout": 2, "long": 3, "prio": 4, "othercpu": 5, "words": 6}
DIRECT = re.compile(r"^\s*\S+-\d+\s+\[\d+\] [\d.]+: nickel_ipc: direct ep=(\d+) ", re.M)


def direct_by_ep(log):
    counts = {}
    for m in DIRECT.finditer(log):
        counts[int(m.group(1))] = counts.get(int(m.group(1)), 0) + 1
    return counts


SLEEPER = re.compile(r"^fasttest: case=prio ep=\d+ server_pid=\d+ sleeper_pid=(\d+)", re.M)
EVENT = re.compile(r": (sched_switch|sched_wakeup|nickel_ipc): (.*)$", re.M)


def prio_direct_while_sleeper_waits(log):
    """Direct switches of the prio case taken while its nice-0 sleeper was
    runnable (woken and not asleep again): those passed over a better prio.
    A tick between the client's wake-up byte and its call may let the
    sleeper run, drain the pipe and sleep: a call then finds nobody better
    waiting, and the fast path is right.  None: no sleeper line."""
    m = SLEEPER.search(log)
    if not m:
        return None
    pid, waiting, n = m.group(1), True, 0
    own = re.compile(r"(?<![_\w])pid=%s\b" % pid)
    for ev in EVENT.finditer(log):
        kind, rest = ev.group(1), ev.group(2)
        if kind == "sched_wakeup" and own.search(rest):
            waiting = True
        elif kind == "sched_switch" and "prev_pid=%s " % pid in rest and "prev_state=S" in rest:
            waiting = False
        elif kind == "nickel_ipc" and rest.startswith("direct ep=%d " % CASE_EP["prio"]):
            n += waiting
    return n


def all_checks_passed(cpus):
    def verify(log):
        failed = re.findall(r"^FAIL fasttest:.*$", log, re.M)
        passed = len(re.findall(r"^PASS fasttest:", log, re.M))
        if failed:
            return failed
        if passed != FAST_CHECKS[cpus]:
            return ["expected %d PASS fasttest lines, got %d" % (FAST_CHECKS[cpus], passed)]
        if "# end of trace" not in log:
            return ["no trace dump at the end of the log"]
        return []
    return verify


def direct_switches(least, none):
    """At least `least` direct switches on the endpoints named there (a
    dict case -> count), and none on the endpoints of `none`."""
    def verify(log):
        counts = direct_by_ep(log)
        problems = []
        print("direct switches by case: %s" % ", ".join(
            "%s=%d" % (c, counts.get(ep, 0)) for c, ep in sorted(CASE_EP.items())))
        for case, n in least.items():
            got = counts.get(CASE_EP[case], 0)
            if got < n:
                problems.append("case %s: %d direct switches, expected >= %d" % (case, got, n))
        for case in none:
            got = counts.get(CASE_EP[case], 0)
            if case == "prio" and prio_direct_while_sleeper_waits(log) is not None:
                got = prio_direct_while_sleeper_waits(log)
            if got:
                problems.append("case %s: %d direct switches, expected 0 (slow path)"
                                % (case, got))
        return problems
    return verify


def both(*checks):
    return lambda log: [p for c in checks for p in c(log)]


def fasttest(name, mode, cpus, verify):
    return Scenario(name, args="init=fasttest ipc=%s check=1 trace=1 -- cpus=%d" % (mode, cpus),
                    smp=cpus, mem=48, qemu_flags=ICOUNT, modules=[user_elf("fasttest")],
                    expect=[r"fasttest: \d+ passed, 0 failed", r"nickel: init exited status=0"],
                    verify=both(all_checks_passed(cpus), verify), timeout=150)


SCENARIOS = [
    # the simple and the words cases both ways: each of the 21 calls and
    # 20 replies (a words server's first receive slept the slow way: its
    # first call is handed to it there, wait.c's sleep_once)
    fasttest("ipc-direct-fast-path-taken-simple-words-not-timeout-long-prio", "direct", 1,
             direct_switches({"simple": 2 * ROUNDS + 1, "words": 2 * ROUNDS + 1},
                             ["timeout", "long", "prio"])),
    fasttest("ipc-direct-fast-path-not-taken-server-on-other-cpu-smp2", "direct", 2,
             direct_switches({}, ["othercpu"])),
    fasttest("ipc-direct-handoff-same-results-no-direct-switch", "handoff", 1,
             direct_switches({}, list(CASE_EP))),
]
