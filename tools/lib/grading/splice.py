"""splice.py - take the lab's code from a student's source file, as the
compiler reads it, and put it into the teacher's pristine file.

A submission is graded in the teacher's pristine handout, not in the
student's tree.  From the student's SOURCE file (kernel/sched/nick.c)
the grader takes, by clang's own parse (tools/lib/grading/cparse.py), never a
pattern over lines:

  * the lab's functions (labs/LAB/handout.py STUBS), whole: the student
    may rename parameters and lay the code out in any style; the type and
    `static` must stay the handout's;
  * what the student added at file scope for them: `static` helper
    functions (and their `static` prototypes), `static const` constants,
    `enum`s (anonymous too), `struct` and `union` types.

Those parts are checked (tools/lib/grading/coderules.py) and spliced into the
pristine file: each lab function in place of the handout's, the added
parts just before the first lab function (after prototypes of the file's
static functions, so a helper may call any of them), each under a `#line`
naming the student's line, so the compiler's errors do too.  Anything
else in the file (an #include, a changed handout function, a global
variable) is not taken; the report says from which line the file
differs outside the taken parts.

A refused lab function keeps the handout's stub and scores 0; a refused
added part is left out, and so is every part that uses it (the lab
function then keeps its stub), each refusal naming the rule, the line
and the token.
"""
import os

from lib.grading import coderules, cparse

Refused = coderules.Refused
MAX_BYTES = 1 << 20  # a source file larger than this is not read (1 MiB)
ROUNDS = 6          # parse, refuse, parse again: a refusal can only shrink the parts


class Part:
    """A top-level piece of a file: its byte range, its declarations'
    cursors, the names it declares, and what it is."""

    def __init__(self, start, end, cursors):
        self.start, self.end, self.cursors = start, end, cursors
        self.names = {c.spelling for c in cursors if c.spelling}
        self.func = None            # the lab function it defines
        self.what = None            # how the report names it
        self.refused = None

    def text(self, data):
        return data[self.start:self.end]


def parts_of(parsed, toks):
    """The top-level declarations of a parsed file as Parts: a declaration
    that is not a function definition runs to its `;`, and declarations
    that share text (`static const int A = 1, B = 2;`) are one part."""
    parts = []
    for c in parsed.top_level():
        start, end = c.extent.start.offset, c.extent.end.offset
        if not (c.kind.name == "FUNCTION_DECL" and c.is_definition()):
            after = toks.next_after(end)
            if after is not None and after.text == ";":
                end = after.end
        if parts and start < parts[-1].end:
            parts[-1].end = max(parts[-1].end, end)
            parts[-1].cursors.append(c)
            parts[-1].names |= {c.spelling} if c.spelling else set()
        else:
            parts.append(Part(start, end, [c]))
    return parts


def spellings(toks, start, end):
    return tuple(t.text for t in toks.between(start, end))


def classify(part, funcs, pristine, pristine_texts, toks):
    """Set part.func / part.what, or return why the part is not taken:
    'same' (as in the handout) or 'changed' (a handout declaration
    edited: ignored)."""
    kinds = {c.kind.name for c in part.cursors}
    defs = [c for c in part.cursors if c.kind.name == "FUNCTION_DECL" and c.is_definition()]
    if len(part.cursors) == 1 and defs and defs[0].spelling in funcs:
        part.func = part.what = defs[0].spelling
        return None
    if spellings(toks, part.start, part.end) in pristine_texts:
        return "same"
    if part.names & pristine:
        return "changed"
    name = ", ".join(sorted(part.names)) or "(anonymous)"
    if kinds <= {"FUNCTION_DECL"}:
        part.what = "helper %s" % name
        if any(c.storage_class.name != "STATIC" for c in part.cursors):
            part.refused = Refused("a helper function must be `static` (`%s`)" % name,
                                   rule="helper not static")
    elif kinds <= {"VAR_DECL", "STRUCT_DECL", "UNION_DECL", "ENUM_DECL"} and "VAR_DECL" in kinds:
        part.what = "constant %s" % name
        for c in part.cursors:
            if c.kind.name == "VAR_DECL" and not (c.storage_class.name == "STATIC"
                                                  and const_type(c.type)):
                part.refused = Refused("a file-scope variable (`%s`): only `static const` "
                                       "constants are taken" % c.spelling,
                                       rule="file-scope variable")
    elif kinds <= {"STRUCT_DECL", "UNION_DECL", "ENUM_DECL"}:
        part.what = "type %s" % name
    elif "TYPEDEF_DECL" in kinds:
        part.what = "typedef %s" % name
        part.refused = Refused("`typedef` (a new name for a type) is not allowed",
                               rule="typedef")
    else:
        part.what = name
        part.refused = Refused("a declaration the grader does not take (%s)" %
                               "/".join(sorted(kinds)).lower(), rule="declaration")
    return None


