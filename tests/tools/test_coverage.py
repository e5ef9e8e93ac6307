#!/usr/bin/env python3
"""test_coverage.py - tools/coverage on fixture logs: the lcov tracefile it
writes for two small kcov=all dumps against a hand-written table of call
sites (--sites) holds the line counts worked out by hand below; a dump cut
short, one whose end line miscounts, one with a slot that is no call site,
and a log with no dump each give one error line (and exit 1 when no log
is left).  Prints PASS/FAIL lines for tests/run.py."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from report import Report  # noqa: E402

TOOL = os.path.join(ROOT, "tools", "coverage")
report = Report("test_coverage.py:")
result = report.result

# Call sites: return address -> line (base c0100000, 4-byte slots; the
# slot of a site is (pc - base) / 4).
SITES = """\
c0100005 fake/a.c:10
c0100010 fake/a.c:10
c0100020 fake/a.c:11
c0100031 fake/a.c:12
c0100040 fake/b.c:3
c0100045 fake/b.c:4
"""
# Slots 1 (fake/a.c:10), 12 (fake/a.c:12), 17 (fake/b.c:4): bits 1, 12, 17 of word 0
# = 0x2 + 0x1000 + 0x20000 = 0x00021002.
LOG_ONE = """\
nickel: init exited status=0
kcov-all: begin base=c0100000 slot=4 words=1
kcov-all: @0 00021002
kcov-all: end lines=1 bits=3
nickel: power off (status=0)
"""
# Slot 4 (fake/a.c:10 again, its second site): bit 4 = 0x10.
LOG_TWO = """\
kcov-all: begin base=c0100000 slot=4 words=1
kcov-all: @0 00000010
kcov-all: end lines=1 bits=1
"""
# By hand: fake/a.c:10 reached by both logs (2), fake/a.c:11 by none, fake/a.c:12 by the
# first (1): LF 3, LH 2.  fake/b.c:3 none, fake/b.c:4 the first: LF 2, LH 1.
# Total 3 of 5 lines, 60.0%; fake/b.c at 50.0% is not under 50, fake/a.c is 66.7%.
EXPECTED_LCOV = """\
TN:nickel
SF:{root}/fake/a.c
DA:10,2
DA:11,0
DA:12,1
LF:3
LH:2
end_of_record
SF:{root}/fake/b.c
DA:3,0
DA:4,1
LF:2
LH:1
end_of_record
"""


def run(tmp, logs, *extra):
    sites = os.path.join(tmp, "sites.txt")
    with open(sites, "w") as f:
        f.write(SITES)
    paths = []
    for i, text in enumerate(logs):
        paths.append(os.path.join(tmp, "log%d.log" % i))
        with open(paths[-1], "w") as f:
            f.write(text)
    return subprocess.run([TOOL, "--sites", sites] + list(extra) + paths,
                          capture_output=True, text=True)


def test_lcov_matches_hand_count(tmp):
    out = os.path.join(tmp, "out.info")
    p = run(tmp, [LOG_ONE, LOG_TWO], "--lcov", out)
    if p.returncode != 0:
        return "exit %d: %s" % (p.returncode, p.stderr.strip())
    with open(out) as f:
        got = f.read()
    want = EXPECTED_LCOV.format(root=ROOT)
    if got != want:
        return "lcov differs:\n    expected %r\n    actual   %r" % (want, got)
    problems = []
    for line in ("coverage: 2 logs, 2 with a whole dump",
                 "coverage: total 3 of 5 lines (60.0%) in 2 files",
                 "| fake/a.c | 2 | 3 | 66.7 |", "| fake/b.c | 1 | 2 | 50.0 |"):
        if line not in p.stdout.splitlines():
            problems.append("expected the line %r" % line)
    if "under 50%" in p.stdout:
        problems.append("no file is under 50%%, got %r" % [
            x for x in p.stdout.splitlines() if "under" in x])
    return problems or None


def expect_one_error(tmp, log, words):
    """tools/coverage on this log alone: exit 1 and one stderr line that
    says `words`."""
    p = run(tmp, [log])
    lines = p.stderr.strip().splitlines()
    if p.returncode != 1 or len(lines) != 1 or words not in lines[0]:
        return "expected exit 1 and one line with %r, got exit %d and %r" % (
            words, p.returncode, lines)
    return None


def main():
    with tempfile.TemporaryDirectory() as tmp:
        result("two_dumps_give_the_hand_counted_lcov", test_lcov_matches_hand_count(tmp))
        cut = LOG_ONE.split("kcov-all: end")[0]
        result("a_dump_without_its_end_line_is_truncated",
               expect_one_error(tmp, cut, "truncated: 1 lines and no end line"))
        result("an_end_line_that_miscounts_is_damaged",
               expect_one_error(tmp, LOG_ONE.replace("bits=3", "bits=4"),
                                "end says lines=1 bits=4, read lines=1 bits=3"))
        stray = LOG_TWO.replace("00000010", "00000018").replace("bits=1", "bits=2")
        result("a_slot_with_no_call_site_is_another_kernel",
               expect_one_error(tmp, stray, "1 of 2 slots are no call site"))
        result("a_log_without_a_dump_says_so",
               expect_one_error(tmp, "nickel: power off (status=0)\n", "no kcov-all dump"))
        # One bad log among good ones: reported, left out, the rest counted.
        p = run(tmp, [LOG_ONE, cut])
        result("a_bad_log_is_left_out_and_the_rest_counted",
               None if p.returncode == 0 and "coverage: 2 logs, 1 with a whole dump"
               in p.stdout and len(p.stderr.strip().splitlines()) == 1
               else "exit %d, stdout %r, stderr %r" % (p.returncode, p.stdout[:80], p.stderr))
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
