#!/usr/bin/env python3
"""tests/grading/test_grade_cases.py - the grader reads a student's C as the
compiler does: every honest style is taken, no cheat gets through.

For every lab of LABS (`wakeup`, `time` in kernel/sched/nick.c, `donate`
in kernel/sched/donation.c), in a few seconds, without grading:

  * honest variants, made from the teacher's own functions (so no
    solution is written here): K&R braces, trailing blanks, GNU style,
    Allman with 4-space indent and renamed locals, comments holding `#1`
    or the function's name at column 0, a static helper with a renamed
    parameter, enums (anonymous too), a static const and a struct,
    statement expressions and compound literals, digraphs, a trigraph in
    a comment, a line splice inside a name, CRLF, a BOM, the body on one
    line, an old try kept under `#if 0`, unrelated edits.  Each is taken
    whole (no refusal, no part left out) and the spliced file compiles as
    the kernel builds it;
  * cheats (tests/grading/grade_cases/*.c, edits of the handout's stub):
    each is refused with the expected rule and a line, or its code is
    left out (then the lab function is the stub), so it cannot score more
    than the stub;
  * the machine-code check on its own: a system call, a privileged
    instruction, or a symbol the lab's files do not declare in the
    compiled spliced file is refused, beyond what the handout's own code
    holds (donate's entry points take the run-queue lock: cli and sti).

tests/grading/test_grade_cases_e2e.py grades a few of them through
tools/grade-submissions; test_grade_cases_donate.py grades `donate`'s own
cases (grade_cases/donate/) on its visible tests.  Prints a table (case,
lab, result) and PASS/FAIL lines; exit 1 on a failure.  In a student's tree (no
labs/wakeup/handout.py) nothing runs.
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
from report import Report  # noqa: E402

report = Report("grade-cases:")
result = report.result
CASES = os.path.join(ROOT, "tests", "grading", "grade_cases")
# A lab the cases run against: its graded functions, the one a cheat's
# `//body` goes into (a static one: signature_changed drops its `static`),
# and the file that holds them.
Lab = collections.namedtuple("Lab", "funcs target source")
NICK = "kernel/sched/nick.c"
LABS = {"wakeup": Lab(["nick_activate"], "nick_activate", NICK),
        "time": Lab(["add_task_time", "task_priority", "task_timeslice"], "task_priority", NICK),
        "donate": Lab(["sched_set_donated", "donation_recompute", "donation_hold",
                       "donation_drop", "sched_donation_ran"], "donation_recompute",
                      "kernel/sched/donation.c")}


# ---- where a function is (from the parse) ------------------------------------

class Func:
    """One function of a file: byte offsets of its start, its body's `{`,
    its end; its name's offset; its parameters; the tokens inside it."""

    def __init__(self, data, name, path):
        from lib.grading import cparse
        parsed = cparse.Parsed(data, path, os.path.dirname(os.path.dirname(
            os.path.dirname(path))))
        c = [c for c in parsed.top_level() if c.spelling == name and c.is_definition()][0]
        self.start, self.end = c.extent.start.offset, c.extent.end.offset
        self.name_at = c.location.offset
        body = [k for k in c.get_children() if k.kind.name == "COMPOUND_STMT"][0]
        self.lbrace = body.extent.start.offset
        self.params = [k.spelling for k in c.get_children() if k.kind.name == "PARM_DECL"]
        self.returns = c.result_type.spelling
        self.locals = [k.spelling for k in cparse.walk(body) if k.kind.name == "VAR_DECL"]
        self.toks = [t for t in parsed.tokens if self.start <= t.start < self.end]


def per_func(transform):
    """A transform of every lab function of the file, last first."""
    def apply(data, funcs, path):
        for name in sorted(funcs, key=lambda n: -Func(data, n, path).start):
            data = transform(data, Func(data, name, path))
        return data
    return apply


def edit(data, a, b, new):
    return data[:a] + new + data[b:]


