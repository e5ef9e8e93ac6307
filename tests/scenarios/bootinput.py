"""Bad boot input: no memory map, a nasty command line, 64 and 65
modules.  (0 modules with a missing init: ring3-missing-init-reported-boot-
continues in ring3.py.)"""
import os
import re
import shutil
import subprocess
from scenario import Scenario, ROOT

HELLO = os.path.join(ROOT, "build", "user", "hello.elf")
MODS = os.path.join(ROOT, "build", "mods64")
BANNER_DEFAULTS = r"^nickel \S+ \(policy=nick, cpus=1, mem=32 MiB\)$"


def many_modules(n):
    """n stripped copies of hello.elf named m00.elf, m01.elf, ...  Written
    under a private name and renamed, so that two runners importing this at
    once never see a half-written file."""
    if not os.path.exists(HELLO):
        return []
    os.makedirs(MODS, exist_ok=True)
    small = os.path.join(MODS, "hello-stripped.%d.tmp" % os.getpid())
    if subprocess.call(["strip", "-o", small, HELLO]) != 0:
        shutil.copy(HELLO, small)
    paths = []
    for i in range(n):
        p = os.path.join(MODS, "m%02d.elf" % i)
        tmp = p + ".%d.tmp" % os.getpid()
        shutil.copy(small, tmp)
        os.replace(tmp, p)
        paths.append(p)
    os.remove(small)
    return paths


MODULES_65 = many_modules(65)


def modules_listed(n):
    def verify(log):
        names = re.findall(r"^nickel: module (m\d\d): \d+ bytes$", log, re.M)
        want = ["m%02d" % i for i in range(n)]
        if names != want:
            return ["modules listed: %d (%s...), expected %d" % (len(names),
                    " ".join(names[:3]), n)]
        return []
    return verify


def within_mem_upper(log):
    """The fallback's figures bound what the kernel says it has."""
    m = re.search(r"no memory map, using mem_lower=(\d+) KiB mem_upper=(\d+) KiB", log)
    mem = re.search(r"^nickel: memory: (\d+) MiB, free_pages=(\d+)", log, re.M)
    if not m or not mem:
        return ["no fallback or memory line"]
    lower, upper = int(m.group(1)), int(m.group(2))
    mib, free = int(mem.group(1)), int(mem.group(2))
    problems = []
    if mib != (1024 + upper + 1023) // 1024:
        problems.append("memory %d MiB, mem_upper says %d KiB" % (mib, upper))
    if not 0 < free * 4 <= lower + upper:
        problems.append("free_pages=%d (%d KiB) not within mem_lower + mem_upper = %d KiB"
                        % (free, free * 4, lower + upper))
    return problems


# Each of these words is bad in its own way; the kernel reports each one,
# keeps the default and boots on.  run= and check= come first: the kernel
# keeps 1023 bytes of the line, so the 2000-byte word at the end is cut.
NASTY_WORDS = ["=", "==", "===x", "policy=", "policy=bogus", "POLICY=o1", "policyy=rr",
               "hogs=99999999999", "hogs=-1", "nice=,,,", "nice=1,,2", "init=" + "a" * 40,
               "demo=hogs=1", "run=abc", "crash=ZZ", "mmap=yes", "\u00e9=\u00e9", "\u00ff\u00ff",
               "nokey", "max_tasks=7"]
NASTY = "run=2 check=1 " + " ".join(NASTY_WORDS) + " \t\t " + "z" * 2000


def nasty_reported(log):
    problems = []
    for w in NASTY_WORDS:
        if w == "nokey":
            pat = "nickel: bad argument 'nokey': expected KEY=VALUE"
        else:
            pat = "nickel: bad argument '%s':" % w
        if pat not in log:
            problems.append("not reported: %r" % w)
    return problems


SCENARIOS = [
    Scenario("bootinput-no-memory-map-falls-back-to-mem-upper",
             args="mmap=ignore demo=hogs check=1 run=2", mem=32,
             expect=[r"no memory map, using mem_lower", BANNER_DEFAULTS,
                     r"nickel: selfcheck: pages ok", r"power off \(status=0\)"],
             verify=within_mem_upper, timeout=60),
    Scenario("bootinput-nasty-command-line-boots-with-defaults", args=NASTY, mem=32,
             expect=[BANNER_DEFAULTS, r"demo hogs: 2 hogs", r"power off \(status=0\)"],
             verify=nasty_reported, timeout=60),
    Scenario("bootinput-64-modules-all-listed-last-runs-as-init",
             args="init=m63 -- last", mem=64, modules=MODULES_65[:64],
             expect=[r"hello from ring 3: argc=2 argv\[0\]=m63 argv\[1\]=last",
                     r"nickel: init exited status=0"],
             forbid=[r"more than 64 modules"], verify=modules_listed(64), timeout=90),
    Scenario("bootinput-65th-module-ignored-with-a-message",
             args="init=m00", mem=64, modules=MODULES_65,
             expect=[r"nickel: more than 64 modules; the rest are ignored",
                     r"nickel: init exited status=0"],
             forbid=[r"module m64"], verify=modules_listed(64), timeout=90),
]
