# user/reqreply.c on one CPU: the client (init) forks `hogs` hogs and then
# the server, all at once, before its first nanosleep; each fork halves what
# is left of the client's slice (v7: sched_fork), so the server starts with
# 165 of 170 ms used and the client with 165.  Every 20 ms the client writes
# a request and blocks on the reply; the server spins 1 ms and replies.
# think_us is the client's CPU time after its wake-up (0.5 ms under QEMU
# TCG: the write, the read); phase=1 spreads the wake-ups over the tick.
set hogs=4 think_us=500
xclient name=client period_ms=20 think_us=$think_us server=server
hog count=$hogs parent=client
xserver name=server work_us=1000 parent=client