def renamed(data, f, old, new, start=None):
    """f's text with identifier old renamed (not after -> or .)."""
    out, pos = bytearray(), start if start is not None else f.start
    prev = None
    for t in f.toks:
        if t.start < pos:
            continue
        if t.text == old and t.kind == "IDENTIFIER" and (prev is None or
                                                         prev.text not in ("->", ".")):
            out += data[pos:t.start] + new.encode()
            pos = t.end
        prev = t
    return bytes(out + data[pos:f.end])


# ---- honest variants ------------------------------------------------------

def knr(data, f):
    close = [t for t in f.toks if t.start < f.lbrace and t.text == ")"][-1]
    return edit(data, close.end, f.lbrace, b" ")


def trailing(data, f):
    data = edit(data, f.end, f.end, b"\t")
    return edit(data, f.lbrace + 1, f.lbrace + 1, b" ")


def gnu(data, f):
    return edit(data, f.name_at - 1, f.name_at, b"\n")


def allman4(data, f):
    """4-space indent and the locals renamed (the first local of the body
    gets a my_ prefix)."""
    text = data[:f.lbrace] + renamed(data, f, f.locals[0], "my_" + f.locals[0], f.lbrace) \
        if f.locals else data[:f.end]
    return text[:f.start] + text[f.start:].replace(b"\t", b"    ") + data[f.end:]


def f_name(data, f):
    return data[f.name_at:f.name_at + 64].split(b"(")[0].decode()


def hash_comment(data, f):
    return edit(data, f.lbrace + 1, f.lbrace + 1,
                b"\n\t/*\n#1 credit the sleep\n#2 then the slice\n# asm goto extern\n\t */")


def name_comment(data, f):
    name = f_name(data, f).encode()
    return edit(data, f.end, f.end, b"\n\n/*\n%s(void)\n{\n}\n*/\n// %s() {\n" % (name, name))


def helper(data, f):
    """The logic in a static helper (its first parameter renamed), the lab
    function calling it with renamed parameters."""
    name = f_name(data, f)
    impl = renamed(data, f, f.params[0], "the_" + f.params[0])
    impl = impl.replace(name.encode() + b"(", b"%s_impl(" % name.encode(), 1)
    if not impl.startswith(b"static"):      # a helper must be static
        impl = b"static " + impl
    head = data[f.start:f.lbrace]
    for p in f.params:
        head = re.sub(rb"\b%s\b(?=\s*[,)])" % p.encode(), b"arg_" + p.encode(), head)
    call = b"%s_impl(%s)" % (name.encode(), b", ".join(b"arg_" + p.encode() for p in f.params))
    body = b"{\n\t%s%s;\n}" % (b"" if f.returns == "void" else b"return ", call)
    return edit(data, f.start, f.end, impl + b"\n\n" + head + body)


FILE_TYPES = (b"enum { NICK_HALF = 2 };\nenum nick_kind { NICK_A, NICK_B };\n"
              b"static const unsigned int nick_two = NICK_HALF;\n"
              b"static const int nick_table[] = { 1, 2 };\n"
              b"struct nick_pair { int a, b; };\n\n")


def with_types(transform):
    """transform on every lab function, FILE_TYPES before the first."""
    def apply(data, funcs, path):
        data = per_func(transform)(data, funcs, path)
        first = min(Func(data, n, path).start for n in funcs)
        return edit(data, first, first, FILE_TYPES)
    return apply


def enums(data, f):
    return edit(data, f.lbrace + 1, f.lbrace + 1,
                b"\n\tenum { LOCAL_ONE = 1 };\n\t(void)(nick_two + LOCAL_ONE + NICK_B "
                b"+ nick_table[0]);")


def gnu_ext(data, f):
    return edit(data, f.lbrace + 1, f.lbrace + 1,
                b"\n\tstruct nick_pair pair = (struct nick_pair){ .a = ({ int t_ = 1; "
                b"t_ + 1; }),\n\t\t.b = nick_table[1] + (int)nick_two };\n\t(void)pair;")


