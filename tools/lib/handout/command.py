"""handout: write the student tree of one lab (make handout LAB=name).

    tools/handout LAB [--out DIR] [--src DIR] [--classroom]

Reads the tree's tracked files (`git ls-files`, contents as they are in the
working tree, so a teacher can try a change before committing it) and
writes DIR (default build/handout/LAB) as a fresh git repository with one
commit by "nickel handout", in which:

  * every region of LAB (the lines between `/* LAB LAB: begin */` and
    `/* LAB LAB: end */`, a whole function body) is replaced by a TODO
    comment and the stub of labs/LAB/handout.py;
  * the regions of the other labs keep the teacher's code, without markers;
  * labs/*/handout.py, labs/*/wrong/ and labs/*/MUTANTS.md (they hold
    solutions), labs/*/hidden/ (hidden tests; the self-check refuses a
    tree that would ship one), and the files labs/LAB/handout.py's FILES
    maps to None are left out;
  * a self-check fails the run when a line of a removed solution body
    (other than a trivial one, or one found elsewhere in the tree) is still
    somewhere in the student tree;
  * only the rooms the lab needs come along (rooms.py: BASE_ROOMS, the
    ones labs/LAB/handout.py's ROOMS names, and its EXTRA files; a
    handout.py without ROOMS gets every room), and a link of a Markdown
    file to a file left out becomes its plain text.  The last line printed
    says what was left out.

--classroom adds .github/workflows/classroom.yml: GitHub Classroom's
autograding, one step per graded host test worth its points.
Marker syntax and handout.py's format: labs/README.md.  Errors are one line
on stderr and exit status 1.
"""
import argparse
import fnmatch
import os
import shutil
import sys

from lib import ROOT
from lib.handout import HandoutError
from lib.handout.classroom import CLASSROOM_PATH, classroom_workflow
from lib.handout.regions import all_regions, tracked_files
from lib.handout.rooms import shipped
from lib.handout.selfcheck import check_no_hidden, check_student_tree, secret_lines
from lib.handout.stubs import load_lab, match_stubs
from lib.handout.tree import (AUTHOR, commit, left_out, prepare_out, summary, write_file,
                               write_tree)


def make_handout(src, lab, out, classroom=False):
    stubs, files, rooms, extra = load_lab(src, lab)
    tracked = tracked_files(src)
    for pattern in extra:
        if not any(fnmatch.fnmatchcase(p, pattern) for p in tracked):
            raise HandoutError("labs/%s/handout.py: EXTRA %s names no file of the tree"
                               % (lab, pattern))
    ship = {p for p in tracked if shipped(p, lab, rooms, extra) and not left_out(p, files)}
    found = all_regions(src, tracked)
    match_stubs(lab, [r for _, rs in found.values() for r in rs], stubs)
    prepare_out(out)
    try:
        other_text = write_tree(src, out, lab, stubs, files, tracked, found, ship)
        if classroom:
            write_file(out, CLASSROOM_PATH, text=classroom_workflow(src, lab))
        commit(out, lab)
        secrets = secret_lines(lab, found, stubs, other_text)
        check_student_tree(out, secrets)
        check_no_hidden(src, out, tracked)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)     # never leave a leaky tree behind
        raise
    return len(secrets), summary(src, out, tracked, ship)


def main():
    ap = argparse.ArgumentParser(
        description="Write the student tree of one lab: its regions become stubs "
                    "(labs/LAB/handout.py), every LAB marker goes, and the result is "
                    "a fresh git repository with one commit (labs/README.md).")
    ap.add_argument("lab", help="the lab, a directory labs/LAB with a handout.py")
    ap.add_argument("--out", help="the student tree (default build/handout/LAB); a "
                                  "previous handout there is replaced")
    ap.add_argument("--src", default=ROOT,
                    help="the teacher's tree (default: the one holding this tool)")
    ap.add_argument("--classroom", action="store_true",
                    help="add a GitHub Classroom autograding workflow (%s)" % CLASSROOM_PATH)
    a = ap.parse_args()
    out = os.path.abspath(a.out or os.path.join(a.src, "build", "handout", a.lab))
    try:
        nsecret, what = make_handout(os.path.abspath(a.src), a.lab, out, a.classroom)
    except HandoutError as e:
        print("handout: %s" % e, file=sys.stderr)
        return 1
    print("handout: lab %s written to %s (one commit by %s; self-check: none of %d "
          "solution lines left)" % (a.lab, out, AUTHOR, nsecret))
    print("handout: %s" % what)
    return 0
