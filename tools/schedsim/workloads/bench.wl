# bench-sim: a big mixed machine.  Default: 10,000 tasks for 64 CPUs:
#   5 desktop tasks (measured), make -j64 (1 + 64 children at any time),
#   $hogs CPU hogs at mixed nice, $periodic light periodic tasks (not measured:
#   a latency histogram per task would dominate the memory use).
set hogs=1930 periodic=8000 jobs=64
xserver name=xserver work_us=1000 cpu=rr
xclient name=xclient count=2 period_ms=20 think_us=10 server=xserver cpu=rr
periodic name=audio run_us=2500 period_ms=50 cpu=rr
periodic name=video run_us=6667 period_us=16667 cpu=rr
compile name=make jobs=$jobs burst_ms=30 io_ms=2 chunks=3 cpu=rr
hog count=$hogs nice=0,5,10,19,-5 cpu=rr
periodic name=worker count=$periodic run_us=200 period_ms=100 lat=0 cpu=rr
