"""demo=abuse: the tick-sampling cheat (user/cheat.c, docs/lab.md
Exercise 5).  One CPU without a local APIC (the PIT drives both the sleep
timers and the scheduler tick, as on a 2003 uniprocessor PC) and -icount
(guest time = instructions, so a loaded host cannot move a tick into the
cheat's window).  The cheat wakes just after each tick, burns 600 us by
the TSC and sleeps again before the next tick."""
import os
import re
from scenario import Scenario, ROOT, ICOUNT

USER = os.path.join(ROOT, "build", "user")
FLAGS = "-cpu qemu32,-apic " + ICOUNT
MODULES = [os.path.join(USER, m + ".elf") for m in ("cheat", "hog")]
REPORT = r"^cheat pid=\d+ burn_us=600 wakeups=(\d+) cpu_ms=(\d+) elapsed_ms=(\d+) cpu_pct=(\d+)"


def task(log, name):
    """The last stat dump's fields of task NAME, as ints where they are."""
    found = re.findall(r"^task pid=\d+ name=%s (.*)$" % name, log, re.M)
    if not found:
        return None
    fields = dict(kv.split("=", 1) for kv in found[-1].split())
    return {k: int(v) if v.lstrip("-").isdigit() else v for k, v in fields.items()}


def uptime(log):
    return int(re.findall(r"^=== stats jiffies=\d+ uptime_ms=(\d+)", log, re.M)[-1])


def true_share(log):
    reports = re.findall(REPORT, log, re.M)
    return int(reports[-1][3]) if reports else None


def table(rows):
    return "; ".join("%s: expected %s, got %s" % r for r in rows)


def cheat_fools_nick(log):
    """The cheat really gets >= 40% of the CPU (its TSC count), while the
    scheduler saw it run for <= 2% of the ticks and rates it fully
    interactive (sleep_avg >= 900 of 1000); the hog was charged >= 95%."""
    cheat, hog, share = task(log, "cheat"), task(log, "hog"), true_share(log)
    if not cheat or not hog or share is None:
        return ["no cheat report or no cheat/hog task in the stat dump"]
    up = uptime(log)
    rows = []
    if share < 40:
        rows.append(("cheat cpu_pct (real, TSC)", ">= 40", share))
    if cheat["run_ms"] * 100 > 2 * up:
        rows.append(("cheat run_ms (tick-sampled)", "<= 2%% of %d" % up, cheat["run_ms"]))
    if cheat["sleep_avg"] < 900:
        rows.append(("cheat sleep_avg", ">= 900", cheat["sleep_avg"]))
    if hog["run_ms"] * 100 < 95 * up:
        rows.append(("hog run_ms (tick-sampled)", ">= 95%% of %d" % up, hog["run_ms"]))
    return [table(rows)] if rows else []


def cheat_starves_under_rr(log):
    """rr never preempts on a wake-up: the cheat waits behind the hog's
    whole 100 ms slice each time and gets <= 5% of the CPU."""
    share = true_share(log)
    if share is None:
        return ["no cheat report"]
    return [table([("cheat cpu_pct (real, TSC)", "<= 5", share)])] if share > 5 else []


def abuse(name, policy, verify):
    return Scenario(name,
                    args="demo=abuse policy=%s hogs=1 run=5 -- burn_us=600" % policy,
                    smp=1, mem=32, qemu_flags=FLAGS, modules=MODULES,
                    expect=[r"nickel: demo abuse: cheat pid \d+ against 1 hogs", REPORT],
                    verify=verify, timeout=240)


SCENARIOS = [
    abuse("abuse-tick-cheat-nick-gets-40pct-while-the-tick-sees-0", "nick",
          cheat_fools_nick),
    abuse("abuse-tick-cheat-rr-waits-behind-the-hog-gets-5pct", "rr",
          cheat_starves_under_rr),
    Scenario("abuse-missing-modules-named-none-run",
             args="demo=abuse run=1", smp=1, mem=32,
             expect=[r"nickel: demo abuse: needs modules cheat and hog; running none",
                     r"power off \(status=0\)"],
             forbid=[r"name=cheat"], timeout=120),
]
