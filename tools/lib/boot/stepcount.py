"""stepcount: where the instructions of one kernel path go, counted one by
one (QEMU's gdb stub, `stepi`), each address named from the symbols of the
kernel and of the ring-3 program.

    stepcount --from FUNC --module ELF --append ARGS [--skip N] [--hits N]
              [--parts ipc|yield] [--kernel ELF] [--top N]

Boots the kernel on one CPU with QEMU waiting for gdb, lets FUNC run N
times (--skip: the benchmark's warm-up, so the path measured is the steady
one), then steps until FUNC is entered --hits more times: one IPC round
trip is one `sys_ipc_call` to the next (--hits 1); one measured sched_yield
call of cmpbench is two yields, one per task (--hits 2).  Prints each
function's instructions, busiest first, and with --parts the same summed
into the parts docs/scheduler.md's tables name.  A count is exact and the
same on every run; it is a few instructions more than the benchmark's
loop gives (a step can end a translation block where the loop would not).
QEMU single-steps with interrupts masked, so no tick lands inside, and
runs under -icount as `make bench-ipc` does, so the ticks before the
first step fall where they fall in the benchmark, on every run.

    tools/stepcount --from sys_ipc_call --module build/user/cmpbench.elf \\
        --append "init=cmpbench ipc=direct -- tests=ipc pipe_n=2000" --parts ipc
"""
import argparse
import bisect
import collections
import os
import socket
import subprocess
import sys
import tempfile
import time

from lib import ROOT, TOOLS

KERNEL_BASE = 0xC0000000               # linker.ld: the kernel's half

# Each part is the functions whose names start with one of its prefixes,
# first match wins; kernel functions in no part are "other", ring 3 is
# "ring 3".
PARTS = {
    "ipc": [
        ("scheduler bookkeeping", ("sched_direct_begin", "sched_hook", "nick_", "o1_",
                                   "rr_", "mine_", "arrays_", "sched_policy_", "deactivate",
                                   "activate", "enqueue", "dequeue",
                                   "sched_finish_switch", "sched_this_cpu", "sched_trace",
                                   "watchdog_touch", "sched_wake", "try_to_wake",
                                   "pick_locked", "schedule")),
        ("stack and address-space switches", ("arch_switch_to", "switch_to",
                                              "sysenter_set_stack")),
        ("the message in and out", ("sys_ipc", "msg_", "words_", "user_range",
                                    "page_lookup", "prepare")),
        ("system call entries and returns", ("syscall_entry", "sysenter", "int80",
                                             "preempt_on_return")),
        ("IPC's own", ("ipc_", "reply_locked", "recv_locked", "spin_", "unlink",
                       "finish", "find_received", "received_on", "has_call",
                       "call_done", "sleep_until", "donation", "sched_donation")),
    ],
    "yield": [
        ("entry and exit", ("syscall_entry", "sysenter", "int80", "preempt_on_return",
                            "sys_sched_yield")),
        ("the yield rule", ("sched_yield_locked", "move_task", "arrays_yield")),
        ("the pick", ("pick_locked", "sched_pick_next", "nick_", "o1_", "rr_", "mine_",
                      "arrays_", "sched_trace")),
        ("the switch and its lock round", ("schedule_yield", "sched_finish_switch",
                                          "watchdog_touch", "arch_switch_to",
                                          "switch_to", "sysenter_set_stack", "spin_")),
    ],
}

GDB_SCRIPT = r'''
import gdb
gdb.execute("set pagination off")
gdb.execute("target remote localhost:%(port)d")
gdb.execute("hbreak %(fn)s")
gdb.execute("continue")
if %(skip)d:
    gdb.execute("ignore 1 %(skip)d")
    gdb.execute("continue")
start = int(gdb.parse_and_eval("$pc"))
gdb.execute("delete")
pcs, hits = [], 0
while hits < %(hits)d and len(pcs) < %(limit)d:
    gdb.execute("stepi", to_string=True)
    pc = int(gdb.parse_and_eval("$pc"))
    pcs.append(pc)
    hits += pc == start
with open(%(out)r, "w") as f:
    f.write("\n".join("%%x" %% p for p in pcs))
gdb.execute("kill")
'''


