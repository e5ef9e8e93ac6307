"""splice.py - take only the lab's code from a student's source file.

A submission is graded in the teacher's pristine handout, not in the
student's tree: the grader copies the handout, and into its SOURCE file
(kernel/sched/nick.c) puts the bodies of the lab's functions as the
student wrote them, and nothing else.  Code outside those bodies (a
constructor, an #include, a helper of the student's) never reaches the
compiler.

A body is refused, and its functions then score 0, when it holds what a
scheduler function has no use for and a cheat needs:

  * a preprocessor line (`#include`, `#define`, ...);
  * `asm`, `__attribute__`, `extern`, `_Pragma`, or any identifier that
    starts with two underscores (the compiler's own: __builtin_trap ...);
  * an identifier that is neither a C keyword, a name of the source file
    or of the project headers it includes (kernel/sched/*.h), nor a local
    the body declares itself.

The compiled object is checked too (undefined_symbols, extra_symbols):
it may call nothing the teacher's own solution does not call.
A refusal names the function, the line in the student's file, and why.
"""
import os
import re
import subprocess

C_KEYWORDS = set("""auto break case char const continue default do double else enum
extern float for goto if inline int long register restrict return short signed sizeof
static struct switch typedef union unsigned void volatile while _Bool bool true false
NULL""".split())
TYPE_WORDS = set("""char short int long signed unsigned float double void _Bool bool
const volatile static register""".split())
# Refused wherever they appear in a body: what reaches outside the C a
# scheduler function is made of.
FORBIDDEN = {"asm": "inline assembly", "extern": "an extern declaration (calls outside "
             "the lab's interface)", "_Pragma": "a pragma", "typedef": "a typedef",
             "goto": "goto"}
FORBIDDEN_PREFIX = "__"

TOKEN = re.compile(r"""
    (?P<space>\s+|\\\n) | (?P<comment>//[^\n]*|/\*.*?\*/) |
    (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*') |
    (?P<ident>[A-Za-z_]\w*) | (?P<number>\.?\d[\w.]*) |
    (?P<punct>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!~<>=]=?|[(){}\[\];,.?:#])
    """, re.S | re.X)


class Refused(Exception):
    """The submission's code is not graded: why, and where."""

    def __init__(self, reason, line=None, func=None):
        Exception.__init__(self, reason)
        self.reason, self.line, self.func = reason, line, func

    def __str__(self):
        where = []
        if self.func:
            where.append("in %s" % self.func)
        if self.line:
            where.append("line %d" % self.line)
        return "%s%s" % (self.reason, " (%s)" % ", ".join(where) if where else "")


def tokens(text, first_line=1):
    """(kind, text, line) of C tokens; comments and blanks left out."""
    out, pos, line = [], 0, first_line
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise Refused("a character C does not have: %r" % text[pos], line)
        kind = m.lastgroup
        if kind not in ("space", "comment"):
            out.append((kind, m.group(), line))
        line += m.group().count("\n")
        pos = m.end()
    return out


# ---- finding a function's body -------------------------------------------

def find_body(lines, func):
    """(first, last) line indexes of func's body: the lines between its '{'
    line (at column 0, after the signature naming func) and its '}' line.
    None when the file has no such function."""
    sig = re.compile(r"^[A-Za-z_].*\b%s\s*\(" % re.escape(func))
    for i, line in enumerate(lines):
        if sig.match(line) and not line.rstrip().endswith(";"):
            j = i
            while j < len(lines) and lines[j] != "{":
                if lines[j].rstrip().endswith(";") or (j > i and lines[j] == "}"):
                    break
                j += 1
            if j < len(lines) and lines[j] == "{":
                for k in range(j + 1, len(lines)):
                    if lines[k] == "}":
                        return j + 1, k
                return None
    return None


def marked(lines, first, last, lab):
    """The part of a body between its LAB markers, when it kept them."""
    begin = "/* LAB %s: begin */" % lab
    end = "/* LAB %s: end */" % lab
    ins = [i for i in range(first, last) if lines[i].strip() == begin]
    outs = [i for i in range(first, last) if lines[i].strip() == end]
    if len(ins) == 1 and len(outs) == 1 and ins[0] < outs[0]:
        return ins[0] + 1, outs[0]
    return first, last


def student_bodies(text, funcs, lab):
    """{func: (line number of its first line, [body lines]) or Refused when
    the file has no such function}, of a student's source file."""
    lines = text.split("\n")
    bodies = {}
    for func in funcs:
        span = find_body(lines, func)
        if span is None:
            bodies[func] = Refused("no function %s (its signature line, then '{' and '}' "
                                   "at column 0, as in the handout)" % func)
            continue
        first, last = marked(lines, span[0], span[1], lab)
        bodies[func] = (first + 1, lines[first:last])
    return bodies


