# demo=desktop: an X server answering two clients, audio, video, and HOGS hogs.
# The work per request / job is nominal (what user/desktop.c asks for); the
# kernel agreement test sets it to what a recorded kernel run really did
# (tools/schedsim/README.md, "Agreement with the kernel").
set hogs=2 xwork_us=1000 think_us=10 wait_us=0 audio_us=2500 video_us=6667
# the kernel's stats thread (stats=MS on the kernel command line): kstats=1
# adds it, stats_us of CPU per dump (printing it on the serial line)
set kstats=0 stats_us=20000 stats_ms=1000
# the X server: ~1 ms of work per request, replies through a pipe (sync wake-up)
xserver name=xserver work_us=$xwork_us
# two clients (user/xclient.c): every 20 ms a request, wait for the reply
# (10 us of CPU before and after: think_us; wait_us between the request and
# blocking on the reply)
xclient name=xclient count=2 period_ms=20 think_us=$think_us wait_us=$wait_us server=xserver
# audio: 5% of a CPU, 2.5 ms every 50 ms
periodic name=audio run_us=$audio_us period_ms=50
# video: 40% of a CPU, a frame every 16.7 ms
periodic name=video run_us=$video_us period_us=16667
hog count=$hogs
# kernel/diag/statdump.c: sleep_ms(stats_ms), then print a dump; nice -5
sleeper name=stats count=$kstats nice=-5 run_us=$stats_us sleep_ms=$stats_ms lat=0
