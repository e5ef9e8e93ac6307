#!/usr/bin/env python3
"""test_scenario_names.py - every QEMU scenario can be found by its name.

For every SCENARIOS list of tests/scenarios/*.py (make test-lab's included,
NICKEL_LAB_TESTS=1), loaded as tests/run.py loads them:
  scenario-names-written-out: each name appears as a string literal in its
    own file (never built with a format string), so `git grep NAME` finds
    the scenario and tests/run.py's FAIL line names its file and line;
  scenario-names-in-the-file-their-prefix-names: a name's first word (up to
    the first "-") names its file: WORD.py, or WORD_WHAT.py for a second
    file of one prefix (selfcheck-... in selfcheck.py, smp-... in smp.py or
    smp_ring3.py);
  scenario-names-unique: no two scenarios share a name (nor a log file);
  scenario-names-are-file-names: lower-case letters, digits, "-" and "."
    (the log is build/test-logs/NAME.log).
The same checks run on made-up scenario files first, each of which must be
caught (a built name, a name in the wrong file, a name used twice).
Prints PASS/FAIL lines (tests/lib/report.py); exits 1 on a failure.
"""
import importlib.util
import os
import re
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
ROOT = os.path.dirname(TESTS)
from report import Report  # noqa: E402

_spec = importlib.util.spec_from_file_location("runner", os.path.join(TESTS, "run.py"))
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)

NAME_CHARS = re.compile(r"[a-z0-9][a-z0-9.-]*")


def file_of(sc):
    return sc.source.split(":")[0]


def not_written_out(scenarios):
    return ["%s: not written out in %s" % (sc.name, file_of(sc))
            for sc in scenarios if ":" not in sc.source]


def in_the_wrong_file(scenarios):
    problems = []
    for sc in scenarios:
        stem = os.path.basename(file_of(sc))[:-3]
        word = sc.name.split("-")[0]
        if stem != word and not stem.startswith(word + "_"):
            problems.append("%s is in %s: belongs in %s.py or %s_*.py"
                            % (sc.name, file_of(sc), word, word))
    return problems


def used_twice(scenarios):
    seen, problems = {}, []
    for sc in scenarios:
        if sc.name in seen:
            problems.append("%s in both %s and %s" % (sc.name, seen[sc.name], sc.source))
        seen.setdefault(sc.name, sc.source)
    return problems


def not_a_file_name(scenarios):
    return ["%r (%s)" % (sc.name, sc.source) for sc in scenarios
            if not NAME_CHARS.fullmatch(sc.name)]


CHECKS = [
    ("scenario-names-written-out", not_written_out),
    ("scenario-names-in-the-file-their-prefix-names", in_the_wrong_file),
    ("scenario-names-unique", used_twice),
    ("scenario-names-are-file-names", not_a_file_name),
]

# Made-up scenario files, each breaking one rule; the check named beside
# it must find exactly the problems listed.
MADE_UP = {
    "sched.py": '''
        from scenario import Scenario
        SCENARIOS = [Scenario("sched-%s-shares" % p) for p in ("nick", "o1")]
        SCENARIOS.append(Scenario("sched-written-out"))
    ''',
    "smp_extra.py": '''
        from scenario import Scenario
        SCENARIOS = [Scenario("smp-here-is-fine"), Scenario("boot-is-elsewhere")]
    ''',
    "time.py": '''
        from scenario import Scenario
        SCENARIOS = [Scenario('time-once'), Scenario("sched-written-out"),
                     Scenario("time-Upper case")]
    ''',
}
CAUGHT = {
    "scenario-names-written-out": ["sched-nick-shares: not written out in sched.py",
                                   "sched-o1-shares: not written out in sched.py"],
    "scenario-names-in-the-file-their-prefix-names": [
        "boot-is-elsewhere is in smp_extra.py: belongs in boot.py or boot_*.py",
        "sched-written-out is in time.py: belongs in sched.py or sched_*.py"],
    "scenario-names-unique": ["sched-written-out in both sched.py:3 and time.py:2"],
    "scenario-names-are-file-names": ["'time-Upper case' (time.py:3)"],
}


def made_up_scenarios(tmp):
    """The made-up files' scenarios, loaded as tests/run.py loads them,
    each source shortened to FILE.py:LINE."""
    scenarios = []
    for fname, text in sorted(MADE_UP.items()):
        path = os.path.join(tmp, fname)
        with open(path, "w") as f:
            f.write(textwrap.dedent(text).lstrip("\n"))
        scenarios += runner.load_scenarios(path)
    for sc in scenarios:
        sc.source = os.path.basename(sc.source)
    return scenarios


def main():
    report = Report()
    with tempfile.TemporaryDirectory(prefix="nickel-names-") as tmp:
        made_up = made_up_scenarios(tmp)
    for name, check in CHECKS:
        found = check(made_up)
        report.result(name + "-catches-a-made-up-break",
                      None if found == CAUGHT[name] else
                      "found %s, expected %s" % (found, CAUGHT[name]))
    os.environ["NICKEL_LAB_TESTS"] = "1"       # make test-lab's scenarios too
    scenarios = runner.all_scenarios()
    for name, check in CHECKS:
        found = check(scenarios)
        report.result(name, found, detail="%d scenarios" % len(scenarios))
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
