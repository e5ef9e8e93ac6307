# SMP and lab ring-3 tests (docs/smp.md): pingpong (cross-CPU
# wake-up latency) and forkstorm use the lab's latency code.
USER_SRCS_pingpong := $(LAB_COMMON)
$(BUILD)/user/pingpong.o: user/lab/lab.h
USER_SRCS_forkstorm := $(LAB_COMMON)
$(BUILD)/user/forkstorm.o: user/lab/lab.h
# reqreply: does every nanosleep come back on time (docs/time.md).
USER_SRCS_reqreply := $(LAB_COMMON)
$(BUILD)/user/reqreply.o: user/lab/lab.h
