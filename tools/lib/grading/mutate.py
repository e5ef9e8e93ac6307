"""mutate.py - mutants of a lab's marked C code, for tools/mutate.

A mutant is the source with one small change that a careful test suite
should notice.  Only the code between a lab's markers is changed,

    /* LAB name: begin */  ...  /* LAB name: end */

and only real code: the text is cut into C tokens first, so comments and
string literals are never touched.  The operators are the classic ones
(Offutt's "sufficient" set, cut down to what a 30-line body needs):

  aor     arithmetic:  + -> -   - -> +   * -> /   / -> *   / -> %   % -> /
          (and += -=, *= /=, ++ --)
  ror     relational:  < -> <= and >=,  <= -> < and >,  > -> >= and <=,
          >= -> > and <,  == -> !=,  != -> ==  (boundary and negation)
  lor     logical:     && -> ||,  || -> &&
  lnot    a logical ! removed
  const   an integer literal N -> N+1, N-1, 0;  true <-> false
  cast    a cast's signedness flipped: (unsigned int) <-> (int),
          uint32_t <-> int32_t
  decl    a local declaration's signedness flipped, the same way
  args    two neighbouring arguments of a call swapped
  delete  an expression statement (or `return;`) replaced by {}

The order is deterministic: by position in the file, then by operator.
Each mutant has a key that does not depend on code outside its function
(labs/<lab>/MUTANTS.md names survivors by it):
    FUNCTION+LINE OP 'OLD' -> 'NEW'
LINE counted from the function's begin marker (1 = the line after it).
"""
import re

TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<op><<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|%=|&=|\|=|\^=
           |[-+*/%<>=!&|^~?:;,.(){}\[\]\#])
  | (?P<space>\s+)
""", re.DOTALL | re.VERBOSE)

KEYWORDS = {"if", "else", "for", "while", "do", "switch", "case", "default", "return",
            "break", "continue", "goto", "sizeof"}
TYPE_WORDS = {"int", "unsigned", "signed", "long", "short", "char", "bool", "void",
              "const", "static", "struct", "enum", "union", "volatile", "register"}
# Calls whose arguments commute: swapping them is an equivalent mutant.
COMMUTATIVE = {"sched_min", "sched_max", "min", "max", "MIN", "MAX"}

AOR = {"+": ["-"], "-": ["+"], "*": ["/"], "/": ["*", "%"], "%": ["/"],
       "+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="], "++": ["--"], "--": ["++"]}
ROR = {"<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="], ">=": [">", "<"],
       "==": ["!="], "!=": ["=="]}
LOR = {"&&": ["||"], "||": ["&&"]}
SIGN_FLIP = {"unsigned int": "int", "unsigned": "int", "int": "unsigned int",
             "uint32_t": "int32_t", "int32_t": "uint32_t", "unsigned long": "long",
             "long": "unsigned long", "uint64_t": "int64_t", "int64_t": "uint64_t"}


class Token:
    def __init__(self, kind, text, start):
        self.kind, self.text, self.start = kind, text, start

    @property
    def end(self):
        return self.start + len(self.text)

    def __repr__(self):
        return "Token(%s %r @%d)" % (self.kind, self.text, self.start)


class Mutant:
    """One change: text[start:end] (old) becomes new."""

    def __init__(self, op, start, end, old, new):
        self.op, self.start, self.end, self.old, self.new = op, start, end, old, new
        self.index = self.line = self.function = self.offset = None
        self.file = ""

    def apply(self, text):
        return text[:self.start] + self.new + text[self.end:]

    @property
    def key(self):
        return "%s+%d %s %s -> %s" % (self.function, self.offset, self.op,
                                     short(self.old), short(self.new))

    @property
    def where(self):
        return "%s:%d" % (self.file, self.line)

    def __repr__(self):
        return "Mutant(%d %s %s)" % (self.index or 0, self.where, self.key)


def short(text, limit=48):
    """One line of at most `limit` characters, quoted."""
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit - 3] + "..."
    return "'%s'" % text


def tokenize(text):
    """Every token of text, comments and spaces included; raises ValueError
    on a character that is not C."""
    tokens, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            line = text.count("\n", 0, pos) + 1
            raise ValueError("line %d: cannot read %r" % (line, text[pos:pos + 10]))
        if m.lastgroup != "space":
            tokens.append(Token(m.lastgroup, m.group(), pos))
        pos = m.end()
    return tokens


def marker(lab, which):
    return re.compile(r"^/\*\s*LAB\s+%s:\s*%s\s*\*/$" % (re.escape(lab), which))


def regions(tokens, lab):
    """(begin, end) token indices of each marked body: the code tokens
    strictly between a begin and an end marker, comments dropped."""
    begin, end = marker(lab, "begin"), marker(lab, "end")
    out, opened = [], None
    for i, t in enumerate(tokens):
        if t.kind != "comment":
            continue
        if begin.match(t.text):
            if opened is not None:
                raise ValueError("two begin markers of lab %s in a row" % lab)
            opened = i
        elif end.match(t.text):
            if opened is None:
                raise ValueError("an end marker of lab %s without a begin" % lab)
            out.append((opened, i))
            opened = None
    if opened is not None:
        raise ValueError("a begin marker of lab %s without an end" % lab)
    return out


def function_name(tokens, begin):
    """The name of the function whose body holds token `begin`: the
    identifier before the parameter list that ends just before the `{`
    that opens the innermost block around `begin`."""
    depth, i = 0, begin - 1
    while i >= 0 and not (tokens[i].text == "{" and depth == 0):
        depth += {"}": 1, "{": -1}.get(tokens[i].text, 0)
        i -= 1
    while i >= 0 and tokens[i].text != ")":
        i -= 1
    depth = 0
    while i >= 0:
        depth += {")": 1, "(": -1}.get(tokens[i].text, 0)
        if depth == 0:
            break
        i -= 1
    if i > 0 and tokens[i - 1].kind == "ident":
        return tokens[i - 1].text
    return "?"


# ---- the operators: each takes the code tokens and an index ----------------

def is_type_word(tok):
    return tok.kind == "ident" and (tok.text in TYPE_WORDS or tok.text.endswith("_t"))


def is_operand_end(code, i):
    """Does code[i] end an operand (so the next + - * & is binary)?"""
    t = code[i]
    if t.kind == "number" or t.text in (")", "]", "++", "--"):
        return True
    if t.kind != "ident" or t.text in KEYWORDS or is_type_word(t):
        return False
    # `struct runqueue *rq`: the identifier is a type name
    return not (i > 0 and code[i - 1].text in ("struct", "enum", "union"))


def swaps(table, op, code, i):
    t = code[i]
    return [Mutant(op, t.start, t.end, t.text, new) for new in table.get(t.text, [])]


def arithmetic(code, i):
    t = code[i]
    if t.text in ("+", "-", "*", "/", "%") and not (i > 0 and is_operand_end(code, i - 1)):
        return []           # unary minus, a dereference, a pointer declaration
    return swaps(AOR, "aor", code, i)


def relational(code, i):
    return swaps(ROR, "ror", code, i)


def logical(code, i):
    t = code[i]
    if t.text == "!":
        return [Mutant("lnot", t.start, t.end, t.text, "")]
    return swaps(LOR, "lor", code, i)


def constant(code, i):
    t = code[i]
    if t.kind == "ident" and t.text in ("true", "false"):
        return [Mutant("const", t.start, t.end, t.text,
                       "false" if t.text == "true" else "true")]
    if t.kind != "number":
        return []
    digits = re.match(r"(0[xX][0-9a-fA-F]+|\d+)(.*)", t.text)
    value, suffix = int(digits.group(1), 0), digits.group(2)
    news = [value + 1] + ([value - 1] if value > 0 else []) + ([0] if value > 1 else [])
    return [Mutant("const", t.start, t.end, t.text, "%d%s" % (n, suffix)) for n in news]


def type_span(code, i):
    """(first, last) indices of the type words starting at code[i]."""
    j = i
    while j < len(code) and is_type_word(code[j]):
        j += 1
    return i, j - 1


def sign_flip(code, first, last, op):
    words = " ".join(t.text for t in code[first:last + 1])
    new = SIGN_FLIP.get(words)
    if new is None:
        return []
    return [Mutant(op, code[first].start, code[last].end, words, new)]


def cast(code, i):
    """(type) operand: flip the type's signedness."""
    if code[i].text != "(" or i + 1 >= len(code) or not is_type_word(code[i + 1]):
        return []
    first, last = type_span(code, i + 1)
    if last + 1 >= len(code) or code[last + 1].text != ")":
        return []
    if last + 2 < len(code) and code[last + 2].text in (";", ",", ")", "{"):
        return []           # not a cast: a parameter list, a sizeof(type)
    return sign_flip(code, first, last, "cast")


def arguments(code, open_paren):
    """[(first, last)] token index spans of a call's arguments, and the
    index of its closing parenthesis."""
    spans, depth, first = [], 0, open_paren + 1
    for j in range(open_paren, len(code)):
        t = code[j].text
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                if j > first:
                    spans.append((first, j - 1))
                return spans, j
        elif t == "," and depth == 1:
            spans.append((first, j - 1))
            first = j + 1
    return spans, len(code) - 1


def argument_swaps(code, i, text):
    t = code[i]
    if (t.kind != "ident" or t.text in KEYWORDS or t.text in COMMUTATIVE
            or i + 1 >= len(code) or code[i + 1].text != "("
            or (i > 0 and (is_type_word(code[i - 1]) or code[i - 1].text in ("->", ".")))):
        return []
    spans, _ = arguments(code, i + 1)
    out = []
    for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
        a = text[code[a0].start:code[a1].end]
        b = text[code[b0].start:code[b1].end]
        if a == b:
            continue
        middle = text[code[a1].end:code[b0].start]
        out.append(Mutant("args", code[a0].start, code[b1].end, a + middle + b, b + middle + a))
    return out


OPERATORS = (arithmetic, relational, logical, constant, cast)


# ---- statements: deletion and declarations --------------------------------

def header_ends(code):
    """Indices of the `)` that closes an if/for/while/switch header."""
    ends = set()
    for i, t in enumerate(code):
        if t.text in ("if", "for", "while", "switch") and i + 1 < len(code) \
                and code[i + 1].text == "(":
            ends.add(arguments(code, i + 1)[1])
    return ends


def statement_starts(code):
    """Indices where a statement starts: after ; { } else or a header's )."""
    ends, depth, starts = header_ends(code), 0, [0] if code else []
    for i, t in enumerate(code[:-1]):
        if t.text == "(":
            depth += 1
        elif t.text == ")":
            depth -= 1
        if (depth == 0 and t.text in (";", "{", "}", "else")) or i in ends:
            starts.append(i + 1)
    return starts


def statement_end(code, i):
    """Index of the `;` ending the simple statement at code[i], or None
    when it holds a block."""
    depth = 0
    for j in range(i, len(code)):
        t = code[j].text
        if t in ("{", "}"):
            return None
        if t == "(":
            depth += 1
        elif t == ")":
            depth -= 1
        elif t == ";" and depth == 0:
            return j
    return None


def is_declaration(code, i):
    t = code[i]
    if is_type_word(t):
        return True
    return t.kind == "ident" and i + 1 < len(code) and code[i + 1].kind == "ident"


def statement_mutants(code, i, text):
    t = code[i]
    if is_declaration(code, i):
        return sign_flip(code, *type_span(code, i), op="decl")
    if t.text in KEYWORDS - {"return", "break", "continue"} or t.text in ("{", "}", ";"):
        return []
    end = statement_end(code, i)
    if end is None or (t.text == "return" and end != i + 1):
        return []           # a block, or a return with a value
    old = text[t.start:code[end].end]
    return [Mutant("delete", t.start, code[end].end, old, "{}")]


# ---- putting it together -------------------------------------------------

def mutants(text, lab, filename=""):
    """Every mutant of the code between lab's markers in text, in order."""
    tokens = tokenize(text)
    out = []
    for begin, end in regions(tokens, lab):
        code = [t for t in tokens[begin + 1:end] if t.kind != "comment"]
        name = function_name(tokens, begin)
        first_line = text.count("\n", 0, tokens[begin].start) + 1
        starts = set(statement_starts(code))
        for i in range(len(code)):
            found = statement_mutants(code, i, text) if i in starts else []
            for operator in OPERATORS:
                found += operator(code, i)
            found += argument_swaps(code, i, text)
            for m in found:
                m.function, m.file = name, filename
                m.line = text.count("\n", 0, m.start) + 1
                m.offset = m.line - first_line
            out += found
    seen = {}
    for n, m in enumerate(out, 1):
        m.index = n
        key = m.key
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:           # the same change twice on one line
            m.op += "#%d" % seen[key]
    return out
