#!/usr/bin/env python3
"""tests/grading/test_mutate.py - the mutation tool (tools/mutate) on a C file
of its own, with a fake grader instead of tools/grade (a few seconds):

  * mutant_list: the tool makes exactly the expected mutants of the code
    between the markers, in order, and none from comments, strings or the
    code outside the markers;
  * verdicts: graded by a fake grader (the C file compiled and checked by
    four numeric tests), each mutant of tiny() gets the verdict worked out
    by hand:
    killed, survived, stillborn (does not compile) or timeout (loops);
  * score: a survivor that MUTANTS.md calls equivalent (in a list item
    over two lines) leaves the score's denominator, one it only excuses
    does not;
  * bad_input: a lab without markers or a missing lab is one line, status 2.
Prints `PASS name` / `FAIL name (file:line): why`; exit 1 on any failure.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
from report import Report  # noqa: E402
from lib.grading import mutate  # noqa: E402

report = Report("mutate:")

TINY_C = r'''/* tiny.c - the subject of tests/grading/test_mutate.py */
static int diff(int a, int b) { return a - b; }
static int first(const char *s, int n) { return s[0] == 'x' ? n : 0; }

int tiny(int a, int b)
{
	/* LAB tiny: begin */
	int s = a + b;	/* "a - b < 2": a comment is not code */
	const char *name = "x * y";

	if (s > 10)
		s = 10;
	while (!s)		/* never 0 here: only a mutant loops */
		{}
	return first(name, diff(s, 0));
	/* LAB tiny: end */
}

unsigned int tiny_wrap(int a)
{
	/* LAB tiny: begin */
	return (unsigned int)a / 2 + (a < 0 && !a);
	/* LAB tiny: end */
}
'''

# Four tests, worked by hand: tiny(2,3) = 5, tiny(8,9) = 10 (clamped),
# tiny_wrap(-2) = 0xfffffffe / 2, tiny_wrap(7) = 3.  The grader's JSON as
# tools/grade writes it; a build failure fails every test, saying so.
FAKE_GRADE = r'''import json, subprocess, sys
TESTS = {"small": ("tiny(2, 3)", 5), "clamped": ("tiny(8, 9)", 10),
         "wraps": ("tiny_wrap(-2)", 2147483647), "halves": ("tiny_wrap(7)", 3)}
main = "int tiny(int, int); unsigned tiny_wrap(int);\n#include <stdio.h>\n"
main += "int main(void) {\n"
for name, (call, _) in TESTS.items():
    main += 'printf("%%s %%lld\\n", "%s", (long long)%s);\n' % (name, call)
main += "return 0; }\n"
open("main.c", "w").write(main)
cc = subprocess.run(["cc", "-O0", "-Wall", "-Werror", "-o", "tiny", "main.c", "tiny.c"],
                    capture_output=True, text=True)
got, problem = {}, None
if cc.returncode != 0:
    problem = "does not build: " + (cc.stderr.strip().splitlines() or ["?"])[0]
else:
    for line in subprocess.run(["./tiny"], capture_output=True, text=True).stdout.splitlines():
        name, value = line.split()
        got[name] = int(value)
tests = []
for name, (_, want) in TESTS.items():
    ok = problem is None and got.get(name) == want
    tests.append({"name": name, "points": 1 if ok else 0, "max": 1, "passed": ok,
                  "skipped": False, "problem": problem})
json.dump({"labs": {"tiny": {"tests": tests}}}, open(sys.argv[1], "w"))
'''

# (key, verdict): every mutant of TINY_C in the tool's order.
EXPECTED = [
    ("tiny+1 decl 'int' -> 'unsigned int'", "survived"),
    ("tiny+1 aor '+' -> '-'", "killed"),
    ("tiny+4 ror '>' -> '>='", "survived"),         # 10 is set where it is 10
    ("tiny+4 ror '>' -> '<='", "killed"),
    ("tiny+4 const '10' -> '11'", "survived"),      # 17 > 11: s = 10 all the same
    ("tiny+4 const '10' -> '9'", "survived"),
    ("tiny+4 const '10' -> '0'", "killed"),
    ("tiny+5 delete 's = 10;' -> '{}'", "killed"),
    ("tiny+5 const '10' -> '11'", "killed"),
    ("tiny+5 const '10' -> '9'", "killed"),
    ("tiny+5 const '10' -> '0'", "timeout"),        # then while (!s) loops
    ("tiny+6 lnot '!' -> ''", "timeout"),
    ("tiny+8 args 'name, diff(s, 0)' -> 'diff(s, 0), name'", "stillborn"),
    ("tiny+8 args 's, 0' -> '0, s'", "killed"),
    ("tiny+8 const '0' -> '1'", "killed"),
    ("tiny_wrap+1 cast 'unsigned int' -> 'int'", "killed"),
    ("tiny_wrap+1 aor '/' -> '*'", "killed"),
    ("tiny_wrap+1 aor '/' -> '%'", "killed"),
    ("tiny_wrap+1 const '2' -> '3'", "killed"),
    ("tiny_wrap+1 const '2' -> '1'", "killed"),
    ("tiny_wrap+1 const '2' -> '0'", "stillborn"),  # -Werror: division by zero
    ("tiny_wrap+1 aor '+' -> '-'", "survived"),     # a < 0 && !a is always 0
    ("tiny_wrap+1 ror '<' -> '<='", "survived"),    # differs only at a = 0
    ("tiny_wrap+1 ror '<' -> '>='", "survived"),
    ("tiny_wrap+1 const '0' -> '1'", "survived"),
    ("tiny_wrap+1 lor '&&' -> '||'", "killed"),
    ("tiny_wrap+1 lnot '!' -> ''", "killed"),
]

MUTANTS_MD = """# Mutants of lab tiny that survive
- `tiny+4 ror '>' -> '>='`: it sets 10 where s is 10,
  so this one is equivalent.
