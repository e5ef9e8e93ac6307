# schedsim: the host scheduler simulator (tools/schedsim/README.md).  It links
# the scheduler core (kernel/sched/*.c) unchanged with its host environment
# (kernel/sched/host/, the unit tests' one) and tools/schedsim/sim_env.c.
HOSTCC ?= gcc
SCHEDSIM := $(BUILD)/schedsim/schedsim
SCHEDSIM_SRCS := $(sort $(wildcard tools/schedsim/*.c)) $(sort $(wildcard kernel/sched/*.c)) \
	kernel/sched/host/sched_host_locks.c kernel/sched/host/sched_env_host.c
SCHEDSIM_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -Wno-format-truncation \
	-Itools/schedsim -Ikernel/sched/host -iquote kernel -DNICKEL_HOST=1
SCHEDSIM_WL := tools/schedsim/workloads

$(SCHEDSIM): $(SCHEDSIM_SRCS) $(wildcard tools/schedsim/*.h kernel/sched/*.h) \
		$(wildcard kernel/sched/host/*.h) kernel/lib/list.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SCHEDSIM_CFLAGS) -o $@ $(SCHEDSIM_SRCS)

.PHONY: schedsim bench-sim
schedsim: $(SCHEDSIM)

# make sim: the default scenario, desktop on 2 CPUs for 10 s, summary only.
sim: $(SCHEDSIM)
	$(SCHEDSIM) workload=$(SCHEDSIM_WL)/desktop.wl cpus=2 seconds=10 dumps=0

# make bench-sim: 10,000 tasks x 64 CPUs x 60 s, and per-op cost vs tasks.
bench-sim: $(SCHEDSIM)
	sh tools/schedsim/bench.sh $(SCHEDSIM)
