"""lib.traces: reading what nickel prints (nickel_log: stat dumps, lat
lines, trace events; wakeups: wake-up chains in a trace) and what its
coverage kernel reports (kcov, coverage: the lcov tracefile)."""
