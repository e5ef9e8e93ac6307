#!/usr/bin/env python3
"""test_docs_numbers.py - tools/docs-numbers, and the docs' cheap numbers.

  docs-numbers-rewrites-a-block: a block gets its command's output, the text
    around it and a wallclock block (without --wallclock) stay as they were.
  docs-numbers-wallclock-on-request-dated: --wallclock rewrites the
    wallclock block too, headed by the date and the host's load.
  docs-numbers-check-names-the-cell: --check on a stale table exits 1 and
    names the file:line, the row and the column, with both values.
  docs-numbers-bad-marker-one-line: an unknown kind is a one-line error,
    exit 2, and the file is not touched.
  docs-numbers-failing-command-one-line: a command that fails is named
    (after the progress lines) with its status and last stderr line, exit
    2, the file untouched.
  docs-numbers-keeps-an-edit-made-meanwhile: a file saved while the
    commands ran is not overwritten (exit 2, the edit kept).
  docs-numbers-on-request-only-when-asked: an on-request block is left
    alone by default and rewritten, undated, with --on-request.
  docs-numbers-skip-leaves-the-block-says-why: a command that exits 77 (an
    input fetched on demand is missing) leaves its block as it was, its
    last stderr line is printed, and the file's other blocks are written.
  docs-numbers-deterministic-skip-is-an-error: a deterministic block may
    not need such an input: its exit 77 is an error (2), nothing written.
  docs-numbers-schedsim-blocks-are-todays: the docs' schedsim outputs
    (deterministic, under a second) are what build/schedsim/schedsim prints
    today.  The QEMU -icount tables are checked by `make test-docs`.
Prints PASS/FAIL name with expected-vs-actual; exits 1 on a failure.
"""
import datetime
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "docs-numbers")
from report import Report  # noqa: E402

report = Report()
TABLE = r"printf '| policy | p99 ms |\n|---|---|\n| nick | 5.0 |\n| rr | 9.5 |\n'"
DOC = """# A doc

Text before.

<!-- numbers deterministic: %s -->
| policy | p99 ms |
|---|---|
| nick | 5.0 |
| rr | 12.0 |
<!-- /numbers -->

<!-- numbers wallclock: echo slow -->
kept
<!-- /numbers -->
Text after.
""" % TABLE


