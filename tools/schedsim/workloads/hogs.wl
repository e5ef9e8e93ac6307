# demo=hogs: HOGS pure CPU hogs at nice 0, all started on CPU 0 as the kernel does;
# the balancer spreads them.   schedsim workload=tools/schedsim/workloads/hogs.wl hogs=8 cpus=4
set hogs=4
hog count=$hogs