def const_type(t):
    while t.kind.name in ("CONSTANTARRAY", "INCOMPLETEARRAY"):
        t = t.get_array_element_type()
    return t.is_const_qualified()


class Pristine:
    """The handout's file, parsed once per lab."""

    def __init__(self, text, funcs, root, source):
        self.root, self.source, self.path = root, source, os.path.join(root, source)
        self.data = text.encode()
        path = self.path
        parsed = cparse.Parsed(self.data, path, root)
        if parsed.errors:
            raise ValueError("the handout's %s does not parse: %s" % (path, parsed.errors[0][1]))
        self.toks = parsed.tokens
        self.parts = parts_of(parsed, self.toks)
        self.funcs = {}
        self.prototypes = b""       # of every static function: a helper may call any
        for p in self.parts:
            for c in p.cursors:
                if c.kind.name != "FUNCTION_DECL" or not c.is_definition():
                    continue
                body = [k for k in c.get_children() if k.kind.name == "COMPOUND_STMT"][0]
                head = self.data[p.start:body.extent.start.offset]
                if c.storage_class.name == "STATIC":
                    self.prototypes += head.rstrip() + b";\n"
                if c.spelling in funcs:
                    self.funcs[c.spelling] = (p, c.type.spelling, c.storage_class.name, head)
        missing = [f for f in funcs if f not in self.funcs]
        if missing:
            raise ValueError("the handout has no function %s" % ", ".join(missing))
        self.names = set().union(*(p.names for p in self.parts)) - set(funcs)
        self.texts = {spellings(self.toks, p.start, p.end) for p in self.parts}
        # What the lab's files declare: all the compiled code may call.
        self.declared = {c.spelling for c in parsed.tu.cursor.get_children()
                         if c.location.file is not None and
                         os.path.realpath(c.location.file.name).startswith(
                             os.path.realpath(root) + os.sep)}
        self.directives = {line.strip() for line in self.data.split(b"\n")
                           if line.strip().startswith(b"#")}


def directives(data, toks):
    """[(start, end, words)] of the file's preprocessor directives: from
    the `#` (any spelling) to the end of its line, splices followed."""
    found = []
    for t in toks:
        if t.kind == "PUNCTUATION" and t.text in cparse.HASH:
            end = t.start
            while end < len(data) and (data[end:end + 1] != b"\n" or
                                       data[end - 1:end] == b"\\" or
                                       data[end - 2:end] == b"\\\r"):
                end += 1
            words = [w.text for w in toks.between(t.end, end)]
            found.append((t.start, end, words))
    return found


def neutralized(data, toks, keep):
    """data with every preprocessor directive blanked (spaces, newlines
    kept, so offsets and lines stay), but those of the handout (keep), and
    the code under an `#if 0` blanked too: the parse that finds the parts
    then opens no file of the student's choosing, expands no macro of
    theirs, and does not take a version they set aside."""
    out = bytearray(data)

    def blank(a, b):
        for i in range(a, b):
            if out[i] not in (0x0a, 0x0d):
                out[i] = 0x20
    skipping, depth = None, 0
    for start, end, words in directives(data, toks):
        first = data.rfind(b"\n", 0, start) + 1
        if skipping is None and data[first:end].strip() in keep:
            continue
        blank(start, end)
        head = words[0] if words else ""
        if skipping is None:
            if words[:2] == ["if", "0"]:
                skipping, depth = end, 0
        elif head in ("if", "ifdef", "ifndef"):
            depth += 1
        elif head == "endif" and depth:
            depth -= 1
        elif head in ("endif", "else", "elif") and depth == 0:
            blank(skipping, start)
            skipping = None
    return bytes(out)


class Taken:
    """The result: text (the file to build), refused ({function:
    Refused}), dropped ([Refused] of the added parts left out), ignored
    (the student's first line that differs outside the taken parts, or
    None), parts ([(what, student line)] taken)."""

    def __init__(self, text, refused, dropped, ignored, parts):
        self.text, self.refused, self.dropped = text, refused, dropped
        self.ignored, self.parts = ignored, parts


