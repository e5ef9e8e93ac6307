# Exercise 3 (docs/lab.md): does nice -5 on the X server help under nick?
# desktop.wl with the server's nice as a variable: run it with xnice=0 and
# xnice=-5 (same seed) and compare the xserver and xclient lat lines.
set hogs=4 xnice=0 clients=2 xwork_us=1000 think_us=10
xserver name=xserver nice=$xnice work_us=$xwork_us
xclient name=xclient count=$clients period_ms=20 think_us=$think_us server=xserver
periodic name=audio run_us=2500 period_ms=50
periodic name=video run_us=6667 period_us=16667
hog count=$hogs
