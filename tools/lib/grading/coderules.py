"""coderules.py - what a student's lab code may hold, checked three ways:
on the compiler's tokens, on its parse, and on the machine code.

A scheduler function computes with the scheduler's data and calls the
scheduler's functions.  A cheat needs something else: a preprocessor
directive to pull in the teacher's files, inline assembly or a builtin to
make a system call, a name the lab does not give.  So, in every part the
grader takes (tools/lib/grading/splice.py):

  tokens (clang's lexer: `%:` is `#`, `as\\<newline>m` is `asm`, comments
  are gone; trigraphs are what gnu11 makes of them, and `??=` is refused
  anyway): no `#`/`%:`/`##` (a preprocessor directive), no `asm`,
  `__asm`, `__asm__`, no `__attribute__`, no `_Pragma`, no `goto`,
  `typedef` or `extern`, no name that starts with `__` (the compiler's
  own: __builtin_*, __sync_*), no trigraph;

  the parse (the pristine file with the parts spliced in): it compiles;
  no nested function or function declared inside a function, no asm
  statement, no attribute; every name the student spells resolves to a
  declaration of the tree's files (the source file, the project headers
  it includes) or of the compiler's freestanding headers (stdint.h ...),
  or of the student's own parts, locals and parameters;

  the machine code (the spliced file compiled as the kernel builds it):
  no system call or privileged instruction, no symbol from outside that
  the handout's file does not use.

GNU C that gcc accepts and that reaches nothing outside (statement
expressions `({ ... })`, compound literals `(struct x){ ... }`, `typeof`,
case ranges) is taken: it is C of the kernel's dialect, and the rules
above hold inside it as everywhere.
"""
import os
import re
import subprocess
import tempfile

from lib.grading import cparse

TOKEN_RULES = {
    "asm": ("asm", "inline assembly"), "__asm": ("asm", "inline assembly"),
    "__asm__": ("asm", "inline assembly"),
    "__attribute__": ("attribute", "an attribute"), "__attribute": ("attribute", "an attribute"),
    "__declspec": ("attribute", "an attribute"),
    "_Pragma": ("pragma", "a pragma"), "__pragma": ("pragma", "a pragma"),
    "goto": ("goto", "goto"), "typedef": ("typedef", "a new name for a type"),
    "extern": ("extern", "an extern declaration: something from outside the lab's files"),
}
ALLOWED_DUNDER = {"__func__"}
TRIGRAPH_TAIL = "=()/'<>!-"


class Refused(Exception):
    """A part is not graded: the rule, and where (file, line, part)."""

    def __init__(self, reason, line=None, func=None, rule=None, file=None):
        Exception.__init__(self, reason)
        self.reason, self.line, self.func, self.rule, self.file = reason, line, func, rule, file

    def place(self, file, line, func):
        """Fill in where, unless already known."""
        self.file = self.file or file
        self.line = self.line or line
        self.func = self.func or func

    def __str__(self):
        where = []
        if self.line:
            where.append("line %d%s" % (self.line, " of %s" % self.file if self.file else ""))
        if self.func:
            where.append("in %s" % self.func)
        text = "%s: %s" % (", ".join(where), self.reason) if where else self.reason
        return text + (" (rule: %s)" % self.rule if self.rule else "")


# ---- tokens ------------------------------------------------------------------

def token_rules(toks, start, end):
    """Refused at the first token in [start, end) that breaks a rule, or
    None.  Its line is filled in by the caller's place()."""
    mine = toks.between(start, end)
    for i, t in enumerate(mine):
        why = token_rule(t, mine[i + 1:i + 3])
        if why:
            rule, text = why
            r = Refused(text, rule=rule)
            r.offset = t.start
            return r
    return None


