"""grade-submissions - grade a course's submissions of one lab, in parallel.

    tools/grade-submissions --lab LAB --out OUT [--jobs N] [--keep]
                            [--limit SECONDS] [--no-sandbox] SUBMISSION...

A SUBMISSION is a git bundle (alice.bundle), a git repository or a plain
directory (alice/): one per student, the student id being its name.
From each, only the lab's functions in the lab's source file
(labs/LAB/grade.py SOURCE) and the static helpers, constants and types
written for them are taken, as clang reads them (tools/lib/grading/splice.py),
checked on the tokens, the parse and the machine code
(tools/lib/grading/coderules.py) and spliced into a private copy of the teacher's
pristine handout; the graded tests are built and run there under
bubblewrap (tools/lib/grading/sandbox.py), which shows them that copy and the
toolchain, nothing of the teacher's (docs/teaching.md, "What a
submission's code can see").  Their results are then held against the
teacher's own run here, in the grader's process: each host test must print
exactly the teacher's checks.  Where bubblewrap cannot make namespaces the
grader refuses to run, unless --no-sandbox is given: then, as root only,
each submission's code runs as a private unprivileged uid that must not be
able to read the teacher's checkout, the reference run or the submissions
(checked first).  Writes

    OUT/grades.csv            one row per submission (columns: CSV_FIELDS)
    OUT/<student>/grade.json  tools/grade's record, plus "submission": the
                              commit, status, reason, refused parts, times,
                              the grader's version and the sandbox's mode
                              (`bwrap` or `no-sandbox:uid=N`)
    OUT/<student>/report.txt  the report to send back

status is `graded`, `refused` (a part was refused: it scored 0, the reason
names the rule, the line and the token), `no-build` (the spliced file does not compile: the
reason is the compiler's first error), `broken` (corrupt bundle, no source
file, a symlink: 0 points) or `error` (the grade itself did not finish in
--limit seconds).  Code outside the lab's functions is ignored, and the
reason says so.
The QEMU tests are left out (as tools/grade --host-only).
Exit status 0 when every submission has its row; 2 when the grader cannot
run (one line on stderr).  `make grade-submissions LAB= SUBMISSIONS=DIR`.
"""
import argparse
import concurrent.futures as cf
import csv
import datetime
import glob
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import time

from lib import ROOT, grading
from lib.grading import ToolError, coderules, command_main, grade, sandbox, splice

CSV_FIELDS = ["student", "commit", "points", "max", "percent", "status", "reason",
              "grader_version", "graded_at", "received_at", "seconds", "sandbox"]
# --no-sandbox: submission i runs as uid NO_SANDBOX_UID + 1 + i (a uid of its
# own: two submissions graded at once cannot read each other's copy); the
# permissions are probed as NO_SANDBOX_UID.  No account has such a uid.
NO_SANDBOX_UID = 2000000000


class Broken(Exception):
    """The submission cannot be graded: its row says why, 0 points."""


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def git(args, cwd=None):
    p = subprocess.run(["git"] + args, cwd=cwd, capture_output=True, text=True,
                       errors="replace")
    if p.returncode != 0:
        said = [l for l in p.stderr.splitlines() if l.startswith(("fatal:", "error:"))]
        text = "".join(c if " " <= c < "\x7f" else "?" for c in (said or ["failed"])[0])
        raise Broken("git %s: %s" % (args[0], text[:120]))
    return p.stdout


# ---- the teacher's side, prepared once -------------------------------------

