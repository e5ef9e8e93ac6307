"""mutate - mutation testing of a lab's graded tests.

    tools/mutate --lab NAME [--jobs N] [--only-unit] [--with-qemu]
                 [--timeout S] [--mutants 3,17] [--list] [--json FILE]

Makes every mutant of the code between the lab's `/* LAB NAME: begin|end */`
markers in its SOURCE file (labs/NAME/grade.py; the operators:
tools/lib/grading/mutate.py), grades each one with the lab's graded tests in a
scratch copy of this tree (build/mutate/NAME/wN, one per job) and lists the
mutants that no test noticed.  The grader is run as a student would:
`tools/grade --lab NAME --json FILE`, first the host C tests alone, then,
for the survivors, the other tests (schedsim runs); the QEMU tests only
with --with-qemu.  `make mutate LAB=NAME [MUTATEFLAGS=...]` runs this.

A mutant is killed when a graded test that passes on the teacher's code
fails, stillborn when it does not compile (killed by the compiler, counted
apart), timeout when its grade runs out of time (killed too).  The score is
killed / (mutants - stillborn - equivalent), where the equivalent mutants
are the survivors labs/NAME/MUTANTS.md names, by key in backquotes, in a
list item ("- ", continued on indented lines) that says "equivalent".
Survivors it excuses otherwise ("not worth a test") still count against the
score.  --rescore FILE prints the report of an earlier run's JSON again,
with MUTANTS.md as it is now (after explaining the survivors).

For tools' tests: --root DIR grades a copy of another tree, --source FILE
names the marked file, --grade-cmd "CMD {json}" replaces tools/grade (one
phase; {json} is the file it must write).
Exit status: 0 after a run, whatever the score; 2 when it cannot run.
"""
import argparse
import concurrent.futures as cf
import json
import os
import queue
import re
import shlex
import subprocess
import sys
import time

from lib import ROOT
from lib.grading import ToolError, command_main, mutate, mutate_run


def lab_source(root, lab):
    """SOURCE of labs/LAB/grade.py, read as text (the grader is not imported)."""
    path = os.path.join(root, "labs", lab, "grade.py")
    try:
        with open(path) as f:
            m = re.search(r'^SOURCE\s*=\s*"([^"]+)"', f.read(), re.M)
    except OSError:
        raise ToolError("no lab %r (labs/%s/grade.py missing)" % (lab, lab))
    if not m:
        raise ToolError("labs/%s/grade.py names no SOURCE" % lab)
    return m.group(1)


def excuses(root, lab):
    """{mutant key: its item} of labs/LAB/MUTANTS.md: each list item
    ("- " and the indented lines after it) that names keys in backquotes."""
    path = os.path.join(root, "labs", lab, "MUTANTS.md")
    if not os.path.isfile(path):
        return {}
    items, found = [], {}
    with open(path) as f:
        for line in f:
            if line.startswith("- "):
                items.append(line.strip())
            elif items and line.startswith("  ") and line.strip():
                items[-1] += " " + line.strip()
            elif not line.strip() or not line.startswith(" "):
                items.append("")
    for item in items:
        for key in re.findall(r"`([^`]+)`", item):
            found[key] = item
    return found


def is_equivalent(note):
    return bool(note) and "equivalent" in note.lower() and "not worth a test" not in note


# ---- the grade commands of each phase ------------------------------------

def listed_tests(tree, lab):
    """[(name, kind)] from `tools/grade --lab LAB --list`; [] when its
    output cannot be read."""
    p = subprocess.run([sys.executable, "tools/grade", "--lab", lab, "--list"], cwd=tree,
                       capture_output=True, text=True)
    tests = []
    for line in p.stdout.splitlines():
        m = re.match(r"^\s+(\S+)\s+\d+\s+(\w+Test)\b", line)
        if m:
            tests.append((m.group(1), m.group(2)))
    return tests


def grade_argv(lab, names, host_only):
    argv = [sys.executable, "tools/grade", "--lab", lab, "--json", "{json}"]
    if names:
        argv += ["--test", "^(%s)$" % "|".join(re.escape(n) for n in names)]
    return argv + (["--host-only"] if host_only else [])


