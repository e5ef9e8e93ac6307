# Tasks that mostly run but sleep now and then: four at nice 0 that run
# 9 ms and sleep 1 ms, a fifth such task at nice 19, and a nice 19 hog.
# Lab mine's no-starvation target: every one of them runs in every 10 s.
# A policy that refills a slice at every wake-up keeps the nice 0 tasks
# ahead of the others forever.
sleeper name=busy count=4 run_us=9000 sleep_ms=1
sleeper name=low run_us=9000 sleep_ms=1 nice=19
hog name=hog nice=19
