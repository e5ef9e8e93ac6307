"""lib.lab: the lab's commands (lab, bench_matrix, top: tools/nickel-top,
ipclab, latency, timeline, nickstat) and what they share (labcommon: logs,
runs, errors; plotting: the one look of the pictures; progress; weights:
Linux's nice weight table)."""