class Symbols:
    """Function names by address: [(address, name)] in address order."""
    def __init__(self, rows):
        self.addrs = [a for a, _ in rows]
        self.names = [n for _, n in rows]

    @classmethod
    def of_elf(cls, elf):
        """An ELF file's text symbols, from `nm -n`."""
        out = subprocess.run(["nm", "-n", elf], capture_output=True, text=True,
                             check=True).stdout
        rows = [l.split() for l in out.splitlines()]
        return cls([(int(r[0], 16), r[2]) for r in rows if len(r) == 3 and r[1] in "tTwW"])

    def name(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        return self.names[i] if i >= 0 else "?"


def name_all(pcs, kernel, user):
    """{(function, ring): instructions}, ring 0 or 3: ring-3 addresses
    (below the kernel's half) are named from `user` (ipc_call is both a
    kernel function and the program's stub)."""
    counts = collections.Counter()
    for pc in pcs:
        counts[(kernel.name(pc), 0) if pc >= KERNEL_BASE else (user.name(pc), 3)] += 1
    return counts


def split_parts(counts, parts):
    """[(part, instructions)] in the order of `parts`, then "other" and
    "ring 3"; every function counted once."""
    sums = collections.OrderedDict((p, 0) for p, _ in parts)
    sums["other"], sums["ring 3"] = 0, 0
    for (fn, ring), n in counts.items():
        if ring == 3:
            sums["ring 3"] += n
            continue
        for part, prefixes in parts:
            if fn.startswith(prefixes):
                sums[part] += n
                break
        else:
            sums["other"] += n
    return [(p, n) for p, n in sums.items() if n]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def step(a, out):
    """Boot, step, leave the addresses in `out`; an error message or None."""
    port = free_port()
    qemu = subprocess.Popen(
        ["python3", os.path.join(TOOLS, "nickel-qemu"), "--smp", "1", "--mem", "32",
         "--kernel", a.kernel, "--append", a.append,
         "--qemu-flags", "-icount shift=0,sleep=off -gdb tcp:127.0.0.1:%d -S" % port] +
        sum((["--module", m] for m in a.module), []),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    script = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
    script.write(GDB_SCRIPT % dict(port=port, fn=a.from_fn, skip=a.skip, hits=a.hits,
                                   limit=a.limit, out=out))
    script.close()
    try:
        for _ in range(50):             # QEMU listening?
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                if qemu.poll() is not None:
                    return "QEMU ended before gdb could attach"
                time.sleep(0.1)
        g = subprocess.run(["gdb", "-q", "-batch", "-x", script.name, a.kernel],
                           capture_output=True, text=True, timeout=a.timeout)
        if not os.path.exists(out) or not os.path.getsize(out):
            tail = (g.stderr.strip().splitlines() or ["no output"])[-1]
            return "gdb stepped nothing (%s)" % tail
        return None
    except subprocess.TimeoutExpired:
        return "gdb did not finish in %d s" % a.timeout
    finally:
        os.unlink(script.name)
        qemu.kill()
        qemu.wait()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kernel", default=os.path.join(ROOT, "build", "nickel.elf"))
    p.add_argument("--module", action="append", default=[], required=True,
                   help="the ring-3 program(s); the first names ring-3 addresses")
    p.add_argument("--append", required=True, help="the kernel's arguments")
    p.add_argument("--from", dest="from_fn", required=True,
                   help="a kernel function the path starts and ends at")
    p.add_argument("--skip", type=int, default=300, help="entries of FUNC let run first")
    p.add_argument("--hits", type=int, default=1, help="entries of FUNC stepped through")
    p.add_argument("--parts", choices=sorted(PARTS), help="sum by the docs' parts too")
    p.add_argument("--top", type=int, default=25, help="functions listed (0: none)")
    p.add_argument("--limit", type=int, default=40000, help="steps at most")
    p.add_argument("--timeout", type=int, default=600)
    a = p.parse_args(argv)
    for f in [a.kernel] + a.module:
        if not os.path.isfile(f):
            sys.exit("stepcount: %s: no such file (make, make user)" % f)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "pcs")
        problem = step(a, out)
        if problem:
            sys.exit("stepcount: %s" % problem)
        with open(out) as f:
            pcs = [int(x, 16) for x in f.read().split()]
    counts = name_all(pcs, Symbols.of_elf(a.kernel), Symbols.of_elf(a.module[0]))
    nth = {1: "the next", 2: "the second", 3: "the third"}.get(a.hits, "the %dth" % a.hits)
    print("%d instructions from an entry of %s to %s after it (%d entries run first)"
          % (len(pcs), a.from_fn, nth, a.skip))
    if a.top:
        print()
        print("| function | instructions |")
        print("|---|---|")
        for (fn, ring), n in counts.most_common(a.top):
            print("| %s%s | %d |" % (fn, " (ring 3)" if ring == 3 else "", n))
    if a.parts:
        print()
        print("| part | instructions |")
        print("|---|---|")
        for part, n in split_parts(counts, PARTS[a.parts]):
            print("| %s | %d |" % (part, n))
    return 0 if len(pcs) < a.limit else 1