def phases(tree, lab, args):
    """The grade commands, cheapest first: the host C tests, then the rest."""
    if args.grade_cmd:
        return [shlex.split(args.grade_cmd)]
    tests = listed_tests(tree, lab)
    unit = [n for n, kind in tests if kind == "UnitTest"]
    rest = [n for n, kind in tests if kind != "UnitTest"
            and (args.with_qemu or kind != "QemuTest")]
    if not unit:
        return [grade_argv(lab, None, not args.with_qemu)]
    out = [grade_argv(lab, unit, True)]
    if rest and not args.only_unit:
        out.append(grade_argv(lab, rest, not args.with_qemu))
    return out


# ---- the run ---------------------------------------------------------------

def baseline(tree, lab, commands):
    """The teacher's own grade, every phase: {test: record}, seconds."""
    tests, seconds = {}, []
    for argv in commands:
        record, s, _ = mutate_run.run_grade(tree, argv, None)
        got = mutate_run.lab_tests(record, lab)
        if not got:
            raise ToolError("the unmutated tree does not grade: %s" % " ".join(argv))
        tests.update(got)
        seconds.append(s)
    bad = [n for n, t in tests.items() if not mutate_run.passed(t)]
    if bad:
        raise ToolError("the teacher's code fails %s: fix that first" % ", ".join(bad))
    return tests, seconds


def run_all(chosen, workers, base, progress):
    """Grade every chosen mutant on the free workers, in parallel."""
    free = queue.Queue()
    for w in workers:
        free.put(w)

    def one(m):
        w = free.get()
        try:
            return w.grade(m, base)
        finally:
            free.put(w)

    verdicts = []
    with cf.ThreadPoolExecutor(len(workers)) as pool:
        for v in pool.map(one, chosen):
            progress(v)
            verdicts.append(v)
    return verdicts


def summary(lab, verdicts, excused, seconds, command):
    count = {k: sum(1 for v in verdicts if v.kind == k)
             for k in ("killed", "timeout", "stillborn", "survived")}
    survivors = [v for v in verdicts if v.kind == "survived"]
    equivalent = [v for v in survivors if is_equivalent(excused.get(v.mutant.key))]
    live = len(verdicts) - count["stillborn"] - len(equivalent)
    killed = count["killed"] + count["timeout"]
    return {"lab": lab, "mutants": len(verdicts), "stillborn": count["stillborn"],
            "killed": count["killed"], "timeout": count["timeout"],
            "survived": count["survived"], "equivalent": len(equivalent),
            "score": round(100.0 * killed / live, 1) if live else 100.0,
            "raw_score": round(100.0 * killed / (len(verdicts) - count["stillborn"]), 1)
            if len(verdicts) > count["stillborn"] else 100.0,
            "seconds": round(seconds), "command": command}


def print_report(s, verdicts, excused):
    print("== survivors of lab %s" % s["lab"])
    for v in verdicts:
        if v.kind == "survived":
            note = excused.get(v.mutant.key)
            tag = "equivalent" if is_equivalent(note) else "excused" if note else "NEW"
            print("   #%-3d %-28s %-10s %s" % (v.mutant.index, v.mutant.where, tag, v.mutant.key))
    print("== lab %s: %d mutants, %d stillborn, %d killed (%d by timeout), %d survived "
          "(%d equivalent): score %.1f%% of the non-equivalent (%.1f%% of all that "
          "compile), %d s" % (s["lab"], s["mutants"], s["stillborn"],
                               s["killed"] + s["timeout"], s["timeout"], s["survived"],
                               s["equivalent"], s["score"], s["raw_score"], s["seconds"]))


def record_of(v):
    m = v.mutant
    return {"index": m.index, "where": m.where, "key": m.key, "op": m.op, "old": m.old,
            "new": m.new, "verdict": v.kind, "lost": v.lost, "seconds": round(v.seconds, 1),
            "why": v.why}