class Lab:
    """What every submission of the lab is graded with: the pristine
    handout (objects built), the teacher's run (reference checks), the
    teacher's object (its undefined symbols), the allowed names."""

    def __init__(self, name, out, no_sandbox=False):
        self.name = name
        self.dir = os.path.join(out, ".grader")
        grade_py = load(os.path.join(ROOT, "labs", name, "grade.py"), "grade")
        self.source = grade_py.SOURCE
        self.funcs = list(load(os.path.join(ROOT, "labs", name, "handout.py"), "handout").STUBS)
        self.version = grader_version()
        self.handout = os.path.join(self.dir, "handout")
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.run_tool(["tools/handout", name, "--out", self.handout], ROOT)
        self.reference = os.path.join(self.dir, "reference.json")
        self.run_tool(["tools/grade", "--lab", name, "--host-only", "--json",
                       self.reference], ROOT)
        with open(self.reference) as f:
            total = json.load(f)["total"]
        if total["points"] != total["max"]:
            raise ToolError("the teacher's tree grades %d/%d in lab %s: fix it first"
                            % (total["points"], total["max"], name))
        self.teacher_obj = os.path.join(self.dir, "teacher.o")
        shutil.copy(os.path.join(ROOT, object_of(self.source)), self.teacher_obj)
        self.interface = core_symbols()
        # the stub's grade builds the handout's objects once for every copy
        self.run_tool(["tools/grade", "--lab", name, "--host-only", "--json",
                       os.path.join(self.dir, "stub.json")], self.handout)
        with open(os.path.join(self.handout, self.source)) as f:
            self.pristine = f.read()
        try:
            self.code = splice.Pristine(self.pristine, self.funcs, self.handout, self.source)
            coderules.check_toolchain(self.code)
        except ValueError as e:
            raise ToolError(str(e))
        self.targets, self.hidden = build_plan(name)
        with open(self.reference) as f:
            self.reference_record = json.load(f)
        self.no_sandbox = no_sandbox
        self.work = os.path.join(out, ".work")    # main() may choose another

    def uid(self, number):
        """Submission number's uid with --no-sandbox (None: bwrap)."""
        return NO_SANDBOX_UID + 1 + number if self.no_sandbox else None

    def mode(self, number):
        return "no-sandbox:uid=%d" % self.uid(number) if self.no_sandbox else "bwrap"

    def box(self, tree, writable, number):
        """The sandbox of submission `number` (its scratch beside its tree)."""
        return sandbox.Sandbox(tree, writable, uid=self.uid(number),
                               scratch=os.path.join(os.path.dirname(tree), "scratch"))

    def run_tool(self, cmd, cwd):
        p = subprocess.run(["python3"] + cmd, cwd=cwd, capture_output=True, text=True)
        if p.returncode != 0:
            raise ToolError("%s: %s" % (" ".join(cmd[:2]), (p.stderr.strip().splitlines()
                                                           or ["failed"])[-1]))


