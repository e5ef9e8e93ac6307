#!/usr/bin/env python3
"""tests/grading/test_handout_boots.py - every lab's handout builds a kernel
that boots, runs hogs under the lab's policy and powers off.

A student's first `make run` must work before a line is written: the stubs
compile, link and schedule (badly, perhaps; the grader says how badly).
For each lab of labs/*/handout.py the handout is written into a temp dir;
to keep this fast, the teacher's kernel objects (build/k) are copied in and
every file the handout did not change is dated back, so make rebuilds only
the stubbed files and links (the kernel must differ from the teacher's).  Then the kernel boots under QEMU with
`policy=<the lab's> demo=hogs hogs=2 run=6` at SMP=2: exit status 0, the
banner names the policy, every hog ran (run_ms > 0 in the last stat dump),
no PANIC.  And the `r` key goes round the policies the handout has: `h`
prints the rotation, then each `r` switches to the next one in it whose
file (kernel/sched/NAME.c) the handout ships, skipping the others (a
`wakeup` handout has no mine, cfs or eevdf), back to the lab's own.
Needs the teacher's kernel built first (make; make test does).
Prints `PASS handout-boots:LAB` / `FAIL handout-boots:LAB (file:line): why`.
"""
import concurrent.futures as cf
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OLD = 946684800                       # 2000-01-01: older than any object
POLICY = {"mine": "mine"}             # the others are nick's labs
from report import Report, defined_at  # noqa: E402
from scenario import Scenario, run_qemu  # noqa: E402

HELP_ROTATION = re.compile(r"r switch policy \(([^)]*)\)")
SWITCH = r"^nickel: policy (\S+) -> (\S+)\r?$"


def run(cmd, cwd, timeout):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def date_back_unchanged(tree):
    """Files the handout left as the teacher has them look older than the
    copied objects; the stubbed ones stay new, so make rebuilds them."""
    for top, dirs, files in os.walk(tree):
        dirs[:] = [d for d in dirs if d not in (".git", "build")]
        for name in files:
            path = os.path.join(top, name)
            theirs = os.path.join(ROOT, os.path.relpath(path, tree))
            if os.path.isfile(theirs) and filecmp.cmp(path, theirs, shallow=False):
                os.utime(path, (OLD, OLD))


def last_dump_run_ms(log, name):
    dumps = log.split("=== stats ")
    return [int(ms) for ms in re.findall(r"^task pid=\d+ name=%s .* run_ms=(\d+)" % name,
                                         dumps[-1], re.M)] if len(dumps) > 1 else []


def rotation_problems(log, policy, present):
    """The `r` presses' switches: from the lab's policy round the rotation
    the help line prints, skipping what the tree lacks, back to it."""
    m = HELP_ROTATION.search(log)
    if not m:
        return ["no `h` help line with the rotation"]
    rotation = [p.strip() for p in m.group(1).split("->")]
    cycle = [p for p in rotation if p in present]
    if policy not in cycle:
        return ["the lab's policy %s is not in the rotation %s" % (policy, rotation)]
    i = cycle.index(policy)
    want = [(cycle[(i + k) % len(cycle)], cycle[(i + k + 1) % len(cycle)])
            for k in range(len(cycle))]
    got = re.findall(SWITCH, log, re.M)
    if got != want:
        return ["switches %s, expected %s (rotation %s, in the tree %s)"
                % (got, want, rotation, cycle)]
    return []


def boot_check(lab, tmp):
    out = os.path.join(tmp, lab)
    rc, text = run([sys.executable, os.path.join(ROOT, "tools", "handout"), lab,
                    "--out", out], ROOT, 300)
    if rc != 0:
        return ["handout: " + text.strip().splitlines()[-1]]
    shutil.copytree(os.path.join(ROOT, "build", "k"), os.path.join(out, "build", "k"))
    date_back_unchanged(out)
    rc, text = run(["make", "-s", "build/nickel.elf"], out, 600)
    if rc != 0:
        return ["kernel does not build: " + (text.strip().splitlines() or ["?"])[-1]]
    if filecmp.cmp(os.path.join(out, "build", "nickel.elf"),
                   os.path.join(ROOT, "build", "nickel.elf"), shallow=False):
        return ["the handout's kernel is the teacher's: the stubs were not compiled"]
    policy = POLICY.get(lab, "nick")
    # the policies of the key r rotation (starve, the watchdog's broken
    # one, never is) that the handout ships: one r press each
    present = [p for p in ("nick", "o1", "rr", "mine", "cfs", "eevdf")
               if os.path.exists(os.path.join(out, "kernel", "sched", p + ".c"))]
    sc = Scenario("handout-boots-" + lab, args="policy=%s demo=hogs hogs=2 run=6" % policy,
                  smp=2, mem=32, timeout=80,
                  keys=[(r"^nickel: demo hogs: 2 hogs", "h"), (r"^nickel keys:", "r")] +
                  [(SWITCH, "r")] * (len(present) - 1))
    log, rc, _ = run_qemu(sc, os.path.join(out, "build", "nickel.elf"), None)
    problems = []
    if rc != 0:
        problems.append("nickel-qemu exit %s, expected 0 (power off)" % rc)
    if not re.search(r"^nickel \S+ \(policy=%s," % policy, log, re.M):
        problems.append("no banner with policy=%s" % policy)
    problems += rotation_problems(log, policy, present)
    if "PANIC" in log:
        problems.append("PANIC: " + log[log.index("PANIC"):].splitlines()[0])
    ran = last_dump_run_ms(log, "hog")
    if len(ran) != 2 or min(ran) <= 0:
        problems.append("hogs' run_ms in the last stat dump: %s, expected two > 0" % ran)
    return problems


def main():
    if not os.path.exists(os.path.join(ROOT, "build", "k")):
        print("FAIL handout-boots: no build/k: build the teacher's kernel first (make)")
        return 1
    labs = sorted(d for d in os.listdir(os.path.join(ROOT, "labs"))
                  if os.path.isfile(os.path.join(ROOT, "labs", d, "handout.py")))
    if not labs:
        print("# test_handout_boots.py: a student's tree (no labs/*/handout.py): nothing to do")
        return 0
    report = Report("handout-boots:")
    with tempfile.TemporaryDirectory(prefix="nickel-handout-boot-") as tmp, \
            cf.ThreadPoolExecutor(max_workers=2) as pool:
        for lab, problems in zip(labs, pool.map(lambda l: boot_check(l, tmp), labs)):
            report.result(lab, problems, at=defined_at(boot_check))
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
