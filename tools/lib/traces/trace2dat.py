"""trace2dat: nickel's text trace (trace=1) -> trace-cmd's trace.dat, so
that `trace-cmd report` and KernelShark open a nickel run.

    trace2dat LOG -o trace.dat

The file is trace-cmd's version 6 format (man trace-cmd.dat.v6, Debian
trace-cmd): a header naming the two events nickel records (the `sched`
system's sched_switch and sched_wakeup, with Linux's field layout), the
pid -> name table, then one stream of ring-buffer pages per CPU holding
the events as Linux's ftrace ring buffer stores them.  Times are the
trace's guest microseconds, in ns.  Every event of every trace block of
the log is written (one after another, when `t` traced twice).
A log without a trace, or with a truncated or malformed one, is an error
(exit 1, `trace2dat: FILE:LINE: why`).
"""
import argparse
import struct

from lib.lab.labcommon import trace_events_of

PAGE = 4096
PAGE_HEADER = 16                    # u64 timestamp, u64 commit (bytes used)
LONG = 8                            # the "target" is a 64-bit Linux
MAX_DELTA = 1 << 27                 # an event header's time_delta field
TYPE_TIME_EXTEND = 30
SWITCH_ID, WAKEUP_ID = 1, 2         # common_type of the two events
# prev_state bits as the sched_switch plugin of libtraceevent prints them
# ("SDTtZXxW", bit 0 first); R is no bit set.
STATE_BITS = {"R": 0, "S": 1, "D": 2, "Z": 16, "X": 32}

COMMON = ("\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
          "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
          "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
          "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n")
STATE_NAMES = ", ".join('{ %d, "%s" }' % (v, k) for k, v in sorted(
    STATE_BITS.items(), key=lambda kv: kv[1]))
SWITCH_FORMAT = (
    "name: sched_switch\nID: %d\nformat:\n" % SWITCH_ID + COMMON +
    "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
    "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
    "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n\n"
    'print fmt: "prev_comm=%%s prev_pid=%%d prev_prio=%%d prev_state=%%s ==> '
    'next_comm=%%s next_pid=%%d next_prio=%%d", REC->prev_comm, REC->prev_pid, '
    "REC->prev_prio, __print_symbolic(REC->prev_state, %s), REC->next_comm, "
    "REC->next_pid, REC->next_prio\n" % STATE_NAMES)
WAKEUP_FORMAT = (
    "name: sched_wakeup\nID: %d\nformat:\n" % WAKEUP_ID + COMMON +
    "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:int success;\toffset:32;\tsize:4;\tsigned:1;\n"
    "\tfield:int target_cpu;\toffset:36;\tsize:4;\tsigned:1;\n\n"
    'print fmt: "comm=%s pid=%d prio=%d success=%d target_cpu=%03d", REC->comm, '
    "REC->pid, REC->prio, REC->success, REC->target_cpu\n")
# What Linux shows in events/header_page and events/header_event.
HEADER_PAGE = ("\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
               "\tfield: local_t commit;\toffset:8;\tsize:%d;\tsigned:1;\n"
               "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
               "\tfield: char data;\toffset:16;\tsize:%d;\tsigned:1;\n"
               % (LONG, PAGE - PAGE_HEADER))
HEADER_EVENT = ("# compressed entry header\n\ttype_len    :    5 bits\n"
                "\ttime_delta  :   27 bits\n\tarray       :   32 bits\n\n"
                "\tpadding     : type == 29\n\ttime_extend : type == 30\n"
                "\ttime_stamp : type == 31\n\tdata max type_len  == 28\n")


def comm16(name):
    return name.encode("utf-8", "replace")[:15].ljust(16, b"\0")


def payload(ev):
    """The event's record: Linux's common fields, then its own."""
    if ev["event"] == "sched_switch":
        return struct.pack("<HBBi16sii q16sii", SWITCH_ID, 0, 0, ev["prev_pid"],
                           comm16(ev["prev_comm"]), ev["prev_pid"], ev["prev_prio"],
                           STATE_BITS.get(ev["prev_state"], 32),
                           comm16(ev["next_comm"]), ev["next_pid"], ev["next_prio"])
    return struct.pack("<HBBi16siiii", WAKEUP_ID, 0, 0, ev["pid"],
                       comm16(ev["woken_comm"]), ev["woken_pid"], ev["woken_prio"],
                       ev.get("success", 1), ev.get("target_cpu", ev["cpu"]))