def load(path, what):
    if not os.path.isfile(path):
        raise ToolError("no %s (an unknown lab?)" % os.path.relpath(path, ROOT))
    spec = importlib.util.spec_from_file_location(what, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def build_plan(name):
    """(what make must build for the lab's host tests, the files of
    labs/LAB/hidden/ their run needs: its grade.py, the hidden tests'
    sources), from the teacher's own tools/grade."""
    try:
        tests = [t for t in grade.load_lab(name).TESTS if not t.qemu]
    except Exception as e:
        raise ToolError("tools/grade cannot load lab %s: %s" % (name, e))
    targets = sorted(set(x for t in tests for x in t.targets(name)))
    hidden = [os.path.join("labs", name, t.source) for t in tests
              if getattr(t, "hidden", False) and isinstance(t, grading.UnitTest)]
    if any(getattr(t, "hidden", False) for t in tests):
        hidden.insert(0, os.path.join("labs", name, "hidden", "grade.py"))
    return targets, hidden


def core_symbols():
    """What the portable scheduler core defines (its objects in
    build/grade-obj/kernel/sched/, the host environment left out): the
    interface a lab's code may call, beside what the teacher's calls."""
    objs = glob.glob(os.path.join(ROOT, "build", "grade-obj", "kernel", "sched", "*.o"))
    p = subprocess.run(["nm", "-g", "--defined-only"] + objs, capture_output=True, text=True)
    return {l.split()[-1] for l in p.stdout.splitlines() if len(l.split()) == 3}


def object_of(source):
    """The grader's object of a source file (mk/grade.mk GRADE_OBJ_DIR)."""
    return os.path.join("build", "grade-obj", source[:-2] + ".o")


def grader_version():
    """The teacher's commit, -dirty when the tree has uncommitted changes
    (in a copy without git, such as the Gradescope zip: its .grader-version)."""
    stamp = os.path.join(ROOT, ".grader-version")
    if os.path.isfile(stamp):
        with open(stamp) as f:
            return f.read().strip()
    try:
        head = git(["rev-parse", "--short=12", "HEAD"], ROOT).strip()
        dirty = git(["status", "--porcelain", "--untracked-files=no"], ROOT).strip()
    except Broken:
        return "unknown"
    return head + ("-dirty" if dirty else "")


# ---- one submission --------------------------------------------------------

def student_id(path):
    base = os.path.basename(os.path.normpath(path))
    for suffix in (".bundle", ".git"):
        if base.endswith(suffix):
            base = base[:-len(suffix)]
    return base


def read_source(path, source, scratch):
    """(text, commit) of the lab's source file in a submission; Broken
    when it cannot be read or is not a regular file."""
    if os.path.isfile(path):
        repo = os.path.join(scratch, "repo")
        try:
            git(["bundle", "verify", "-q", os.path.abspath(path)])
        except Broken as e:
            raise Broken("not a valid git bundle (%s)" % e)
        git(["clone", "-q", "--no-checkout", os.path.abspath(path), repo])
        return from_git(repo, source)
    if os.path.isdir(os.path.join(path, ".git")) or os.path.isfile(os.path.join(path, "HEAD")):
        return from_git(path, source)
    if os.path.isdir(path):
        f = os.path.join(path, source)
        if os.path.islink(f):
            raise Broken("%s is a symlink (to %s): only a regular file is graded"
                         % (source, os.readlink(f)))
        if not os.path.isfile(f):
            raise Broken("no %s in the submission" % source)
        with open(f, errors="replace") as fh:
            return fh.read(), ""
    raise Broken("not a bundle, a repository or a directory")


def from_git(repo, source):
    try:
        commit = git(["rev-parse", "--verify", "-q", "HEAD"], repo).strip()
    except Broken:
        raise Broken("no commit in it (an empty or corrupt repository or bundle)")
    entry = git(["ls-tree", "HEAD", "--", source], repo).split()
    if not entry:
        raise Broken("no %s in commit %s" % (source, commit[:12]))
    if entry[0] != "100644" and entry[0] != "100755":
        what = "a symlink" if entry[0] == "120000" else "not a regular file (mode %s)" % entry[0]
        target = git(["show", "HEAD:" + source], repo).strip() if entry[0] == "120000" else ""
        raise Broken("%s is %s%s: only a regular file is graded"
                     % (source, what, " (to %s)" % target if target else ""))
    return git(["show", "HEAD:" + source], repo), commit


def grade_one(lab, path, out, limit, keep, number=0):
    """Grade one submission (the number-th); returns its CSV row (and
    writes its files)."""
    who = student_id(path)
    start = time.time()
    sub = {"student": who, "commit": "", "status": "graded", "reason": "",
           "grader_version": lab.version, "received_at": received_at(path), "refused": {},
           "sandbox": lab.mode(number)}
    record = None
    dest = os.path.join(out, who)
    os.makedirs(dest, exist_ok=True)
    work = tempfile.mkdtemp(prefix="grade-%s-" % who, dir=lab.work)
    try:
        text, sub["commit"] = read_source(path, lab.source, work)
        sub["source_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        record, report = grade_text(lab, text, os.path.join(work, "tree"), limit, sub,
                                    number)
    except Broken as e:
        sub["status"], sub["reason"] = "broken", str(e)
        report = "not graded: %s\n" % e
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
        elif lab.work != os.path.join(out, ".work"):
            shutil.move(work, os.path.join(out, ".work"))
    sub["graded_at"] = now()
    sub["seconds"] = round(time.time() - start, 1)
    total = record["total"] if record else {"points": 0, "max": 0, "percent": 0.0}
    record = record or {"labs": {}, "total": total}
    record["submission"] = sub
    with open(os.path.join(dest, "grade.json"), "w") as f:
        json.dump(record, f, indent=1)
    with open(os.path.join(dest, "report.txt"), "w") as f:
        f.write(report_head(sub) + report)
    row = {k: sub.get(k, "") for k in CSV_FIELDS}
    row.update(points=total["points"], max=total["max"] or lab_max(lab),
               percent=total["percent"])
    return row


def grade_text(lab, text, tree, limit, sub, number=0):
    """Splice, check, build and grade in a sandboxed copy of the handout."""
    taken = splice.take(text, lab.code, lab.source)
    spliced, refused = taken.text, dict(taken.refused)
    machine = coderules.machine_rules(spliced, lab.code)
    if machine:
        why = splice.Refused("; ".join(machine), rule="machine code")
        refused = {f: why for f in lab.funcs}
        spliced = lab.pristine
    copy_tree(lab, tree)
    write(os.path.join(tree, lab.source), spliced)
    box = lab.box(tree, [os.path.join(tree, "build")], number)
    sub["sandbox_view"] = box.how
    p = box.run(["make", "-s", object_of(lab.source)], tree, limit)
    obj = os.path.join(tree, object_of(lab.source))
    compiled = p.returncode == 0 and os.path.isfile(obj)
    if not compiled:
        sub["status"] = "no-build"
        sub["reason"] = "does not compile: %s" % first_error(p.stdout + p.stderr)
    else:
        extra = [s for s in coderules.extra_symbols(obj, lab.teacher_obj)
                 if s not in lab.interface]
        if extra:
            why = splice.Refused("the compiled code uses %s, which the lab's interface "
                                 "does not have" % ", ".join(extra))
            refused = {f: why for f in lab.funcs}
            write(os.path.join(tree, lab.source), lab.pristine)
    sub["refused"] = {f: str(r) for f, r in refused.items()}
    reasons = sorted(set(sub["refused"].values()) | {"left out: %s" % r for r in taken.dropped})
    reasons += [sub["reason"]] if sub["reason"] else []
    if refused or taken.dropped:
        compile_only = all(r.rule == "does not compile"
                           for r in list(refused.values()) + taken.dropped)
        sub["status"] = "no-build" if compile_only else "refused"
    if taken.ignored:
        reasons.append("ignored: your %s differs from the handout outside the lab's "
                       "functions and your static helpers, constants and types (from line "
                       "%d); that code is not graded" % (lab.source, taken.ignored))
    sub["reason"] = "; ".join(reasons)
    write(os.path.join(tree, "refused.json"), json.dumps(
        {f: "the grader refused your %s: %s" % (f, r) for f, r in refused.items()}))
    return run_tests(lab, tree, limit, sub, number)


def copy_tree(lab, tree):
    """The submission's tree: a copy of the handout (its objects built) and,
    of the teacher's labs/LAB/hidden/, only what the run needs."""
    shutil.copytree(lab.handout, tree, symlinks=True)
    for f in lab.hidden:
        os.makedirs(os.path.dirname(os.path.join(tree, f)), exist_ok=True)
        shutil.copy(os.path.join(ROOT, f), os.path.join(tree, f))


def run_tests(lab, tree, limit, sub, number):
    """Build the lab's tests (only build/ writable), run them (only an
    empty result directory writable: a test cannot change the programs of
    the next), then judge their results here, against the teacher's run."""
    lab.box(tree, [os.path.join(tree, "build")], number).run(
        ["make", "-s", "-k"] + lab.targets, tree, limit)
    box = lab.box(tree, [os.path.join(tree, RESULT)], number)
    p = box.run(["python3", "tools/grade", "--lab", lab.name, "--host-only", "--json",
                 os.path.join(RESULT, "grade.json"), "--refused", "refused.json"], tree, limit)
    try:
        with open(os.path.join(tree, RESULT, "grade.json")) as f:
            record, changed = judge(json.load(f), lab.reference_record, lab.name)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        sub["status"] = "error"
        sub["reason"] = ("the grade did not finish in %d s" % limit if p.returncode is None
                         else "tools/grade failed: %s" % (p.stderr.strip().splitlines()
                                                          or [str(e) or "no result"])[-1])
        return None, p.stdout + p.stderr
    return record, p.stdout + held_text(record, changed)


RESULT = "grade-result"     # the one directory the tests' run may write


# ---- the judgement, in the grader's process --------------------------------

def judge(ran, reference, lab):
    """The grade, decided here from what the sandbox reported: the tests,
    their points and maxima are the teacher's run's; a test passes when it
    passed in the sandbox and, for a host test, printed exactly the
    teacher's checks (grading.judged).  Returns (record, [(test, why) the
    comparison failed])."""
    by_name = {t["name"]: t for t in ran["labs"][lab]["tests"]}
    tests, changed = [], []
    for ref in reference["labs"][lab]["tests"]:
        t = dict(by_name.get(ref["name"]) or dict(ref, passed=False, checks=[],
                                                  problem="the sandbox gave no result"))
        t.update(name=ref["name"], max=ref["max"], hidden=ref["hidden"], kind=ref["kind"],
                 skipped=ref["skipped"])
        why = held_against(t, ref) if t["passed"] else None
        if why:
            t.update(passed=False, problem=why)
            changed.append((t["name"], why))
        t["passed"] = t["passed"] is True and not t["skipped"]
        t["points"] = t["max"] if t["passed"] else 0
        tests.append(t)
    rec = dict(reference["labs"][lab], tests=tests)
    done = [t for t in tests if not t["skipped"]]
    rec.update(points=sum(t["points"] for t in done), max=sum(t["max"] for t in done),
               hidden_points=sum(t["points"] for t in done if t["hidden"]),
               hidden_max=sum(t["max"] for t in done if t["hidden"]),
               skipped_max=sum(t["max"] for t in tests if t["skipped"]))
    rec["percent"] = round(100.0 * rec["points"] / rec["max"], 1) if rec["max"] else 0.0
    total = {k: rec[k] for k in ("points", "max", "skipped_max", "percent")}
    return {"labs": {lab: rec}, "total": total}, changed


def held_against(t, ref):
    """Why a test that passed in the sandbox does not pass against the
    teacher's run (None: it does)."""
    if t["kind"] != "UnitTest":
        return None
    expects = [grading.Expect(c["what"], float(c["expected"]), float(c["actual"]),
                              float(c["tolerance"]), c["relation"]) for c in t["checks"]]
    outcome = grading.judged(grading.Outcome(expects), ref["checks"])
    if outcome.passed:
        return None
    return outcome.message or "a check does not hold: %s" % outcome.first_bad().what


def held_text(record, changed):
    """The report's last lines: the comparison with the teacher's run."""
    lines = ["", "== held against the teacher's run, by the grader (outside the sandbox)"]
    lines += ["   %-46s FAIL: %s" % (name, why) for name, why in changed]
    total = record["total"]
    lines.append("   %-46s %3d/%-3d %5.1f%%" % ("grade", total["points"], total["max"],
                                               total["percent"]))
    return "\n".join(lines) + "\n"


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    errors = [l for l in lines if " error:" in l or l.startswith("error")]
    return (errors or lines or ["no message"])[0][:200]


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def received_at(path):
    """When the submission reached the teacher: the file's time, not a
    commit date (those are the student's to set)."""
    return datetime.datetime.fromtimestamp(os.stat(path).st_mtime, datetime.timezone.utc) \
        .strftime("%Y-%m-%dT%H:%M:%SZ") if os.path.exists(path) else ""


def lab_max(lab):
    with open(lab.reference) as f:
        return json.load(f)["total"]["max"]


def report_head(sub):
    lines = ["student %s, commit %s, graded %s by grader %s" % (
        sub["student"], sub["commit"][:12] or "(none: a directory)", sub.get("graded_at", ""),
        sub["grader_version"]), "status: %s" % sub["status"]]
    if sub["reason"]:
        lines.append("reason: %s" % sub["reason"])
    if sub.get("sandbox_view"):
        lines.append("sandbox: %s" % sub["sandbox_view"])
    return "\n".join(lines) + "\n\n"


# ---- the course ------------------------------------------------------------

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lab", required=True)
    ap.add_argument("--out", required=True, help="where grades.csv and OUT/<student>/ go")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="submissions graded at once (default: the CPU count)")
    ap.add_argument("--limit", type=int, default=300,
                    help="wall-clock seconds for one submission's build and grade")
    ap.add_argument("--keep", action="store_true", help="keep each graded copy in OUT/.work")
    ap.add_argument("--no-sandbox", action="store_true",
                    help="without bubblewrap: as root, run each submission's code as an "
                    "unprivileged uid of its own (the teacher's files must be unreadable "
                    "to other users)")
    ap.add_argument("submissions", nargs="+", metavar="SUBMISSION")
    a = ap.parse_args()
    if a.jobs < 1:
        raise ToolError("--jobs must be at least 1")
    ids = [student_id(s) for s in a.submissions]
    dup = sorted(set(i for i in ids if ids.count(i) > 1))
    if dup:
        raise ToolError("two submissions for the same student id: %s" % ", ".join(dup))
    return a