- `tiny+4 const '10' -> '11'`: not worth a test.
"""


def make_tree(top):
    os.makedirs(os.path.join(top, "labs", "tiny"))
    for rel, text in (("tiny.c", TINY_C), ("fake_grade.py", FAKE_GRADE),
                      ("labs/tiny/grade.py", 'SOURCE = "tiny.c"\n'),
                      ("labs/tiny/MUTANTS.md", MUTANTS_MD),
                      ("labs/empty/grade.py", 'SOURCE = "fake_grade.py"\n')):
        os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
        with open(os.path.join(top, rel), "w") as f:
            f.write(text)


def run_tool(top, *extra):
    cmd = [sys.executable, os.path.join(ROOT, "tools", "mutate"), "--root", top,
           "--grade-cmd", sys.executable + " fake_grade.py {json}"] + list(extra)
    return subprocess.run(cmd, capture_output=True, text=True,
                          timeout=120 * max(1.0, float(os.environ.get("NICKEL_TIMEOUT_SCALE", "3")) / 3))


def test_mutant_list():
    got = [m.key for m in mutate.mutants(TINY_C, "tiny", "tiny.c")]
    want = [k for k, _ in EXPECTED]
    problems = ["mutant %d: expected %s, actual %s" % (i + 1, w, g)
                for i, (w, g) in enumerate(zip(want, got)) if w != g]
    if len(got) != len(want):
        problems.append("expected %d mutants, actual %d" % (len(want), len(got)))
    report.result("mutant_list", problems, "%d mutants" % len(got))


def test_verdicts_and_score(top):
    out = os.path.join(top, "out.json")
    # the mutants of tiny() (1-15) hold every verdict; tiny_wrap's only
    # double the time
    # a mutant's limit: 8 s on an idle host, longer as tests/run.py's scale
    # says (a busy host must not turn a killed mutant into a timeout)
    limit = 8 * max(1.0, float(os.environ.get("NICKEL_TIMEOUT_SCALE", "3")) / 3)
    p = run_tool(top, "--lab", "tiny", "--jobs", "2", "--timeout", "%d" % limit, "--mutants", "1-15",
                 "--json", out)
    if p.returncode != 0 or not os.path.exists(out):
        report.result("verdicts", "tools/mutate exited %d: %s" % (
            p.returncode, (p.stderr.strip() or p.stdout.strip())[-300:]))
        return
    with open(out) as f:
        data = json.load(f)
    got = {m["key"]: m["verdict"] for m in data["mutants"]}
    report.result("verdicts", ["%s: expected %s, actual %s" % (k, v, got.get(k))
                               for k, v in EXPECTED[:15] if got.get(k) != v])
    s = data["summary"]
    # mutants 1-15: 1 stillborn, 10 killed (2 by timeout), 4 survived, of
    # them 1 equivalent: 10 / (15 - 1 - 1) = 76.9 %
    want = {"mutants": 15, "stillborn": 1, "killed": 8, "timeout": 2, "survived": 4,
            "equivalent": 1, "score": 76.9}
    report.result("score", ["%s: expected %s, actual %s" % (k, v, s.get(k))
                            for k, v in want.items() if s.get(k) != v])


def test_bad_input(top):
    problems = []
    for lab, says in (("empty", "no code between"), ("nosuchlab", "no lab")):
        p = run_tool(top, "--lab", lab)
        if p.returncode != 2 or says not in p.stderr or len(p.stderr.splitlines()) != 1:
            problems.append("--lab %s: expected status 2 and one line with %r, actual %d %r"
                            % (lab, says, p.returncode, p.stderr))
    report.result("bad_input", problems)


def main():
    test_mutant_list()
    top = tempfile.mkdtemp(prefix="test_mutate-")
    try:
        make_tree(top)
        test_verdicts_and_score(top)
        test_bad_input(top)
    finally:
        shutil.rmtree(top, ignore_errors=True)
    sys.exit(report.status())


if __name__ == "__main__":
    main()