def rescore(path, root, lab, all_mutants):
    """The report of an earlier run (its --json file), scored again."""
    try:
        with open(path) as f:
            old = json.load(f)
        by_index = {m.index: m for m in all_mutants}
        verdicts = [mutate_run.Verdict(by_index[r["index"]], r["verdict"], r["lost"],
                                       r["seconds"], r["why"]) for r in old["mutants"]]
    except (OSError, ValueError, KeyError) as e:
        raise ToolError("%s: not a tools/mutate JSON of this source: %s" % (path, e))
    excused = excuses(root, lab)
    before = old["summary"]
    s = summary(lab, verdicts, excused, before["seconds"], before["command"])
    print_report(s, verdicts, excused)
    return 0


def choose(all_mutants, spec):
    if not spec:
        return all_mutants
    wanted = set()
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        wanted.update(range(int(lo), int(hi or lo) + 1))
    return [m for m in all_mutants if m.index in wanted]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lab", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only-unit", action="store_true", help="the host C tests only")
    ap.add_argument("--with-qemu", action="store_true", help="the QEMU tests too (slow)")
    ap.add_argument("--timeout", type=float,
                    help="seconds per grade (default: 3x the teacher's + 30)")
    ap.add_argument("--mutants", metavar="LIST", help="only these, e.g. 3,7-9")
    ap.add_argument("--list", action="store_true", help="list the mutants, grade none")
    ap.add_argument("--rescore", metavar="FILE",
                    help="report an earlier run's JSON again, grade nothing")
    ap.add_argument("--json", help="write every verdict here "
                    "(default build/mutate/LAB/mutants.json)")
    ap.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    ap.add_argument("--source", help=argparse.SUPPRESS)
    ap.add_argument("--grade-cmd", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.jobs < 1:
        raise ToolError("--jobs must be at least 1")
    return a


def run():
    args = parse_args()
    start = time.time()
    root, lab = os.path.abspath(args.root), args.lab
    source = args.source or lab_source(root, lab)
    try:
        with open(os.path.join(root, source)) as f:
            text = f.read()
        all_mutants = mutate.mutants(text, lab, source)
    except (OSError, ValueError) as e:
        raise ToolError("%s: %s" % (source, e))
    if not all_mutants:
        raise ToolError("%s: no code between /* LAB %s: begin */ and end markers" % (source, lab))
    chosen = choose(all_mutants, args.mutants)
    if args.rescore:
        return rescore(args.rescore, root, lab, all_mutants)
    if args.list:
        for m in chosen:
            print("#%-3d %-28s %s" % (m.index, m.where, m.key))
        return 0
    scratch = os.path.join(root, "build", "mutate", lab)
    trees = [os.path.join(scratch, "w%d" % i) for i in range(min(args.jobs, len(chosen)))]
    mutate_run.make_scratch(root, trees[0])
    commands = phases(trees[0], lab, args)
    base, base_seconds = baseline(trees[0], lab, commands)
    for t in trees[1:]:
        mutate_run.make_scratch(root, t, cache_from=trees[0])
    timeout = args.timeout or 3 * max(base_seconds) + 30
    workers = [mutate_run.Worker(t, source, commands, lab, timeout) for t in trees]
    print("lab %s: %d mutants of %s, %d jobs, %d grade phase(s), %.0f s each at most"
          % (lab, len(chosen), source, len(workers), len(commands), timeout))
    sys.stdout.flush()

    def progress(v):
        print("   #%-3d %-9s %5.1f s  %-28s %s" % (v.mutant.index, v.kind, v.seconds,
                                                  v.mutant.where, v.mutant.key))
        sys.stdout.flush()

    verdicts = run_all(chosen, workers, base, progress)
    excused = excuses(root, lab)
    command = "tools/mutate " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    s = summary(lab, verdicts, excused, time.time() - start, command)
    print_report(s, verdicts, excused)
    out = args.json or os.path.join(scratch, "mutants.json")
    with open(out, "w") as f:
        json.dump({"summary": s, "mutants": [record_of(v) for v in verdicts]}, f, indent=1)
    print("   (written to %s)" % os.path.relpath(out))
    return 0


def main():
    """run() as a command (lib.grading.command_main)."""
    return command_main("mutate", run)