def check_sandbox(args):
    """Refuse to grade (ToolError, one line) where the students' code could
    read the teacher's files: bubblewrap cannot run and no --no-sandbox, or
    --no-sandbox where it cannot protect them."""
    if not args.no_sandbox:
        if not sandbox.bwrap_works():
            raise ToolError("bubblewrap cannot create namespaces here, so a submission's "
                            "code could read the teacher's files: not grading (install "
                            "bubblewrap, allow user namespaces, or as root use --no-sandbox)")
        return
    if os.geteuid() != 0:
        raise ToolError("--no-sandbox runs each submission as an unprivileged uid of its "
                        "own: that needs root")
    seen = sandbox.readable_by(NO_SANDBOX_UID, [ROOT] + [os.path.abspath(s)
                                                        for s in args.submissions])
    if seen:
        raise ToolError("--no-sandbox: a student's uid could read %s: make it unreadable "
                        "to other users first (chmod o-rwx on it or a folder above)" % seen[0])


def work_base(args, out):
    """Where the submissions' trees are made: OUT/.work under bwrap; with
    --no-sandbox a fresh folder of /tmp that any uid may cross but not list
    (OUT is the teacher's alone: umask 077, mode 0700)."""
    if not args.no_sandbox:
        os.makedirs(os.path.join(out, ".work"), exist_ok=True)
        return os.path.join(out, ".work")
    os.umask(0o077)
    os.makedirs(os.path.join(out, ".work"), exist_ok=True)
    os.chmod(out, 0o700)
    base = tempfile.mkdtemp(prefix="nickel-grade-")
    os.chmod(base, 0o711)
    return base