def outside_change(student_text, handout_text, funcs):
    """The line number of the first line outside the lab's function bodies
    where the student's file differs from the handout's (code there is not
    graded: the report says it was ignored), or None."""
    def outside(text):
        lines = text.split("\n")
        keep = [(n + 1, l) for n, l in enumerate(lines)]
        spans = [find_body(lines, f) for f in funcs]
        for span in sorted((s for s in spans if s), reverse=True):
            del keep[span[0]:span[1]]
        return keep
    mine, theirs = outside(student_text), outside(handout_text)
    for (n, a), (_, b) in zip(mine, theirs):
        if a != b:
            return n
    if len(mine) != len(theirs):
        return (mine[len(theirs)][0] if len(mine) > len(theirs) else
                (mine[-1][0] if mine else 1))
    return None


# ---- what a body may hold -------------------------------------------------

def allowed_names(root, source):
    """The identifiers a body may use: C's keywords, every name of the
    pristine source file, and of the project headers it includes."""
    names = set(C_KEYWORDS) | {"uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t",
                               "int16_t", "int32_t", "int64_t", "size_t"}
    seen, todo = set(), [source]
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        with open(os.path.join(root, rel)) as f:
            text = f.read()
        names |= {t for kind, t, _ in tokens(text) if kind == "ident"}
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            for base in (os.path.dirname(rel), "kernel", "kernel/sched/host"):
                cand = os.path.normpath(os.path.join(base, inc))
                if os.path.isfile(os.path.join(root, cand)):
                    todo.append(cand)
                    break
    return {n for n in names if not n.startswith(FORBIDDEN_PREFIX)}


def declared_names(toks, known):
    """Locals a body declares: `TYPE [*]name [= ...] [, [*]name ...];` at
    the start of a statement (or of a for), TYPE being C's type words,
    `struct X` or a known name ending in _t."""
    names = set()
    i = 0
    while i < len(toks):
        starts = i == 0 or toks[i - 1][1] in ("{", "}", ";") or \
            (i >= 2 and toks[i - 1][1] == "(" and toks[i - 2][1] == "for")
        j = i
        if starts:
            while j < len(toks) and (toks[j][1] in TYPE_WORDS or
                                     (toks[j][1].endswith("_t") and toks[j][1] in known)):
                j += 1
            if j < len(toks) and toks[j][1] in ("struct", "union", "enum"):
                j += 2
        if j > i:
            depth = 0
            expect_name = True
            while j < len(toks) and not (depth == 0 and toks[j][1] in (";", ")")):
                t = toks[j][1]
                if t in "([{":
                    depth += 1
                elif t in ")]}":
                    depth -= 1
                elif depth == 0 and t == ",":
                    expect_name = True
                elif expect_name and toks[j][0] == "ident":
                    names.add(t)
                    expect_name = False
                elif t != "*":
                    expect_name = False
                j += 1
            i = j
        i += 1
    return names


def check_body(func, first_line, body, allowed):
    """Refused at the first thing the body may not hold."""
    for n, line in enumerate(body):
        if line.lstrip().startswith("#"):
            raise Refused("a preprocessor line (%s)" % line.strip()[:40], first_line + n, func)
    toks = tokens("\n".join(body), first_line)
    local = declared_names(toks, allowed)
    for kind, text, line in toks:
        if kind == "punct" and text == "#":
            raise Refused("a '#' outside a string", line, func)
        if kind != "ident":
            continue
        if text in FORBIDDEN:
            raise Refused("%s (`%s`)" % (FORBIDDEN[text], text), line, func)
        if text.startswith(FORBIDDEN_PREFIX):
            raise Refused("`%s`: names that start with __ belong to the compiler "
                          "(__attribute__, __asm__, __builtin_*)" % text, line, func)
        if text not in allowed and text not in local:
            raise Refused("`%s` is not a name the lab may use (C keywords, the names of "
                          "the source file and of kernel/sched's headers, your own locals)"
                          % text, line, func)


# ---- the splice -----------------------------------------------------------

def splice(handout_text, bodies):
    """The handout's source with each function's body replaced by the
    student's: {func: [lines]}."""
    lines = handout_text.split("\n")
    for func, body in bodies.items():
        span = find_body(lines, func)
        if span is None:
            raise ValueError("the handout has no function %s" % func)
        lines[span[0]:span[1]] = body
    return "\n".join(lines)


def take(student_text, handout_text, funcs, lab, allowed):
    """(spliced text, {func: Refused}): the handout's source with the
    student's bodies that pass check_body; a refused body keeps the stub."""
    good, refused = {}, {}
    for func, found in student_bodies(student_text, funcs, lab).items():
        if isinstance(found, Refused):
            refused[func] = found
            continue
        first, body = found
        try:
            check_body(func, first, body, allowed)
            good[func] = body
        except Refused as e:
            refused[func] = e
    return splice(handout_text, good), refused


# ---- the compiled object ---------------------------------------------------

def undefined_symbols(obj):
    """The symbols an object file needs from elsewhere (nm -u)."""
    p = subprocess.run(["nm", "-u", obj], capture_output=True, text=True, check=True)
    return {line.split()[-1] for line in p.stdout.splitlines() if line.strip()}


def extra_symbols(student_obj, teacher_obj):
    """What the student's object calls that the teacher's does not."""
    return sorted(undefined_symbols(student_obj) - undefined_symbols(teacher_obj))
