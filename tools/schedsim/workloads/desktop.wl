# demo=desktop: an X server answering two clients, audio, video, and HOGS hogs.
# The work per request / job is nominal (what user/desktop.c asks for); the
# kernel agreement test sets it to what a recorded kernel run really did.
set hogs=2 xwork_us=1000 think_us=10 audio_us=2500 video_us=6667
# the X server: ~1 ms of work per request, replies through a pipe (sync wake-up)
xserver name=xserver work_us=$xwork_us
# two clients (user/xclient.c): every 20 ms a request, wait for the reply
# (10 us of CPU before and after: think_us)
xclient name=xclient count=2 period_ms=20 think_us=$think_us server=xserver
# audio: 5% of a CPU, 2.5 ms every 50 ms
periodic name=audio run_us=$audio_us period_ms=50
# video: 40% of a CPU, a frame every 16.7 ms
periodic name=video run_us=$video_us period_us=16667
hog count=$hogs
