"""Sleepers wake on a busy host (docs/time.md).

`busyhost=1` acts out what a loaded host does to a guest, on purpose: CPU
0's timer ticks come late and in bursts, and some of nanosleep's clock
readings stall 25 ms.  At 1 CPU the runs use -icount (guest time = the
count of instructions run), so the same run happens every time, however
busy the real host is.  At 2 CPUs they run without it: -icount runs every
vCPU in turn on one host thread, and a vCPU spinning on a lock yields its
turn at each `pause`, so when the other vCPU's turn always ends inside its
tick, holding that lock, the spinner can starve for seconds of guest time
(seen: CPU 1 took no tick for 5 s); with real parallel vCPUs it cannot.

user/reqreply (a client that sleeps, asks a server over a pipe and waits for
the answer) must finish its requests (100; 20 with hogs under o1 and rr)
with no nanosleep early and none
later than its bound:
  no hogs   70 ms (1 CPU, -icount): what busyhost=1 itself costs a sleep (a
            25 ms stall before the deadline is computed, another at the
            last reading, 8 ms of held ticks, the tick's rounding);
  4 hogs    2 s at 1 CPU under every policy: the woken client may also wait
            behind the hogs (rr: a 100 ms slice each; o1 and nick: the
            expired array, docs/scheduler.md); 5 s at 2 CPUs, counted in
            the guest's ticks (bound_clock=ticks): without -icount a loaded
            host stretches the TSC's view of a wait (5.4 s of TSC for a
            wait of about 1 s of ticks, with 80% of the ticks lost).  A
            lost wake-up sleeps for ever.
Before the fix a nanosleep that read the clock twice slept for 24 days: the
nick runs (whose woken client runs at once, inside the window) reached
run= without the result line, and check=1 reported the sleeper overdue.
"""
import re
from scenario import Scenario, ICOUNT

MODULES = ["build/user/reqreply.elf", "build/user/hog.elf"]
REQS = 100
# o1 and rr keep a woken client waiting behind the hogs (up to 800 ms a
# request under rr): fewer requests keep those runs short (each is a
# sleep and a wake-up behind the hogs; 20 of them are 20 chances to lose
# one, in under a minute of the CI's time).
REQS_BEHIND_HOGS = 20
RESULT = re.compile(r"^reqreply: n=(\d+) early=(\d+) late=(\d+) late_max_us=(\d+) "
                    r"bound_us=(\d+) .* result=(\w+)", re.M)


def sleeps_on_time(reqs):
    return lambda log: sleeps_on_time_in(log, reqs)


def sleeps_on_time_in(log, reqs):
    m = RESULT.search(log)
    if not m:
        return ["no reqreply result line: a sleeper never woke (see the final stat dump)"]
    n, early, late, late_max, bound = (int(x) for x in m.groups()[:5])
    problems = []
    if n != reqs:
        problems.append("requests: expected %d, got %d" % (reqs, n))
    if early:
        problems.append("early nanosleeps: expected 0, got %d" % early)
    if late:
        problems.append("nanosleeps later than %d us: expected 0, got %d (max %d us)"
                        % (bound, late, late_max))
    return problems


def reqreply(name, policy, smp, hogs, bound_ms):
    reqs = REQS_BEHIND_HOGS if hogs and policy != "nick" else REQS
    return Scenario(
        name,
        args="policy=%s run=150 check=1 busyhost=1 init=reqreply -- reqs=%d hogs=%d "
             "bound_ms=%d bound_clock=%s" % (policy, reqs, hogs, bound_ms,
                                            "tsc" if smp == 1 else "ticks"),
        smp=smp, mem=32, qemu_flags=ICOUNT if smp == 1 else "", modules=MODULES,
        expect=[r"nickel: busyhost=1: ", r"nickel: init exited status=0"],
        forbid=[r"overdue timer"],
        verify=sleeps_on_time(reqs), timeout=400)


SCENARIOS = [
    reqreply("time-busyhost-every-nanosleep-wakes-4-hogs-nick-smp1", "nick", 1, 4, 2000),
    reqreply("time-busyhost-every-nanosleep-wakes-4-hogs-o1-smp1", "o1", 1, 4, 2000),
    reqreply("time-busyhost-every-nanosleep-wakes-4-hogs-rr-smp1", "rr", 1, 4, 2000),
    reqreply("time-busyhost-every-nanosleep-wakes-4-hogs-nick-smp2", "nick", 2, 4, 5000),
    reqreply("time-busyhost-every-nanosleep-wakes-4-hogs-o1-smp2", "o1", 2, 4, 5000),
    reqreply("time-busyhost-every-nanosleep-wakes-4-hogs-rr-smp2", "rr", 2, 4, 5000),
    reqreply("time-busyhost-nanosleep-late-by-at-most-70ms-no-hogs-nick-smp1",
             "nick", 1, 0, 70),
]

# A wake-up racing a policy switch: the `r` key after each stat dump cycles
# nick -> o1 -> rr -> mine -> cfs -> eevdf -> nick while the client sleeps and the server waits on
# its pipe.  (The switch points depend on when the host sees each dump, so
# this one is not the same every run; its bounds hold for every policy.)
_switching = reqreply("time-busyhost-every-nanosleep-wakes-across-policy-switches-nick-smp2",
                      "nick", 2, 4, 5000)
_switching.args = _switching.args.replace("check=1", "check=1 stats=1000")
_switching.keys = [(r"^=== end", "r")] * 6
_switching.expect.append(r"nickel: policy cfs -> eevdf")   # 5 switches: every policy ran
SCENARIOS.append(_switching)