def take(student_text, pristine, source):
    """Taken: the student's lab functions and added parts that pass the
    rules, spliced into the pristine file (a Pristine)."""
    data = student_text.encode("utf-8", "replace")
    path = pristine.path
    if len(data) > MAX_BYTES:
        why = Refused("the file has %d bytes; the grader reads at most %d" % (len(data),
                                                                            MAX_BYTES),
                      rule="file too large", file=source)
        return Taken(pristine.data.decode(), {f: why for f in pristine.funcs}, [], None, [])
    toks = cparse.tokens(data, path)
    parsed = cparse.Parsed(neutralized(data, toks, pristine.directives), path, pristine.root)
    refused, taken = {}, []
    for part in parts_of(parsed, toks):
        why = classify(part, set(pristine.funcs), pristine.names, pristine.texts, toks)
        if why is None:
            taken.append(part)
    found = {p.func for p in taken if p.func}
    for f in found:
        same = [p for p in taken if p.func == f]
        for p in same[1:]:
            p.refused = Refused("a second definition of %s (the first at line %d)"
                                % (f, cparse.line_of(data, same[0].start)),
                                rule="two definitions")
        if len(same) > 1:
            same[0].refused = same[1].refused
    for f in pristine.funcs:
        if f not in found:
            refused[f] = Refused("no function %s in the file (a definition with its body)" % f,
                                 rule="function missing")
    for part in taken:
        if part.func:
            check_signature(part, pristine.funcs[part.func], data)
        if part.refused is None:
            part.refused = coderules.token_rules(toks, part.start, part.end)
        if part.refused is not None:
            at = getattr(part.refused, "offset", part.start)
            part.refused.place(source, cparse.line_of(data, at), part.what)
    live = [p for p in taken if p.refused is None]
    for _ in range(ROUNDS):
        text, where = build(pristine, data, live, source, marks=False)
        check = cparse.Parsed(text, path, pristine.root)
        bad = coderules.parse_rules(check, where, pristine.root, data, source,
                                    [p for p in taken if p.refused])
        if not bad:
            break
        live = [p for p in live if p.refused is None]
    else:
        for p in live:
            p.refused = Refused("your code does not compile with the handout's file",
                                rule="does not compile")
        live = []
    for p in taken:
        if p.func and p.refused is not None:
            refused[p.func] = p.refused
    text, _ = build(pristine, data, live, source, marks=True)
    ignored = outside_change(toks, taken, pristine)
    kept = [(p.what, cparse.line_of(data, p.start)) for p in live]
    dropped = [p.refused for p in taken if not p.func and p.refused is not None]
    return Taken(text.decode("utf-8", "replace"), refused, dropped, ignored and
                 cparse.line_of(data, ignored), kept)


def check_signature(part, handout, data):
    """A lab function keeps the handout's type and storage (parameters may
    be renamed)."""
    _, typ, storage, head = handout
    c = part.cursors[0]
    if c.type.spelling != typ or c.storage_class.name != storage:
        part.refused = Refused("the signature differs from the handout's `%s`: only "
                               "parameter names may change" % " ".join(head.decode().split()),
                               rule="signature")


def build(pristine, data, live, source, marks):
    """(the pristine file with the live parts spliced in, [(start, end,
    part) in it]).  With marks, #line directives name the student's lines
    in the student's parts and the handout's elsewhere."""
    out, where = bytearray(), []
    funcs = {p.func: p for p in live if p.func}
    added = [p for p in live if not p.func]
    first = min(p.start for p, _, _, _ in pristine.funcs.values())

    def line(n):
        if marks:
            out.extend(b'\n#line %d "%s"\n' % (n, source.encode()))

    def student(p):
        line(cparse.line_of(data, p.start))
        where.append((len(out), len(out) + p.end - p.start, p))
        out.extend(p.text(data))

    pos = 0
    for ppart in sorted(pristine.parts, key=lambda q: q.start):
        func = next((f for f, h in pristine.funcs.items() if h[0] is ppart), None)
        if ppart.start == first and added:
            out.extend(pristine.data[pos:ppart.start])
            out.extend(b"\n" + pristine.prototypes)
            for p in added:
                student(p)
            pos = ppart.start
            line(cparse.line_of(pristine.data, pos))
        if func in funcs:
            out.extend(pristine.data[pos:ppart.start])
            student(funcs[func])
            pos = ppart.end
            line(cparse.line_of(pristine.data, pos))
    out.extend(pristine.data[pos:])
    return bytes(out), where


def outside_change(toks, taken, pristine):
    """The byte offset of the student's first token outside the taken
    parts (and the lab functions) that differs from the handout's, or
    None: code there is not graded."""
    skip = cparse.Spans((p.start, p.end) for p in taken)
    mine = [t for t in toks if t.kind != "COMMENT" and skip.index(t.start) is None]
    hskip = cparse.Spans((h[0].start, h[0].end) for h in pristine.funcs.values())
    theirs = [t.text for t in pristine.toks if t.kind != "COMMENT" and
              hskip.index(t.start) is None]
    for n, t in enumerate(mine):
        if n >= len(theirs) or t.text != theirs[n]:
            return t.start
    return None if len(mine) == len(theirs) else (mine[-1].start if mine else 0)
