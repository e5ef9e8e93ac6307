# demo=nice: pure CPU hogs named "hog", one per nice value (kernel/demo/hogs.c).
# schedsim workload=tools/schedsim/workloads/nice.wl cpus=1 nice=0,19
set nice=0,5,10,19
hog nice=$nice
