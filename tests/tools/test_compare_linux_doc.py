#!/usr/bin/env python3
"""test_compare_linux_doc.py - tools/compare-linux --doc-table, the layout
docs/lab.md's marked compare-linux blocks are written in, on recorded logs
(tests/tools/data/compare-linux*/; no QEMU, no Linux image).

  compare-linux-doc-table-times-is-the-table-without-runs: each row is the
    full table's row with its runs cell left out, the ratio row too.
  compare-linux-doc-table-times-icount-in-instructions: under --icount the
    us columns are thousands of instructions (133 us: 133k), the ns ones
    instructions, only the idle reqreply column.
  compare-linux-doc-table-shares-is-the-shares-table: the rows of the full
    output's shares table, from its header on, and nothing else.
  compare-linux-doc-tables-match-the-docs-headers: every block of docs/lab.md
    whose command has --doc-table has, as its header, what the tool prints
    for logs with every column (yield and fork added).
  compare-linux-without-linux-image-exits-77-one-line: a run of linux without
    .cache/linux/vmlinuz exits 77 (docs-numbers' SKIP) with one stderr line
    naming the missing file and tools/fetch-linux.
Prints PASS/FAIL name with expected-vs-actual; exits 1 on a failure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "compare-linux")
DATA = os.path.join(ROOT, "tests", "tools", "data")
from report import Report  # noqa: E402

report = Report("tools:")


def tool(*args):
    with tempfile.TemporaryDirectory() as out:
        p = subprocess.run([sys.executable, TOOL, "--out", out] + list(args),
                           capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def rows(text):
    return [[c.strip() for c in l.strip().strip("|").split("|")]
            for l in text.splitlines() if l.startswith("|") and not l.startswith("|---")]


logs = os.path.join(DATA, "compare-linux")
rc, full, err = tool("--from-logs", logs)
rc2, times, err2 = tool("--from-logs", logs, "--doc-table", "times")
p = []
if rc or rc2:
    p.append("exit status expected 0, got %d / %d: %s" % (rc, rc2, (err + err2).strip()))
else:
    want = [r[:1] + r[2:] for r in rows(full.split("\n\n")[0])]
    got = rows(times)
    want[0] = [c.replace(" us", "") for c in want[0]]       # the doc's header has no units
    if got != want:
        p.append("expected rows %s, got %s" % (want, got))
report.result("compare-linux-doc-table-times-is-the-table-without-runs", p)

rc, out, err = tool("--from-logs", logs, "--doc-table", "times", "--icount")
want = [["system", "reqreply p50 / p99 / max, 0 hogs", "pipe round trip", "null syscall"],
        ["nick", "133k / 254k / 805k", "56.8k", "1390"],
        ["o1", "129k / 443k / 557k", "74.8k", "1529"],
        ["rr", "101k / 218k / 332k", "75.0k", "1522"],
        ["Linux CFS", "4373k / 20003k / 22109k", "3249.4k", "1227"],
        ["Linux / nick", "32.9 / 78.8 / 27.5", "57.2", "0.88"]]
report.result("compare-linux-doc-table-times-icount-in-instructions",
              [] if rc == 0 and rows(out) == want else
              ["expected exit 0 and %s, got %d: %s %s" % (want, rc, rows(out), err.strip())])

rc, full, _ = tool("--from-logs", os.path.join(DATA, "compare-linux-shares"))
rc2, out, err = tool("--from-logs", os.path.join(DATA, "compare-linux-shares"),
                     "--doc-table", "shares")
want = full[full.index("| system | runs | nice"):].split("\n\n")[0].rstrip("\n") + "\n"
report.result("compare-linux-doc-table-shares-is-the-shares-table",
              [] if rc == rc2 == 0 and out == want else
              ["expected exit 0 and %r, got %d: %r %s" % (want, rc2, out, err.strip())])

# Logs with every column: the recorded ones lack sched_yield (and its
# switches per call) and fork.
with tempfile.TemporaryDirectory() as d:
    for name in ("nick-r1.log", "linux-r1.log"):
        text = open(os.path.join(logs, name)).read()
        text = text.replace("bench end", "bench name=yield n=10 ns=1222 switches=1.00\n"
                            "bench name=fork n=10 us=28.2\nbench end", 1)
        open(os.path.join(d, name), "w").write(text)
    heads = {}
    for args in ([], ["--icount"]):
        rc, out, err = tool("--from-logs", d, "--doc-table", "times", *args)
        heads[bool(args)] = out.splitlines()[0] if rc == 0 else "exit %d: %s" % (rc, err)
doc = open(os.path.join(ROOT, "docs", "lab.md")).read().split("\n")
p, seen = [], 0
for i, line in enumerate(doc):
    m = re.match(r"<!-- numbers \S+: (tools/compare-linux .*--doc-table (\w+).*) -->", line)
    if not m:
        continue
    seen += 1
    head = next(l for l in doc[i + 1:] if l.startswith("|"))
    if m.group(2) == "shares":
        want = "| system | runs | nice 0/5 | nice 0/-5/10 | nice 0/0/19 | most off the weights |"
    else:
        want = heads["--icount" in m.group(1)]
    if head != want:
        p.append("docs/lab.md:%d: header %r, the tool prints %r" % (i + 1, head, want))
if seen < 4:
    p.append("expected at least 4 compare-linux blocks with --doc-table in docs/lab.md, "
             "found %d" % seen)
report.result("compare-linux-doc-tables-match-the-docs-headers", p)

with tempfile.TemporaryDirectory() as d:
    shutil.copy(os.path.join(logs, "nick-r1.log"), d)     # --linux: an empty directory
    rc, out, err = tool("--systems", "linux", "--linux", d)
lines = err.strip().splitlines()
p = []
if rc != 77 or len(lines) != 1:
    p.append("expected exit 77 and one stderr line, got %d: %r" % (rc, err))
elif "needs Linux's image" not in lines[0] or "vmlinuz missing" not in lines[0] or \
        "tools/fetch-linux" not in lines[0]:
    p.append("expected the line to name the image, vmlinuz and tools/fetch-linux: %r" % err)
report.result("compare-linux-without-linux-image-exits-77-one-line", p)

sys.exit(report.status())
