"""regions: the marked function bodies (`/* LAB name: begin|end */`) of
the teacher's tracked files."""
import os
import re
import subprocess

from lib.handout import HandoutError

MARKER = re.compile(r"^(\s*)/\* LAB (\w+): (begin|end) \*/\s*$")
LOOKS_LIKE_MARKER = re.compile(r"/\*\s*LAB\b")
SOURCE_SUFFIXES = (".c", ".h")


class Region:
    """One marked function body: lines [begin+1, end) of path."""

    def __init__(self, path, lab, func, begin, end, indent):
        self.path, self.lab, self.func = path, lab, func
        self.begin, self.end, self.indent = begin, end, indent

    def where(self):
        return "%s:%d" % (self.path, self.begin + 1)


# ---- reading the teacher's tree ------------------------------------------

def git(args, cwd, env=None):
    p = subprocess.run(["git"] + args, cwd=cwd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        raise HandoutError("git %s failed in %s: %s" % (args[0], cwd, last))
    return p.stdout


def tracked_files(src):
    """Tracked paths that exist in the working tree."""
    out = git(["ls-files", "-z"], src)
    return [p for p in out.split("\0") if p and os.path.lexists(os.path.join(src, p))]


def read_lines(src, path):
    with open(os.path.join(src, path), encoding="utf-8", errors="surrogateescape") as f:
        return f.read().split("\n")


def function_name(lines, brace, path):
    """The function whose body opens with the `{` at lines[brace]."""
    start = brace - 1
    while start > 0 and not re.match(r"[A-Za-z_]", lines[start]):
        start -= 1
    m = re.search(r"(\w+)\s*\(", " ".join(lines[start:brace]))
    if start < 0 or not m:
        raise HandoutError("%s:%d: no function signature above this body" % (path, brace + 1))
    return m.group(1)


def find_regions(path, lines):
    """The marked regions of one source file, checked for balance and place."""
    regions, open_ = [], None
    for i, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            if LOOKS_LIKE_MARKER.search(line):
                raise HandoutError("%s:%d: malformed LAB marker (want '/* LAB name: begin */')"
                                   % (path, i + 1))
            continue
        indent, lab, kind = m.groups()
        if kind == "begin":
            if open_:
                raise HandoutError("%s:%d: LAB %s begins inside LAB %s (from line %d)"
                                   % (path, i + 1, lab, open_[1], open_[0] + 1))
            if i == 0 or lines[i - 1] != "{":
                raise HandoutError("%s:%d: LAB %s: begin must be the first line of a "
                                   "function body (after a '{' line)" % (path, i + 1, lab))
            open_ = (i, lab, indent)
        else:
            if not open_ or open_[1] != lab:
                raise HandoutError("%s:%d: LAB %s: end without a matching begin"
                                   % (path, i + 1, lab))
            if i + 1 >= len(lines) or lines[i + 1] != "}":
                raise HandoutError("%s:%d: LAB %s: end must be the last line of a "
                                   "function body (before a '}' line)" % (path, i + 1, lab))
            func = function_name(lines, open_[0] - 1, path)
            regions.append(Region(path, lab, func, open_[0], i, open_[2]))
            open_ = None
    if open_:
        raise HandoutError("%s:%d: LAB %s: begin without an end" % (path, open_[0] + 1, open_[1]))
    return regions


def all_regions(src, files):
    """{path: (lines, [Region])} for every source file with markers."""
    found = {}
    for path in files:
        if path.endswith(SOURCE_SUFFIXES) and os.path.isfile(os.path.join(src, path)):
            lines = read_lines(src, path)
            regions = find_regions(path, lines)
            if regions:
                found[path] = (lines, regions)
    return found
