"""tree: the student tree written: the files shipped, a Markdown link to a
file left out turned into its text, one commit by AUTHOR, the summary line."""
import os
import re
import shutil

from lib.handout import HandoutError
from lib.handout.regions import git, read_lines, tracked_files
from lib.handout.rooms import room_of
from lib.handout.stubs import render

AUTHOR = "nickel handout"
EMAIL = "handout@nickel.invalid"
MD_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def left_out(path, files):
    parts = path.split("/")
    if parts[0] == "labs" and len(parts) >= 3 and (parts[2] in ("wrong", "hidden") or
                                                   parts[2:] in (["handout.py"],
                                                                 ["MUTANTS.md"])):
        return True
    return path in files and files[path] is None


def prepare_out(out):
    """An empty directory at out (a previous handout there is replaced)."""
    if os.path.lexists(out):
        if not os.path.isdir(out):
            raise HandoutError("%s exists and is not a directory" % out)
        if os.listdir(out):
            if not os.path.isdir(os.path.join(out, ".git")) or \
                    git(["log", "--format=%an"], out).split() != AUTHOR.split():
                raise HandoutError("%s exists and is not a handout made by this tool: "
                                   "remove it or choose another --out" % out)
            shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)


def write_file(out, path, lines=None, text=None, src=None):
    dest = os.path.join(out, path)
    os.makedirs(os.path.dirname(dest) or out, exist_ok=True)
    if src and os.path.islink(src):
        os.symlink(os.readlink(src), dest)
    elif lines is None and text is None:
        shutil.copy2(src, dest)
    else:
        with open(dest, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text if text is not None else "\n".join(lines))
        if src:
            shutil.copymode(src, dest)


def commit(out, lab):
    env = dict(os.environ, GIT_AUTHOR_NAME=AUTHOR, GIT_AUTHOR_EMAIL=EMAIL,
               GIT_COMMITTER_NAME=AUTHOR, GIT_COMMITTER_EMAIL=EMAIL)
    git(["-c", "init.defaultBranch=main", "init", "-q"], out, env)
    git(["add", "-A", "-f", "."], out, env)    # -f: tracked files the .gitignore matches
    git(["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m",
         "nickel handout: lab %s" % lab], out, env)


def write_tree(src, out, lab, stubs, files, tracked, found, ship):
    """Write the student files (ship, and FILES' texts); returns the stripped
    lines of the teacher's tree outside LAB's regions (what the student tree
    may hold anyway)."""
    other_text = set()
    no_stubs = {f: {"todo": "", "body": ""} for f in stubs}
    there = ship | {p for p, text in files.items() if text is not None}
    for path in tracked:
        full = os.path.join(src, path)
        if left_out(path, files) or path in files:
            continue
        if path in found:
            lines, regions = found[path]
            other_text.update(l.strip() for l in render(lines, regions, lab, no_stubs))
            if path in ship:
                write_file(out, path, lines=render(lines, regions, lab, stubs), src=full)
            continue
        if os.path.isfile(full) and not os.path.islink(full):
            other_text.update(l.strip() for l in read_lines(src, path))
        if path in ship and path.endswith(".md") and not os.path.islink(full):
            write_file(out, path, lines=unlink_missing(path, read_lines(src, path), there),
                       src=full)
        elif path in ship:
            write_file(out, path, src=full)
    for path, text in files.items():
        if text is not None:
            write_file(out, path, text=text)
    return other_text


def unlink_missing(path, lines, there):
    """A Markdown file's lines, each link to a file of the tree that the
    student tree has not (`there`) turned into its text: no dead link."""
    here = os.path.dirname(path)

    def keep(m):
        target = m.group(3)
        if re.match(r"[a-z]+:|#", target):
            return m.group(0)                    # a web address, an anchor of this file
        dest = os.path.normpath(os.path.join(here, target.split("#")[0]))
        if dest in there or any(p.startswith(dest + "/") for p in there):
            return m.group(0)
        return m.group(2)
    return [MD_LINK.sub(keep, line) for line in lines]


def summary(src, out, tracked, ship):
    """One line: what the student tree holds, and what was left out by room."""
    def count(root, paths):
        n = 0
        for p in paths:
            full = os.path.join(root, p)
            if os.path.isfile(full) and not os.path.islink(full):
                with open(full, "rb") as f:
                    n += f.read().count(b"\n")
        return n
    written = tracked_files(out)
    out_by_room = {}
    for p in tracked:
        if p not in ship:
            out_by_room.setdefault(room_of(p) or "no room", []).append(p)
    nleft = sum(len(v) for v in out_by_room.values())
    top = sorted(out_by_room.items(), key=lambda kv: -len(kv[1]))
    return ("%d files, %d lines; left out %d files, %d lines%s" %
            (len(written), count(out, written), nleft,
             count(src, [p for v in out_by_room.values() for p in v]),
             (" (" + ", ".join("%s %d" % (r, len(v)) for r, v in top[:6]) +
              (", ..." if len(top) > 6 else "") + ")") if top else ""))