DIGRAPH = {"{": b"<%", "}": b"%>", "[": b"<:", "]": b":>"}


def digraphs(data, f):
    for t in reversed(f.toks):
        if t.kind == "PUNCTUATION" and t.text in DIGRAPH and t.start >= f.lbrace:
            data = edit(data, t.start, t.end, DIGRAPH[t.text])
    return data


def trigraph_comment(data, f):
    return edit(data, f.lbrace + 1, f.lbrace + 1, b"\n\t/* really??! and ??= */")


def splice_name(data, f):
    t = [t for t in f.toks if t.start > f.lbrace and t.kind == "IDENTIFIER"
         and len(t.text) >= 4][0]
    return edit(data, t.start + 2, t.start + 2, b"\\\n")


def if0_old_try(data, f):
    """An old try kept after the function under `#if 0`."""
    return edit(data, f.end, f.end, b"\n\n#if 0\n" + data[f.start:f.lbrace] +
                b"{\n#ifdef X\n\t/* old */\n#endif\n}\n#endif\n")


def one_line(data, f):
    text = b" ".join(t.text.encode() for t in f.toks if t.kind != "COMMENT")
    return edit(data, f.start, f.end, text)


def whole(transform):
    return lambda data, funcs, path: transform(data)


HONEST = [
    ("knr-braces", per_func(knr)),
    ("trailing-blanks", per_func(trailing)),
    ("gnu-style", per_func(gnu)),
    ("allman-4-spaces", per_func(allman4)),
    ("comment-with-hash", per_func(hash_comment)),
    ("comment-naming-the-function", per_func(name_comment)),
    ("static-helper-renamed-params", per_func(helper)),
    ("enums-const-struct", with_types(enums)),
    ("gnu-statement-expr-compound-literal", with_types(gnu_ext)),
    ("digraphs", per_func(digraphs)),
    ("trigraph-in-comment", per_func(trigraph_comment)),
    ("line-splice-in-a-name", per_func(splice_name)),
    ("one-line-body", per_func(one_line)),
    ("old-try-under-if-0", per_func(if0_old_try)),
    ("crlf", whole(lambda d: d.replace(b"\n", b"\r\n"))),
    ("utf8-bom", whole(lambda d: b"\xef\xbb\xbf" + d)),
    ("unrelated-comment-edits", whole(lambda d: b"/* my notes: \xc3\xa9t\xc3\xa9 */\n\n" + d)),
]

# ---- cheats: grade_cases/NAME.c -------------------------------------------
# A case file is edits of a base file (the handout's stub for a cheat),
# one section each, after a line that names it (no space after the //):
#   //body [FUNC]     inserted at the top of FUNC's body (default: the
#                     lab's target);
#   //function FUNC   FUNC's whole definition, in place of the base's;
#   //before          put before the lab's first function (helpers);
#   //file            put before the file's first line;
#   //unstatic        the target without its `static`;
#   //twice           the target defined twice.
# Any other `//` line is a comment: the first says what the case proves.
# @ROOT@ is the teacher's tree, @SOURCE@ the lab's file in it.  RULES: the
# rule each must be refused by (None: nothing refused, the code is left
# out and the stub graded).
RULES = {
    "digraph_include": "preprocessor directive", "hash_include": "preprocessor directive",
    "trigraph_include": "trigraph", "asm_line_splice": "asm", "asm_dunder": "asm",
    "asm_plain": "asm", "builtin": "compiler's name", "attribute_helper": "attribute",
    "pragma": "pragma", "nested_function": "nested function",
    "local_prototype": "nested function", "extern": "extern", "undeclared_call": "name",
    "code_as_function": "function pointer cast", "macro_from_outside": "name",
    "include_at_top": None, "helper_not_static": "helper not static",
    "goto": "goto", "typedef": "typedef", "mutable_global": "file-scope variable",
    "static_in_body": "static variable",
    "signature_changed": "signature", "two_definitions": "two definitions",
}


