# demo=compile / init=compiledemo (user/compiledemo.c): an X server with one
# client under a make-like load: `compile` keeps $jobs children alive, each a
# $burst_ms CPU burst that exits; the parent reaps it and forks the next.
set jobs=4 burst_ms=30
xserver name=xserver work_us=1000
xclient name=xclient period_ms=20 think_us=10 server=xserver
compile name=compile jobs=$jobs burst_ms=$burst_ms
