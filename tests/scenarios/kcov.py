"""Kernel coverage (kernel/kcov) on the coverage kernel build/nickel-kcov.elf
(make kcov): a ring-3 program enables it, makes one call, and the PCs it
reads back lie in that call's handler by the kernel's own symbols, and not
in the handler of a call it did not make (tests/user/kcovtest.c); the
fuzzer's guided mode runs and its corpus replays; the ordinary kernel has
no coverage calls."""
import os
import re
import sys

from scenario import Scenario, ROOT, user_elf

sys.path.insert(0, os.path.join(ROOT, "tools"))
from lib import kcov  # noqa: E402

KCOV_KERNEL = os.path.join(ROOT, "build", "nickel-kcov.elf")
KCOVTEST_CHECKS = 11    # PASS lines kcovtest prints when all is well


def handlers_match(log):
    """Every kcovtest check passed; getpid's PCs include sys_getpid's and
    not sys_getppid's; getppid's the other way round."""
    problems = re.findall(r"^FAIL kcovtest:.*$", log, re.M)
    passed = len(re.findall(r"^PASS kcovtest:", log, re.M))
    if passed != KCOVTEST_CHECKS:
        problems.append("PASS lines: expected %d, got %d" % (KCOVTEST_CHECKS, passed))
    syms = kcov.text_symbols(KCOV_KERNEL)
    traced = kcov.pcs_by_name(log)
    for call, own, other in (("getpid", "sys_getpid", "sys_getppid"),
                             ("getppid", "sys_getppid", "sys_getpid")):
        funcs = {kcov.function_of(syms, pc) for pc in traced.get(call, ())}
        if own not in funcs:
            problems.append("%s: expected a PC in %s, got functions %s"
                            % (call, own, sorted(f for f in funcs if f)))
        if other in funcs:
            problems.append("%s: a PC in %s, a call it did not make" % (call, other))
    return problems


GUIDED = (r"^fuzz: mode=guided seed=(\d+) calls=(\d+) sequences=(\d+) corpus=(\d+) "
          r"pcs=(\d+) timeouts=(\d+) edges=(\d+) killed=(\d+)")
ANSWERS = (r"^fuzz: answers ok=(\d+) enosys=(\d+) ebadf=(\d+) efault=(\d+) "
           r"einval=(\d+) other=(\d+)")
REPLAY = r"^fuzz: replay corpus=(\d+) reached=(\d+)"


def guided_ran_and_replayed(calls):
    """All calls made, and each answered once (but those a timeout or a
    signal cut off: at most a sequence of eight each); the corpus is not
    empty, every PC printed was counted, and there are at least as many
    edges as PCs (every new PC comes with the edge into it); run again, at
    least 80% of the corpus sequences reach what they were kept for (the
    rest lost it to timing: a preemption's path)."""
    def verify(log):
        m, r = re.search(GUIDED, log, re.M), re.search(REPLAY, log, re.M)
        a = re.search(ANSWERS, log, re.M)
        if not m or not r or not a:
            return ["no guided summary, answers or replay line"]
        done, corpus, pcs = int(m.group(2)), int(m.group(4)), int(m.group(5))
        edges, cut = int(m.group(7)), int(m.group(6)) + int(m.group(8))
        answered = sum(int(g) for g in a.groups())
        printed = len(kcov.pcs_by_name(log).get("guided", ()))
        problems = []
        if done != calls:
            problems.append("calls: expected %d, got %d" % (calls, done))
        if not calls - 8 * cut <= answered <= calls:
            problems.append("answers: expected %d..%d (%d sequences cut off), got %d"
                            % (calls - 8 * cut, calls, cut, answered))
        if edges < pcs:
            problems.append("edges: expected at least pcs=%d, got %d" % (pcs, edges))
        if corpus < 1:
            problems.append("corpus: expected at least 1, got %d" % corpus)
        if printed != pcs:
            problems.append("kcov-pcs printed: expected %d, got %d" % (pcs, printed))
        kept, reached = int(r.group(1)), int(r.group(2))
        if kept != corpus or reached * 5 < kept * 4:
            problems.append("replay: expected >= %d of %d reached, got %d of %d"
                            % ((corpus * 4 + 4) // 5, corpus, reached, kept))
        return problems
    return verify


def kcov_scenario(name, args, modules, expect, verify, timeout=90):
    sc = Scenario(name, args=args, smp=1, mem=64, modules=modules,
                  expect=expect, verify=verify, timeout=timeout)
    sc.kernel = KCOV_KERNEL
    return sc


SCENARIOS = [
    kcov_scenario("kcov-getpid-pcs-in-its-handler", "init=kcovtest",
                  [user_elf("kcovtest")],
                  [r"kcovtest: 11 passed, 0 failed", r"nickel: init exited status=0"],
                  handlers_match),
    kcov_scenario("kcov-fuzz-guided-seed3-corpus-replays",
                  "demo=fuzz seed=3 -- mode=guided calls=300 replay=1",
                  [user_elf("fuzz"), user_elf("hello")],
                  [r"^fuzz: mode=guided seed=3 calls=300 seq_ms=500",
                   r"nickel: init exited status=0"],
                  guided_ran_and_replayed(300), timeout=150),
    # The ordinary kernel has no coverage calls: -ENOSYS (38), one line.
    Scenario("kcov-plain-kernel-has-no-calls-enosys",
             args="demo=fuzz seed=3 -- mode=guided calls=100", smp=1, mem=64,
             modules=[user_elf("fuzz"), user_elf("hello")],
             expect=[r"^fuzz: mode=guided needs the coverage kernel \(make kcov\): "
                     r"kcov_enable=-38$", r"nickel: init exited status=1"],
             timeout=60),
]