def token_rule(t, following):
    """(rule, text) when token t (and the tokens following it) break one."""
    if t.kind == "PUNCTUATION" and t.text in cparse.HASH:
        return ("preprocessor directive", "`%s` starts a preprocessor directive (#include, "
                "#define, ...), which is not allowed in a lab's code" % t.text)
    if t.text in TOKEN_RULES:
        rule, what = TOKEN_RULES[t.text]
        return (rule, "`%s` (%s) is not allowed in a lab's code" % (t.text, what))
    if t.kind in ("IDENTIFIER", "KEYWORD") and t.text.startswith("__") and \
            t.text not in ALLOWED_DUNDER:
        return ("compiler's name", "`%s`: names that start with __ are the compiler's own "
                "(__builtin_*, __sync_*, ...), not the lab's" % t.text)
    if t.text == "?" and len(following) == 2 and following[0].text == "?" and \
            following[0].start == t.end and following[1].start == following[0].end and \
            following[1].text[:1] in TRIGRAPH_TAIL:
        return ("trigraph", "`??%s` is a trigraph (an old spelling of a punctuator), not "
                "allowed in a lab's code" % following[1].text[:1])
    return None


# ---- the parse ---------------------------------------------------------------

def parse_rules(check, where, root, data, source, dropped):
    """Check the live parts in the parse of the spliced file (check);
    where = [(start, end, part)] their ranges in it.  Refuses (sets
    part.refused) each part that does not compile, breaks a rule, or uses
    a refused part; True when it refused one (the caller splices again)."""
    spans = cparse.Spans((a, b) for a, b, _ in where)   # where is in order

    def part_at(offset):
        i = None if offset is None else spans.index(offset)
        return (None, None) if i is None else (where[i][0], where[i][2])

    def refuse(part, offset, reason, rule):
        if part.refused is None:
            a, _ = part_at(offset)
            line = cparse.line_of(data, part.start + (offset - a)) if a is not None else None
            part.refused = Refused(reason, line, part.what, rule, source)

    names = {}
    for p in dropped:
        for n in p.names:
            names[n] = p
    for offset, msg in check.errors:
        a, part = part_at(offset)
        if part is None:
            for _, _, p in where:
                refuse(p, None, "with your code, the handout's file does not compile: %s"
                       % msg, "does not compile")
            continue
        quoted = re.findall(r"'([A-Za-z_]\w*)'", msg)
        used = [n for n in quoted if n in names]
        if used:
            refuse(part, offset, "uses `%s`, which is refused (%s)"
                   % (used[0], names[used[0]].refused), "uses a refused part")
        else:
            refuse(part, offset, *explain(msg, quoted))
    by_start = {}
    for c in check.top_level():
        a, part = part_at(c.extent.start.offset)
        if part is not None and part.refused is None:
            by_start.setdefault(id(part), (part, []))[1].append(c)
    for part, cursors in by_start.values():
        for c in cursors:
            found = ast_rule(c, check.data, root, where, part)
            if found:
                node, reason, rule = found
                refuse(part, node.extent.start.offset, reason, rule)
                break
    return any(p.refused is not None for _, _, p in where)


def explain(msg, quoted):
    """(reason, rule) for a compiler error, in a student's words."""
    if "function definition is not allowed here" in msg:
        return ("a nested function (a function defined inside another) is not allowed",
                "nested function")
    if quoted and ("undeclared identifier" in msg or "implicit declaration" in msg):
        return ("`%s` is not a name the lab may use: it is declared neither in the handout's "
                "file and the headers it includes nor in your code" % quoted[0], "name")
    return ("does not compile: %s" % msg, "does not compile")


