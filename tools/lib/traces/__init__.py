"""lib.traces: reading what nickel prints (nickel_log: stat dumps, lat
lines, trace events; wakeups: wake-up chains; the commands schedlat,
trace2dat) and its coverage (kcov; coverage: the lcov tracefile; the
commands kcov_lines, coverage_report: tools/coverage, fuzz_compare)."""
