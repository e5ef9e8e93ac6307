# bench-sim's per-operation cost series: $hogs runnable hogs at mixed nice
# (the run queues grow with them) plus 8 periodic tasks, so ticks, switches,
# wake-ups and balancing happen at every size.
#   schedsim workload=tools/schedsim/workloads/scale.wl hogs=N cpus=4 bench=1
set hogs=4
hog count=$hogs nice=-20,-10,0,5,10,19 cpu=rr
periodic name=worker count=8 run_us=300 period_ms=10 cpu=rr