def ast_rule(top, text, root, where, part):
    """(node, reason, rule) of the first node under top that breaks a
    rule, or None."""
    for node in cparse.walk(top):
        kind = node.kind
        if kind.name in ("ASM_STMT", "MS_ASM_STMT"):
            return node, "inline assembly is not allowed in a lab's code", "asm"
        if kind.is_attribute():
            return node, "an attribute is not allowed in a lab's code", "attribute"
        if kind.name == "VAR_DECL" and node != top and node.storage_class.name == "STATIC" \
                and not node.type.is_const_qualified():
            return (node, "a static variable inside a function (`%s`) keeps state from one "
                    "call to the next: only `static const` is taken" % node.spelling,
                    "static variable")
        if kind.name == "FUNCTION_DECL" and node != top:
            return (node, "a function declared inside a function (`%s`) is not allowed"
                    % node.spelling, "nested function")
        if kind.name == "CSTYLE_CAST_EXPR" and node.type.kind.name == "POINTER" and \
                node.type.get_pointee().kind.name in ("FUNCTIONPROTO", "FUNCTIONNOPROTO"):
            return (node, "a cast to a function pointer (calling what is not a function) "
                    "is not allowed", "function pointer cast")
        if kind.name not in ("DECL_REF_EXPR", "MEMBER_REF_EXPR", "TYPE_REF", "CALL_EXPR"):
            continue
        ref = node.referenced
        if ref is None or not spelled_here(node, ref, text):
            continue
        why = foreign(ref, root, where, part)
        if why:
            return node, "`%s` %s" % (ref.spelling, why), "name"
    return None


def spelled_here(node, ref, text):
    """Whether the student wrote the name (not a macro of a header that
    expands to it)."""
    a = node.location.offset
    name = ref.spelling.encode()
    return text[a:a + len(name)] == name


def foreign(ref, root, where, part):
    """Why the declaration ref is not one the lab may use, or None."""
    f = ref.location.file
    if f is None:
        return "is the compiler's own (a builtin), not a name the lab may use"
    path = os.path.realpath(f.name)
    if cparse.compiler_header(path):
        return None
    if not path.startswith(os.path.realpath(root) + os.sep):
        return "is declared in %s, outside the lab's files" % f.name
    return None


# ---- the machine code --------------------------------------------------------

# System calls, interrupts, port I/O, halting, interrupt flag, descriptor
# tables, control/debug/model-specific registers, far transfers.
PRIVILEGED = re.compile(r"^(int[013]?|into|icebp|syscall|sysenter|sysexit|sysret[lq]?|"
                        r"in[bwl]?|out[bwl]?|ins[bwld]?|outs[bwld]?|hlt|cli|sti|"
                        r"l[gil]dt[lw]?|s[gil]dt[lw]?|ltr|str|lmsw|clts|invd|wbinvd|invlpg|"
                        r"wrmsr|rdmsr|rdpmc|iret[lwdq]?|lcall[lw]?|ljmp[lw]?|swapgs|"
                        r"vmcall|vmmcall|ud2|ud1|ud0)$")
# What gcc calls for 64-bit arithmetic on i386 (libgcc: __udivdi3 ...).
LIBGCC = re.compile(r"^__(u?(div|mod|divmod)|ashl|ashr|lshr|mul|neg|cmp|ucmp)[sdt]i[234]$")


def kernel_compile(text, root, source, obj):
    """Compile text as root's kernel build compiles source (mk/kernel.mk);
    the compiler's first error, or None."""
    inc = os.path.join(root, os.path.dirname(source))
    gcc_inc = subprocess.run(["gcc", "-m32", "-print-file-name=include"],
                             capture_output=True, text=True).stdout.strip()
    cmd = ["gcc", "-m32", "-std=gnu11", "-ffreestanding", "-fno-pie", "-fno-pic",
           "-fno-stack-protector", "-fno-omit-frame-pointer", "-fno-strict-aliasing",
           "-mgeneral-regs-only", "-O2", "-nostdinc", "-isystem", gcc_inc,
           "-I" + os.path.join(root, "arch/i386/include"), "-I" + os.path.join(root, "kernel"),
           "-I" + os.path.join(root, "kernel/env"), "-iquote", inc, "-c", "-x", "c", "-",
           "-o", obj]
    p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return ([l for l in p.stderr.splitlines() if "error" in l] or ["failed"])[0]
    return None


