# Scheduler core (kernel/sched) host builds: unit tests and the bench.
# Every tests/unit/test_sched_*.c links the whole portable core plus the
# host environment (kernel/sched/host/sched_env_host.c, sched_host.c).
SCHED_SRCS := $(sort $(wildcard kernel/sched/*.c))
SCHED_HOST_SRCS := $(SCHED_SRCS) kernel/sched/host/sched_host_locks.c \
	kernel/sched/host/sched_env_host.c kernel/sched/host/sched_host.c
SCHED_UNIT_TESTS := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_sched_*.c))
$(foreach t,$(SCHED_UNIT_TESTS),$(eval UNIT_SRCS_$(t) := $(SCHED_HOST_SRCS)))
# kernel/lib/rbtree.h (cfs's queue) is header only: its test links nothing else.
UNIT_SRCS_test_rbtree :=

# make bench-sched: cycles of tick + schedule() with 4..10000 runnable tasks.
SCHED_BENCH := $(BUILD)/bench/sched_bench
SCHED_BENCH_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unused-parameter \
	-Ikernel/sched/host -iquote kernel -DNICKEL_HOST=1

$(SCHED_BENCH): tests/bench/sched_bench.c $(SCHED_HOST_SRCS) \
		$(wildcard kernel/sched/*.h kernel/sched/host/*.h kernel/lib/list.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SCHED_BENCH_CFLAGS) -o $@ tests/bench/sched_bench.c $(SCHED_HOST_SRCS)

.PHONY: bench-sched
bench-sched: $(SCHED_BENCH)
	$(SCHED_BENCH)
