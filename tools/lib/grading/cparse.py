"""cparse.py - C as the compiler reads it: clang 14's front end (libclang).

The grader must read a student's file exactly as a C compiler does: any
layout (K&R, GNU, Allman braces, CRLF, a BOM), line splices joined,
digraphs as the punctuators they stand for, trigraphs as the build's
-std sees them (gnu11: ignored), comments gone.  A pattern over lines
cannot; the compiler's own lexer and parser can.

Why libclang (Debian python3-clang-14) and not `clang -Xclang
-ast-dump=json` / `-dump-tokens`: libclang gives each token and each
declaration its byte range in the file and, for every name used, the
declaration it resolves to (cursor.referenced) with that declaration's
file; the JSON dump omits a location's file and line when they repeat
the previous node's, and the token dump prints a token's spelling
unquoted, so a comment could forge records.  Offsets here are byte
offsets into the UTF-8 text.

Files are parsed with the flags of the kernel build of the file
(mk/kernel.mk: i386, gnu11, freestanding, no system headers), so GNU C
that gcc accepts there parses here too, and nothing outside the tree and
the compiler's freestanding headers (stdint.h, stddef.h, ...) is visible.
"""
import bisect
import functools
import os
import re

import clang.cindex as ci   # Debian's python3-clang-14: lib/__init__.py

# CXTranslationUnit_SingleFileParse: lex and parse one file, never open
# what it includes (a student's `#include "/dev/zero"` is not read).
SINGLE_FILE = 0x400
HASH = ("#", "%:", "##", "%:%:")


def kernel_args(root):
    """clang's flags for a kernel source of the tree at root (mk/kernel.mk
    KCFLAGS and KINCLUDE, -nostdlibinc keeping clang's freestanding headers
    where KINCLUDE names gcc's)."""
    return ["-x", "c", "-m32", "-std=gnu11", "-ffreestanding", "-nostdlibinc",
            "-I" + os.path.join(root, "arch/i386/include"), "-I" + os.path.join(root, "kernel"),
            "-I" + os.path.join(root, "kernel/env"),
            "-Werror=implicit-function-declaration", "-Werror=implicit-int"]


class Token:
    """One token of the file: kind (clang's: PUNCTUATION, KEYWORD,
    IDENTIFIER, LITERAL, COMMENT), its spelling (splices joined) and its
    byte range [start, end)."""
    __slots__ = ("kind", "text", "start", "end")

    def __init__(self, kind, text, start, end):
        self.kind, self.text, self.start, self.end = kind, text, start, end

    def __repr__(self):
        return "Token(%s %r @%d)" % (self.kind, self.text, self.start)


class Tokens(list):
    """A file's tokens in order, found by offset in log time (a 1 MiB
    file of tens of thousands of declarations stays linear)."""

    def __init__(self, toks):
        list.__init__(self, toks)
        self.starts = [t.start for t in toks]

    def between(self, a, b):
        """The tokens that start in [a, b), comments left out."""
        lo, hi = bisect.bisect_left(self.starts, a), bisect.bisect_left(self.starts, b)
        return [t for t in self[lo:hi] if t.kind != "COMMENT"]

    def next_after(self, a):
        """The first token (not a comment) that starts at a or later, or None."""
        for i in range(bisect.bisect_left(self.starts, a), len(self)):
            if self[i].kind != "COMMENT":
                return self[i]
        return None


def _tokens(tu):
    return Tokens([Token(t.kind.name, t.spelling, t.extent.start.offset, t.extent.end.offset)
                   for t in tu.get_tokens(extent=tu.cursor.extent)])


class Spans:
    """Sorted, disjoint [start, end) ranges: which one holds an offset."""

    def __init__(self, spans):
        self.spans = sorted(spans)
        self.starts = [a for a, _ in self.spans]

    def index(self, offset):
        """The index of the range that holds offset, or None."""
        i = bisect.bisect_right(self.starts, offset) - 1
        return i if i >= 0 and offset < self.spans[i][1] else None


def tokens(data, path):
    """The tokens of data (bytes), lexed as the file at path, its includes
    not opened."""
    only_lex = SINGLE_FILE | ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES
    tu = ci.Index.create().parse(path, args=["-x", "c", "-std=gnu11"],
                                 unsaved_files=[(path, data)], options=only_lex)
    return _tokens(tu)


class Parsed:
    """A file parsed with its includes: the translation unit, its main
    file's name, its tokens, and the errors clang reported in it as
    (byte offset or None, message)."""

    def __init__(self, data, path, root):
        self.data, self.path = data, path
        self.tu = ci.Index.create().parse(path, args=kernel_args(root),
                                          unsaved_files=[(path, data)])
        self.tokens = _tokens(self.tu)
        self.errors = []
        for d in self.tu.diagnostics:
            if d.severity >= ci.Diagnostic.Error:
                loc = d.location
                here = loc.file is not None and loc.file.name == path
                self.errors.append((loc.offset if here else None, d.spelling))

    def top_level(self):
        """The declarations of the main file, in order."""
        return [c for c in self.tu.cursor.get_children()
                if c.location.file is not None and c.location.file.name == self.path]


def walk(cursor):
    """cursor and everything under it."""
    yield cursor
    for child in cursor.get_children():
        yield from walk(child)


@functools.lru_cache(maxsize=8)
def _newlines(data):
    return [m.start() for m in re.finditer(b"\n", data)]


def line_of(data, offset):
    """The 1-based line of a byte offset (a CR-LF file counts its LFs)."""
    return bisect.bisect_left(_newlines(data), offset) + 1


def compiler_header(path):
    """Whether path is one of clang's own freestanding headers (stdint.h,
    stddef.h, stdbool.h, stdarg.h): their types are the lab's too."""
    return "/lib/clang/" in path and "/include/" in path