def instructions(obj):
    """[(function, mnemonic, operands)] of an object's code (objdump -d)."""
    p = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj],
                       capture_output=True, text=True, check=True)
    out, func = [], None
    for line in p.stdout.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            func = m.group(1)
            continue
        m = re.match(r"^\s+[0-9a-f]+:\s+(\S+)\s*(.*)$", line)
        if m:
            out.append((func, m.group(1), m.group(2)))
    return out


def machine_rules(text, pristine):
    """[why] the spliced file's machine code is refused (empty: taken).
    pristine: splice.Pristine (its root, source and declared names)."""
    with tempfile.TemporaryDirectory(prefix="coderules-") as tmp:
        obj = os.path.join(tmp, "student.o")
        err = kernel_compile(text, pristine.root, pristine.source, obj)
        if err:             # the code is checked as the kernel builds it
            return ["it does not compile as the kernel builds it (i386): %s" % err]
        return object_rules(obj, pristine, handout_privileged(pristine))


def compiled_handout(pristine, tmp):
    """The handout's own file compiled as the kernel builds it: the object's
    path, or ValueError (no i386 compiler: Debian's gcc-multilib)."""
    obj = os.path.join(tmp, "handout.o")
    err = kernel_compile(pristine.data.decode(), pristine.root, pristine.source, obj)
    if err:
        raise ValueError("the handout's %s: it does not compile as the kernel builds it "
                         "(i386): %s" % (pristine.source, err))
    return obj


def handout_privileged(pristine):
    """{(function, instruction): count} of the handout's own file: the
    privileged instructions its code has without the student's (its entry
    points take the run-queue lock, with cli and sti).  Computed once."""
    if getattr(pristine, "privileged_insns", None) is None:
        with tempfile.TemporaryDirectory(prefix="coderules-") as tmp:
            pristine.privileged_insns = privileged(compiled_handout(pristine, tmp))
    return pristine.privileged_insns


def check_toolchain(pristine):
    """ValueError when the handout's own file does not compile as the kernel
    builds it (no i386 compiler: Debian's gcc-multilib)."""
    handout_privileged(pristine)


def privileged(obj):
    """{(function, instruction): count} of the system calls and privileged
    instructions in an object's code."""
    found = {}
    for func, op, args in instructions(obj):
        if op.startswith(("rep", "lock")) and args:
            op = args.split()[0]
        if PRIVILEGED.match(op) or (op.startswith("mov") and re.search(r"%[cd]r\d", args)):
            key = (func, (op + " " + args).strip())
            found[key] = found.get(key, 0) + 1
    return found


def object_rules(obj, pristine, allowed=None):
    """[why] a compiled object is refused (empty: taken).  allowed: what the
    handout's own code already holds, function by function
    (handout_privileged); only more than that is the student's."""
    problems = []
    for (func, insn), n in sorted(privileged(obj).items()):
        if n > (allowed or {}).get((func, insn), 0):
            problems.append("the compiled code of %s holds `%s`, a system call or "
                            "privileged instruction" % (func, insn))
    extra = sorted(s for s in undefined_symbols(obj)
                   if s not in pristine.declared and not LIBGCC.match(s))
    if extra:
        problems.append("the compiled code uses %s, which the lab's files do not declare"
                        % ", ".join("`%s`" % s for s in extra))
    return problems[:3]


def undefined_symbols(obj):
    """The symbols an object file needs from elsewhere (nm -u)."""
    p = subprocess.run(["nm", "-u", obj], capture_output=True, text=True, check=True)
    return {line.split()[-1] for line in p.stdout.splitlines() if line.strip()}


def extra_symbols(student_obj, teacher_obj):
    """What the student's object calls that the teacher's does not."""
    return sorted(undefined_symbols(student_obj) - undefined_symbols(teacher_obj))
