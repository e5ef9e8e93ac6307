# demo=desktop: an X server answering two clients, audio, video, and HOGS hogs.
set hogs=2
# the X server: ~1 ms of work per request, replies through a pipe (sync wake-up)
xserver name=xserver work_us=1000
# two clients (user/xclient.c): every 20 ms a request, wait for the reply
# (10 us of CPU before and after: think_us)
xclient name=xclient count=2 period_ms=20 think_us=10 server=xserver
# audio: 5% of a CPU, 2.5 ms every 50 ms
periodic name=audio run_us=2500 period_ms=50
# video: 40% of a CPU, a frame every 16.7 ms
periodic name=video run_us=6667 period_us=16667
hog count=$hogs