def sections(path, lab):
    """[(kind, func, text)] of a case file, and its comment lines."""
    with open(path) as f:
        text = f.read().replace("@ROOT@", ROOT).replace("@SOURCE@", lab.source)
    found, notes = [], []
    for line in text.splitlines(True):
        words = line[2:].split() if line.startswith("//") and line[2:3].isalpha() else []
        if words and words[0] in ("body", "function", "before", "file", "unstatic", "twice"):
            found.append([words[0], words[1] if len(words) > 1 else lab.target, ""])
        elif line.startswith("//"):
            notes.append(line[2:].strip())
        elif found:
            found[-1][2] += line
    return found, notes


def case_text(base, path, lab, where):
    """base (bytes) with the case file's edits; where: the base's path."""
    top = b""
    for kind, name, text in sections(path, lab)[0]:
        text = text.encode()
        if kind == "file":
            top += text
            continue
        if kind == "before":
            first = min(Func(base, n, where).start for n in lab.funcs)
            base = edit(base, first, first, text + b"\n")
            continue
        f = Func(base, name, where)
        if kind == "twice":
            base = edit(base, f.end, f.end, b"\n\n" + base[f.start:f.end])
        elif kind == "unstatic":        # the handout's function without its `static`
            base = edit(base, f.start, f.start + len(b"static "), b"")
        elif kind == "function":
            base = edit(base, f.start, f.end, text.rstrip(b"\n"))
        elif text:
            base = edit(base, f.lbrace + 1, f.lbrace + 1, b"\n" + text)
    return top + base


def cheat_text(stub, name, lab, path):
    return case_text(stub, os.path.join(CASES, name + ".c"), lab, path)


# ---- running them ---------------------------------------------------------

def setup(lab, tmp):
    from lib.grading import splice
    handout = os.path.join(tmp, lab)
    subprocess.run([sys.executable, "tools/handout", lab, "--out", handout], cwd=ROOT,
                   check=True, capture_output=True)
    source = LABS[lab].source
    with open(os.path.join(handout, source)) as f:
        pristine = splice.Pristine(f.read(), LABS[lab].funcs, handout, source)
    return handout, pristine


def judge_honest(lab, name, text, pristine, rows):
    from lib.grading import coderules, splice
    source = LABS[lab].source
    taken = splice.take(text.decode("utf-8", "replace"), pristine, source)
    funcs = LABS[lab].funcs
    problem = None
    if taken.refused or taken.dropped:
        problem = "refused: %s" % "; ".join(str(r) for r in list(taken.refused.values()) +
                                              taken.dropped)
    elif sorted(w for w, _ in taken.parts if w in funcs) != sorted(funcs):
        problem = "taken %s, expected every lab function" % taken.parts
    elif taken.ignored and name not in ("old-try-under-if-0",):
        problem = "reported a change outside from line %d" % taken.ignored
    else:
        with tempfile.TemporaryDirectory() as d:
            obj = os.path.join(d, "x.o")
            err = coderules.kernel_compile(taken.text, pristine.root, source, obj)
            machine = None if err else coderules.object_rules(
                obj, pristine, coderules.handout_privileged(pristine))
        problem = ("the spliced file does not compile: %s" % err if err else
                   "machine code refused: %s" % machine if machine else None)
    rows.append((name, lab, "taken: %s" % ", ".join(w for w, _ in taken.parts)
                 if not problem else "FAILED"))
    result("honest:%s:%s" % (lab, name), problem)


