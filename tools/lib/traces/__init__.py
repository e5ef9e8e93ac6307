"""lib.traces: reading what nickel prints (nickel_log: stat dumps, lat
lines, trace events; wakeups: wake-up chains; commands schedlat, trace2dat)
and its coverage (kcov, coverage: lcov; commands kcov_lines, coverage_report, fuzz_compare)."""
