"""docs-numbers: rewrite (or check) every table and figure in the docs that a
command prints, from the command itself.

    docs-numbers [--check] [--wallclock] [--on-request] [--only REGEX] [--list]
                 [--root DIR] [FILE...]

A block in a markdown file (README.md, docs/*.md, labs/**/*.md by default)
names the command that made it:

    <!-- numbers deterministic: tools/ipclab --policies nick -->
    | the table as the command printed it |
    <!-- /numbers -->

The kind after `numbers` is `deterministic` (the same output on any host:
QEMU -icount, schedsim, host programs; and nothing `make deps` lacks),
`on-request` (no quiet host needed either, but too slow for `make
test-docs` or needing an input fetched on demand, such as Debian's Linux
image) or `wallclock` (times that need a quiet host).  `code` after the
kind writes the output as an indented code block.  The command runs with
`sh -c` in the tree's root.

Without --check every deterministic block is rewritten with what its
command prints today (so a change is a diff to review); on-request blocks
only with --on-request; wallclock blocks only with --wallclock, and then
they begin with the date and the host's load average.  --check rewrites
nothing: it reruns the deterministic blocks (and with --on-request the
on-request ones) and names the file, the block and the cell that differ
(exit 1).  A command that lacks an input fetched on demand exits with
status 77 (SKIP) and says what it needs in its last stderr line: its block
is left as it is and that line printed; a deterministic block may not do
that (it is an error).
--only REGEX keeps the blocks whose "FILE: COMMAND" matches.  A marker
that does not parse, a command that fails or prints nothing, and a file
saved while the commands ran are each a one-line error (exit 2), and
nothing is written.
"""
import argparse
import datetime
import glob
import os
import re
import subprocess
import sys

from lib import ROOT
START = re.compile(r"^<!-- numbers (\S+)( code)?: (.+?) -->\s*$")
END = "<!-- /numbers -->"
KINDS = ("deterministic", "on-request", "wallclock")
SKIP = 77                # a command's status for "an input fetched on demand is missing"


class MarkerError(Exception):
    """A marker that does not parse, or a command that fails: one line."""


class Skipped(Exception):
    """A command that exited SKIP: its last stderr line says what it needs."""


class Block:
    """One marked block: lines[start] is its start marker, lines[end] its end."""
    def __init__(self, path, start, end, kind, code, command, body):
        self.path, self.start, self.end = path, start, end
        self.kind, self.code, self.command, self.body = kind, code, command, body

    def where(self):
        return "%s:%d" % (self.path, self.start + 1)


def blocks_of(path, lines):
    """The blocks of one file, in order; MarkerError for a broken marker."""
    found, open_at = [], None
    for i, line in enumerate(lines):
        if line.startswith("<!-- numbers"):
            m = START.match(line)
            if not m:
                raise MarkerError("%s:%d: a numbers marker is `<!-- numbers KIND[ code]: "
                                  "COMMAND -->`" % (path, i + 1))
            if m.group(1) not in KINDS:
                raise MarkerError("%s:%d: unknown kind '%s' (deterministic, on-request "
                                  "or wallclock)"
                                  % (path, i + 1, m.group(1)))
            if open_at is not None:
                raise MarkerError("%s:%d: a numbers block inside the one of line %d"
                                  % (path, i + 1, open_at[0] + 1))
            open_at = (i, m)
        elif line.strip() == END:
            if open_at is None:
                raise MarkerError("%s:%d: %s without a start" % (path, i + 1, END))
            s, m = open_at
            found.append(Block(path, s, i, m.group(1), bool(m.group(2)), m.group(3),
                               lines[s + 1:i]))
            open_at = None
    if open_at is not None:
        raise MarkerError("%s:%d: numbers block without %s" % (path, open_at[0] + 1, END))
    return found


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "unknown"


def run(block, root, cache):
    """The block's new body (list of lines) from its command's stdout."""
    if block.command not in cache:
        before = load_average()
        p = subprocess.run(["sh", "-c", block.command], cwd=root, text=True,
                           stdin=subprocess.DEVNULL, capture_output=True)
        tail = (p.stderr.strip().splitlines() or ["(no stderr)"])[-1]
        if p.returncode == SKIP and block.kind != "deterministic":
            cache[block.command] = Skipped(tail)
        elif p.returncode != 0:
            hint = (" (a deterministic block needs nothing `make deps` lacks: mark it "
                    "on-request)" if p.returncode == SKIP else "")
            raise MarkerError("%s: `%s` ended with status %d: %s%s"
                              % (block.where(), block.command, p.returncode, tail, hint))
        elif not p.stdout.strip():
            raise MarkerError("%s: `%s` printed nothing" % (block.where(), block.command))
        else:
            cache[block.command] = (p.stdout.rstrip("\n").splitlines(), before,
                                    load_average())
    if isinstance(cache[block.command], Skipped):
        raise cache[block.command]
    out, before, after = cache[block.command]
    if block.code:
        out = [("    " + l) if l.strip() else "" for l in out]
    if block.kind == "wallclock":
        out = ["Measured %s, host load average %s at the start and %s at the end."
               % (datetime.date.today().isoformat(), before, after), ""] + out
    return [""] + out + [""]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def row_name(row):
    """A table row by its leading cells without digits (policy, mode, ...)."""
    label = [row[0]]
    for c in row[1:]:
        if re.search(r"\d", c):
            break
        label.append(c)
    return " | ".join(label)