def encode(delta_ns, data):
    """One ring-buffer entry: a 32-bit header (type_len = data words, low
    5 bits; time delta, high 27) and the data.  A delta too large for 27
    bits first gets a time-extend entry carrying its upper bits."""
    out = b""
    if delta_ns >= MAX_DELTA:
        out = struct.pack("<II", TYPE_TIME_EXTEND | ((delta_ns % MAX_DELTA) << 5),
                          delta_ns >> 27)
        delta_ns = 0
    return out + struct.pack("<I", (len(data) // 4) | (delta_ns << 5)) + data


def cpu_pages(events):
    """The ring-buffer pages of one CPU's events (in time order)."""
    pages, body, base, last = [], b"", None, 0
    for ev in events:
        ns = ev["us"] * 1000
        if base is None:
            base = last = ns
        entry = encode(ns - last, payload(ev))
        if len(body) + len(entry) > PAGE - PAGE_HEADER:      # start a new page
            pages.append(struct.pack("<QQ", base, len(body)) +
                         body.ljust(PAGE - PAGE_HEADER, b"\0"))
            body, base = b"", ns
            entry = encode(0, payload(ev))
        body += entry
        last = ns
    if body:
        pages.append(struct.pack("<QQ", base, len(body)) + body.ljust(PAGE - PAGE_HEADER, b"\0"))
    return b"".join(pages)


def sized(data, width):
    return struct.pack("<Q" if width == 8 else "<I", len(data)) + data


def header(cpus, cmdlines):
    """Everything before the CPU data, up to and including "flyrecord"."""
    h = b"\x17\x08\x44tracing6\0" + struct.pack("<BBI", 0, LONG, PAGE)
    h += b"header_page\0" + sized(HEADER_PAGE.encode(), 8)
    h += b"header_event\0" + sized(HEADER_EVENT.encode(), 8)
    h += struct.pack("<I", 0)                               # no ftrace formats
    h += struct.pack("<I", 1) + b"sched\0" + struct.pack("<I", 2)
    h += sized(SWITCH_FORMAT.encode(), 8) + sized(WAKEUP_FORMAT.encode(), 8)
    h += sized(b"", 4) + sized(b"", 4)                      # kallsyms, printk formats
    h += sized("".join("%d %s\n" % pc for pc in sorted(cmdlines.items())).encode(), 8)
    return h + struct.pack("<I", cpus) + b"flyrecord\0"


def trace_dat(events):
    """The whole file for the events (any order of CPUs; time order in each)."""
    ncpu = max(ev["cpu"] for ev in events) + 1
    cmdlines = {}
    for ev in events:                   # a pid's latest name (exec renames)
        if ev["event"] == "sched_switch":
            cmdlines[ev["prev_pid"]] = ev["prev_comm"]
            cmdlines[ev["next_pid"]] = ev["next_comm"]
        else:
            cmdlines[ev["woken_pid"]] = ev["woken_comm"]
    cmdlines.pop(0, None)               # trace-cmd names pid 0 <idle> itself
    data = [cpu_pages(sorted((e for e in events if e["cpu"] == c), key=lambda e: e["us"]))
            for c in range(ncpu)]
    head = header(ncpu, cmdlines)
    offset = len(head) + 16 * ncpu
    offset += -offset % PAGE                                # page-aligned data
    table, pos = b"", offset
    for d in data:
        table += struct.pack("<QQ", pos, len(d))
        pos += len(d)
    head += table
    return head + b"\0" * (offset - len(head)) + b"".join(data)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log")
    p.add_argument("-o", "--output", required=True, help="trace.dat file to write")
    a = p.parse_args(argv)
    _, events = trace_events_of("trace2dat", a.log)
    with open(a.output, "wb") as f:
        f.write(trace_dat(events))
    return 0

