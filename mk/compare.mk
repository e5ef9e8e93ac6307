# user/cmpbench.c: the same micro-benchmarks on nickel and on Linux
# (docs/lab.md "nickel beside Linux"); it uses the lab's latency code.
USER_SRCS_cmpbench := user/lab/lab.c
$(BUILD)/user/cmpbench.o: user/lab/lab.h
