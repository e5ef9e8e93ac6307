# demo=desktop: an X server answering two clients, audio, video, and HOGS hogs.
set hogs=2
# the X server: ~1 ms of work per request, replies through a pipe (sync wake-up)
xserver name=xserver work_us=1000
# two clients: every 20 ms think 100 us, ask, wait for the reply, 100 us more
xclient name=xclient count=2 period_ms=20 think_us=100 server=xserver
# audio: 5% of a CPU, 2.5 ms every 50 ms
periodic name=audio run_us=2500 period_ms=50
# video: 40% of a CPU, a frame every 16.7 ms
periodic name=video run_us=6667 period_us=16667
hog count=$hogs