def judge_cheat(lab, name, text, pristine, rows):
    from lib.grading import splice
    taken = splice.take(text.decode("utf-8", "replace"), pristine, LABS[lab].source)
    rule = RULES[name]
    target = LABS[lab].target
    got = list(taken.refused.values()) + taken.dropped
    rules = {r.rule for r in got}
    stubbed = taken.text == pristine.data.decode() or target in taken.refused
    problem = None
    if rule is None:
        if got or ROOT + "/" + LABS[lab].source in taken.text or taken.ignored != 1:
            problem = "expected the stub spliced and an `ignored` line, got refused %s" % got
    elif rule not in rules:
        problem = "expected rule %r, got %s" % (rule, [str(r) for r in got] or "nothing")
    elif not all(r.line for r in got):
        problem = "a refusal without a line: %s" % got
    elif not stubbed and not (rule in rules and any(r.rule for r in taken.dropped)):
        problem = "the target %s was not left as the stub" % target
    shown = "; ".join(str(r) for r in got) or "ignored from line %s" % taken.ignored
    rows.append((name, lab, shown))
    result("cheat:%s:%s" % (lab, name), problem, shown[:110])


def machine_cases(lab, pristine, rows):
    """The machine-code check alone: the spliced file written directly."""
    from lib.grading import coderules
    f = Func(pristine.data, LABS[lab].target, pristine.path)
    cases = [("syscall-instruction", b"\n\t__asm__ volatile(\"int $0x80\");\n", "int"),
             ("privileged-cli", b"\n\t__asm__ volatile(\"cli; hlt\");\n", "cli"),
             ("undeclared-symbol", b"\n\t{ extern int getpid(void); getpid(); }\n", "getpid")]
    for name, body, want in cases:
        text = edit(pristine.data, f.lbrace + 1, f.lbrace + 1, body).decode()
        said = coderules.machine_rules(text, pristine)
        rows.append(("machine:" + name, lab, "; ".join(said)))
        result("machine:%s:%s" % (lab, name), None if said and want in said[0] else
               "expected a refusal naming %r, got %s" % (want, said))
    said = coderules.machine_rules(pristine.data.decode(), pristine)
    result("machine:%s:the-stub-passes" % lab, "refused: %s" % said if said else None)


def size_case(lab, pristine, rows):
    """A file over splice.MAX_BYTES is not read: every lab function refused."""
    from lib.grading import splice
    taken = splice.take(pristine.data.decode() + "/*" + "x" * splice.MAX_BYTES + "*/\n",
                        pristine, LABS[lab].source)
    rules = {r.rule for r in taken.refused.values()}
    rows.append(("file-too-large", lab, "; ".join(sorted(rules))))
    result("cheat:%s:file-too-large" % lab, None if rules == {"file too large"} and
           len(taken.refused) == len(LABS[lab].funcs) else "got %s" % taken.refused)


def run_cases(work, prefix):
    """work(tmp, rows) in a scratch directory, then the table of rows;
    nothing in a student's tree.  The exit status."""
    if not os.path.isfile(os.path.join(ROOT, "labs", "wakeup", "handout.py")):
        print("PASS %s:student-tree (nothing to grade in a handout)" % prefix)
        return 0
    tmp = tempfile.mkdtemp(prefix=prefix + "-")
    rows = []
    try:
        work(tmp, rows)
        print("%-40s %-7s %s" % ("case", "lab", "result"))
        for case, lab, what in rows:
            print("%-40s %-7s %s" % (case, lab, what[:150]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report.status()


def teacher_file(lab):
    with open(os.path.join(ROOT, LABS[lab].source), "rb") as f:
        return f.read()


def all_cases(tmp, rows):
    for lab in LABS:
        teacher = teacher_file(lab)
        _, pristine = setup(lab, tmp)
        path = pristine.path
        for name, transform in HONEST:
            judge_honest(lab, name, transform(teacher, LABS[lab].funcs, path), pristine, rows)
        for name in sorted(RULES):
            judge_cheat(lab, name, cheat_text(pristine.data, name, LABS[lab], path),
                        pristine, rows)
        machine_cases(lab, pristine, rows)
        size_case(lab, pristine, rows)


if __name__ == "__main__":
    sys.exit(run_cases(all_cases, "grade-cases"))
