"""stubs: a lab's labs/LAB/handout.py, read and checked, and the student's
text of a file: LAB's regions become their stubs, every marker goes."""
import importlib.util
import os
import re
import textwrap

from lib.handout import HandoutError
from lib.handout.regions import MARKER
from lib.handout.rooms import BASE_ROOMS, ROOMS


def known_labs(src):
    labs = os.path.join(src, "labs")
    if not os.path.isdir(labs):
        return []
    return sorted(d for d in os.listdir(labs)
                  if os.path.isfile(os.path.join(labs, d, "handout.py")))


def load_lab(src, lab):
    """labs/LAB/handout.py as (STUBS, FILES, ROOMS, EXTRA), checked; ROOMS
    is None when the file names none (the whole tree), else a set with
    BASE_ROOMS in it."""
    path = os.path.join(src, "labs", lab, "handout.py")
    if not re.fullmatch(r"\w+", lab) or not os.path.isfile(path):
        raise HandoutError("unknown lab '%s' (labs: %s)" % (lab, ", ".join(known_labs(src))
                                                            or "none"))
    spec = importlib.util.spec_from_file_location("handout_" + lab, path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:                      # noqa: BLE001 - any error is the file's
        raise HandoutError("labs/%s/handout.py: %s: %s" % (lab, type(e).__name__, e))
    stubs, files = getattr(mod, "STUBS", None), getattr(mod, "FILES", {})
    where = "labs/%s/handout.py" % lab
    if not isinstance(stubs, dict) or not stubs:
        raise HandoutError("%s: STUBS must be a non-empty dict {function: {...}}" % where)
    for func, stub in stubs.items():
        if not isinstance(stub, dict) or not isinstance(stub.get("todo"), str):
            raise HandoutError("%s: STUBS['%s'] needs a 'todo' text" % (where, func))
        if ("body" in stub) == ("patch" in stub):
            raise HandoutError("%s: STUBS['%s'] needs exactly one of 'body' and 'patch'"
                               % (where, func))
    if not isinstance(files, dict) or not all(v is None or isinstance(v, str)
                                              for v in files.values()):
        raise HandoutError("%s: FILES must map paths to None or a text" % where)
    rooms, extra = getattr(mod, "ROOMS", None), getattr(mod, "EXTRA", [])
    known = [name for name, _ in ROOMS]
    if rooms is not None:
        if not isinstance(rooms, (list, tuple)) or not all(r in known for r in rooms):
            raise HandoutError("%s: ROOMS must list rooms of tools/handout (%s)"
                               % (where, ", ".join(dict.fromkeys(known))))
        rooms = set(BASE_ROOMS) | set(rooms)
    if not isinstance(extra, (list, tuple)) or not all(isinstance(e, str) for e in extra):
        raise HandoutError("%s: EXTRA must list paths or patterns" % where)
    return stubs, files, rooms, extra


def match_stubs(lab, regions, stubs):
    """{func: Region} for LAB; every region has a stub and every stub a region."""
    mine = {}
    for r in regions:
        if r.lab != lab:
            continue
        if r.func in mine:
            raise HandoutError("%s: a second LAB %s region in %s (first: %s)"
                               % (r.where(), lab, r.func, mine[r.func].where()))
        if r.func not in stubs:
            raise HandoutError("%s: region %s of lab %s has no stub in labs/%s/handout.py"
                               % (r.where(), r.func, lab, lab))
        mine[r.func] = r
    for func in stubs:
        if func not in mine:
            raise HandoutError("labs/%s/handout.py: region not found: no LAB %s markers "
                               "in a function %s" % (lab, lab, func))
    return mine


# ---- writing the stubs -----------------------------------------------------

def todo_comment(lab, func, text, indent):
    width = 76 - len(indent.expandtabs(8)) - 3
    words = " ".join(text.split())
    body = textwrap.wrap("TODO (lab %s, %s): %s" % (lab, func, words), width)
    return [indent + "/*"] + [indent + " * " + l for l in body] + [indent + " */"]


def solution_body(lines, r):
    return lines[r.begin + 1:r.end]


def stub_body(lines, r, stub):
    """The student's body: handout.py's 'body', or the solution with 'patch' applied."""
    if "body" in stub:
        text = textwrap.dedent(stub["body"]).strip("\n")
        return [(r.indent + l) if l.strip() else "" for l in text.split("\n")] if text else []
    body = "\n".join(solution_body(lines, r))
    for old, new in stub["patch"]:
        if body.count(old) != 1:
            raise HandoutError("labs/%s/handout.py: patch of %s: %r found %d times in the "
                               "solution (want once)" % (r.lab, r.func, old, body.count(old)))
        body = body.replace(old, new)
    return body.split("\n")


def render(lines, regions, lab, stubs):
    """The file's student text: LAB's regions stubbed, every marker dropped."""
    out, i = [], 0
    by_begin = {r.begin: r for r in regions}
    while i < len(lines):
        r = by_begin.get(i)
        if r and r.lab == lab:
            stub = stubs[r.func]
            out += todo_comment(lab, r.func, stub["todo"], r.indent)
            out += stub_body(lines, r, stub)
            i = r.end + 1
            continue
        if not MARKER.match(lines[i]):
            out.append(lines[i])
        i += 1
    return out