def differences(block, new):
    """What differs between the document's body and the command's, one
    message per cell (tables) or line (anything else)."""
    old = [l for l in block.body if l.strip()]
    new = [l for l in new if l.strip()]
    head = "%s: block `%s`" % (block.where(), block.command)
    found = []
    table = [l for l in new if l.lstrip().startswith("|")]
    header = cells(table[0]) if table else []
    for n, (a, b) in enumerate(zip(old, new)):
        if a == b:
            continue
        if not block.code and a.lstrip().startswith("|") and b.lstrip().startswith("|"):
            ca, cb = cells(a), cells(b)
            for k in range(max(len(ca), len(cb))):
                x = ca[k] if k < len(ca) else "(none)"
                y = cb[k] if k < len(cb) else "(none)"
                if x != y:
                    col = header[k] if k < len(header) else "column %d" % (k + 1)
                    found.append("%s, row \"%s\", column \"%s\": the document says %s, "
                                 "the tool prints %s" % (head, row_name(cb), col, x, y))
        else:
            found.append("%s, line %d: the document says '%s', the tool prints '%s'"
                         % (head, n + 1, a.strip(), b.strip()))
    if len(old) != len(new):
        found.append("%s: the document has %d lines, the tool prints %d"
                     % (head, len(old), len(new)))
    return found


def read_text(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def default_files(root):
    names = ["README.md"] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    names += sorted(glob.glob(os.path.join(root, "labs", "**", "*.md"), recursive=True))
    return [os.path.relpath(os.path.join(root, n), root) for n in names]


def wanted(kind, a):
    """Whether this run rewrites (or checks) a block of this kind."""
    if kind == "wallclock":
        return a.wallclock and not a.check
    return kind == "deterministic" or a.on_request


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true",
                   help="rewrite nothing; exit 1 naming every cell that differs")
    p.add_argument("--wallclock", action="store_true",
                   help="also rewrite the wallclock blocks (needs a quiet host)")
    p.add_argument("--on-request", action="store_true",
                   help="also rewrite (or check) the on-request blocks (slow, or need "
                        "an input fetched on demand)")
    p.add_argument("--only", help="the blocks whose 'FILE: COMMAND' matches REGEX")
    p.add_argument("--list", action="store_true", help="list the blocks and stop")
    p.add_argument("--root", default=ROOT, help="the tree (default: this one)")
    p.add_argument("files", nargs="*", help="markdown files, relative to the root")
    a = p.parse_args(argv)
    only = re.compile(a.only) if a.only else None
    try:
        texts, todo = {}, []
        for path in a.files or default_files(a.root):
            try:
                texts[path] = read_text(a.root, path).split("\n")
            except OSError as e:
                raise MarkerError("%s: %s" % (path, e.strerror))
            for b in blocks_of(path, texts[path]):
                if only and not only.search("%s: %s" % (path, b.command)):
                    continue
                if a.list or wanted(b.kind, a):
                    todo.append(b)
        if a.list:
            for b in todo:
                print("%s %s%s: %s" % (b.where(), b.kind, " code" if b.code else "", b.command))
            return 0
        cache, found, new = {}, [], {}
        for b in todo:
            print("docs-numbers: %s `%s`" % (b.where(), b.command), file=sys.stderr)
            try:
                new[b] = run(b, a.root, cache)
            except Skipped as e:
                print("docs-numbers: %s skipped, left as it is: %s" % (b.where(), e),
                      file=sys.stderr)
                continue
            if a.check:
                found += differences(b, new[b])
    except MarkerError as e:
        print("docs-numbers: %s" % e, file=sys.stderr)
        return 2
    skipped = len(todo) - len(new)
    skipped = "; %d skipped (see above)" % skipped if skipped else ""
    todo = [b for b in todo if b in new]
    if a.check:
        for msg in found:
            print(msg)
        print("docs-numbers: %d block(s) checked, %d difference(s)%s%s" % (
            len(todo), len(found), skipped,
            "; `make docs-numbers%s` writes today's" % (" ONREQUEST=1" if a.on_request else "")
            if found else ""))
        return 1 if found else 0
    touched = sorted(set(b.path for b in todo))
    changed = [path for path in touched if read_text(a.root, path) != "\n".join(texts[path])]
    if changed:                         # an editor saved it meanwhile: keep that
        print("docs-numbers: %s changed while the commands ran; nothing written "
              "(run again)" % ", ".join(changed), file=sys.stderr)
        return 2
    for path in touched:
        lines = texts[path]
        for b in sorted((b for b in todo if b.path == path), key=lambda b: -b.start):
            lines[b.start + 1:b.end] = new[b]   # from the end: line numbers hold
        with open(os.path.join(a.root, path), "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    print("docs-numbers: %d block(s) written%s" % (len(todo), skipped), file=sys.stderr)
    return 0