def tool(root, *args):
    p = subprocess.run([sys.executable, TOOL, "--root", root] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def fixture(text):
    root = tempfile.mkdtemp(prefix="docs-numbers-")
    with open(os.path.join(root, "doc.md"), "w") as f:
        f.write(text)
    return root


def read(root):
    with open(os.path.join(root, "doc.md")) as f:
        return f.read()


root = fixture(DOC)
rc, out, err = tool(root, "doc.md")
text = read(root)
want = ("<!-- numbers deterministic: %s -->\n\n| policy | p99 ms |\n|---|---|\n"
        "| nick | 5.0 |\n| rr | 9.5 |\n\n<!-- /numbers -->" % TABLE)
p = []
if rc != 0:
    p.append("exit status expected 0, got %d (%s)" % (rc, err.strip()))
if want not in text:
    p.append("the block expected rewritten to the command's table, got: %r" % text)
if not text.startswith("# A doc\n\nText before.\n") or "kept\n<!-- /numbers -->\nText after.\n" not in text:
    p.append("the text around and the wallclock block expected unchanged, got: %r" % text)
report.result("docs-numbers-rewrites-a-block", p)

root = fixture(DOC)
rc, out, err = tool(root, "--wallclock", "doc.md")
text = read(root)
m = re.search(r"<!-- numbers wallclock: echo slow -->\n\nMeasured (\d{4}-\d\d-\d\d), host load "
              r"average [\d.]+ at the start and [\d.]+ at the end\.\n\nslow\n\n<!-- /numbers -->", text)
p = [] if rc == 0 and m else ["expected the block dated and rewritten (exit 0), got %d: %r"
                               % (rc, text[text.find("wallclock"):])]
if m and m.group(1) != datetime.date.today().isoformat():
    p.append("date expected %s, got %s" % (datetime.date.today().isoformat(), m.group(1)))
report.result("docs-numbers-wallclock-on-request-dated", p)

root = fixture(DOC)
rc, out, err = tool(root, "--check", "doc.md")
p = []
if rc != 1:
    p.append("exit status expected 1, got %d" % rc)
cell = ('doc.md:5: block `%s`, row "rr", column "p99 ms": the document says 12.0, '
        'the tool prints 9.5' % TABLE)
if cell not in out:
    p.append("expected the line %r in: %r" % (cell, out))
if read(root) != DOC:
    p.append("--check expected to leave the file as it was")
report.result("docs-numbers-check-names-the-cell", p)

root = fixture(DOC.replace("numbers wallclock", "numbers quick"))
rc, out, err = tool(root, "doc.md")
p = []
if rc != 2:
    p.append("exit status expected 2, got %d" % rc)
if err.strip() != ("docs-numbers: doc.md:12: unknown kind 'quick' (deterministic, "
                   "on-request or wallclock)"):
    p.append("expected one line naming doc.md:12 and the kind, got %r" % err)
if read(root) != DOC.replace("numbers wallclock", "numbers quick"):
    p.append("the file expected untouched")
report.result("docs-numbers-bad-marker-one-line", p)

FAILS = "<!-- numbers deterministic: echo broken >&2; exit 3 -->\nold\n<!-- /numbers -->\n"
root = fixture(FAILS)
rc, out, err = tool(root, "doc.md")
want = "docs-numbers: doc.md:1: `echo broken >&2; exit 3` ended with status 3: broken"
p = [] if rc == 2 and err.strip().splitlines()[-1:] == [want] and read(root) == FAILS else [
    "expected exit 2, the line %r and the file untouched; got %d, %r" % (want, rc, err)]
report.result("docs-numbers-failing-command-one-line", p)

EDIT = "<!-- numbers deterministic: echo edited >> doc.md; echo new -->\nold\n<!-- /numbers -->\n"
root = fixture(EDIT)
rc, out, err = tool(root, "doc.md")
p = []
if rc != 2:
    p.append("exit status expected 2, got %d" % rc)
if read(root) != EDIT + "edited\n":
    p.append("the file expected with the edit and the old block, got %r" % read(root))
if "changed while the commands ran" not in err:
    p.append("expected the message 'changed while the commands ran', got %r" % err)
report.result("docs-numbers-keeps-an-edit-made-meanwhile", p)

ONREQ = "<!-- numbers on-request: echo slow -->\nold\n<!-- /numbers -->\n"
root = fixture(ONREQ)
rc1, _, err1 = tool(root, "doc.md")
first = read(root)
rc2, _, err2 = tool(root, "--on-request", "doc.md")
want = "<!-- numbers on-request: echo slow -->\n\nslow\n\n<!-- /numbers -->\n"
p = []
if rc1 != 0 or first != ONREQ:
    p.append("without --on-request expected exit 0 and the block untouched, got %d: %r"
             % (rc1, first))
if rc2 != 0 or read(root) != want:
    p.append("with --on-request expected exit 0 and %r, got %d: %r" % (want, rc2, read(root)))
report.result("docs-numbers-on-request-only-when-asked", p)

NEEDS = ("<!-- numbers on-request: echo needs .cache/linux/vmlinuz >&2; exit 77 -->\nold\n"
         "<!-- /numbers -->\n<!-- numbers deterministic: echo new -->\nx\n<!-- /numbers -->\n")
root = fixture(NEEDS)
rc, out, err = tool(root, "--on-request", "doc.md")
want = NEEDS.replace("\nx\n", "\n\nnew\n\n")
line = "docs-numbers: doc.md:1 skipped, left as it is: needs .cache/linux/vmlinuz"
p = []
if rc != 0:
    p.append("exit status expected 0, got %d (%s)" % (rc, err.strip()))
if line not in err.splitlines():
    p.append("expected the line %r in %r" % (line, err))
if read(root) != want:
    p.append("expected the skipped block kept and the other written: %r, got %r"
             % (want, read(root)))
report.result("docs-numbers-skip-leaves-the-block-says-why", p)

DSKIP = "<!-- numbers deterministic: echo needs linux >&2; exit 77 -->\nold\n<!-- /numbers -->\n"
root = fixture(DSKIP)
rc, out, err = tool(root, "doc.md")
p = []
if rc != 2 or read(root) != DSKIP:
    p.append("expected exit 2 and the file untouched, got %d: %r" % (rc, read(root)))
if "status 77: needs linux (a deterministic block needs nothing" not in err:
    p.append("expected the error to name status 77 and why, got %r" % err)
report.result("docs-numbers-deterministic-skip-is-an-error", p)

sim = os.path.join(ROOT, "build", "schedsim", "schedsim")
if not os.path.exists(sim):
    report.result("docs-numbers-schedsim-blocks-are-todays",
                  "%s is missing (make sim)" % sim)
else:
    rc, out, err = tool(ROOT, "--check", "--only", "schedsim")
    p = [] if rc == 0 else out.strip().splitlines()
    if rc == 0 and "0 difference" not in out:
        p = ["expected a '0 difference(s)' summary, got %r" % out]
    report.result("docs-numbers-schedsim-blocks-are-todays", p)

sys.exit(report.status())