def run():
    args = parse_args()
    check_sandbox(args)
    out = os.path.abspath(args.out)
    work = work_base(args, out)
    try:
        lab = Lab(args.lab, out, args.no_sandbox)
        lab.work = work
        if args.no_sandbox and sandbox.readable_by(NO_SANDBOX_UID, [lab.reference]):
            raise ToolError("--no-sandbox: a student's uid could read %s" % lab.reference)
        print("grading %d submissions of lab %s with grader %s, %d at a time (%s)" % (
            len(args.submissions), lab.name, lab.version, args.jobs,
            "no sandbox: each as a uid of its own" if args.no_sandbox else "bwrap"))
        return grade_all(lab, args, out)
    finally:
        if work != os.path.join(out, ".work"):
            shutil.rmtree(work, ignore_errors=True)


def grade_all(lab, args, out):
    start = time.time()
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda n: grade_one(lab, args.submissions[n], out, args.limit,
                                                 args.keep, n),
                             range(len(args.submissions))))
    rows.sort(key=lambda r: r["student"])
    with open(os.path.join(out, "grades.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        w.writerows(rows)
    for r in rows:
        print("%-20s %3s/%-3s %5.1f%%  %-8s %-8s %s" % (
            r["student"], r["points"], r["max"], r["percent"], r["status"], r["sandbox"],
            r["reason"][:90]))
    print("%d submissions in %.0f s; written to %s" % (
        len(rows), time.time() - start, os.path.join(args.out, "grades.csv")))
    return 0


def main():
    """run() as a command (lib.grading.command_main)."""
    return command_main("grade-submissions", run)
