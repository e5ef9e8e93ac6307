# Every kind of task at once, with affinity: used by the invariants test
# (check=1) and as an example of the syntax.
set hogs=3
xserver name=xserver work_us=800 cpu=1
xclient name=xclient count=3 period_ms=15 think_us=50 cpu=rr
periodic name=audio run_us=2500 period_ms=50 nice=-5
periodic name=video run_us=6667 period_us=16667
# a hog pinned to CPU 1 and two free ones at nice 10 and 19
hog name=pinned affinity=1
hog count=$hogs nice=0,10,19 cpu=rr
# fork/exit churn: bursts of 10 ms +-50% in 3 chunks with 2 ms of I/O between
compile name=cc jobs=6 burst_ms=10 jitter_pct=50 chunks=3 io_ms=2
