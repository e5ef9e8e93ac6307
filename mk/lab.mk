# ==== the lab's programs, demos and benches ====
# The programs built on user/lab/'s latency code link its sources
# (mk/user.mk's USER_SRCS_NAME): LAB_COMMON, and the launchers, which start
# the others, LAB_LAUNCH.  LAB_PROGS: the lab's demo (docs/lab.md).
LAB_COMMON := user/lab/lab.c user/lab/xipc.c
LAB_LAUNCH := $(LAB_COMMON) user/lab/launch.c
LAB_PROGS  := xserver xclient scroller audio video compile desktop compiledemo

USER_SRCS_xserver     := $(LAB_COMMON)
USER_SRCS_xclient     := $(LAB_COMMON)
USER_SRCS_scroller    := $(LAB_COMMON)
USER_SRCS_audio       := $(LAB_COMMON)
USER_SRCS_video       := $(LAB_COMMON)
USER_SRCS_compile     := $(LAB_COMMON)
USER_SRCS_desktop     := $(LAB_LAUNCH)
USER_SRCS_compiledemo := $(LAB_LAUNCH)
# ipcshare: the CPU a calling client gets (tests/scenarios/ipc.py).
USER_SRCS_ipcshare    := $(LAB_COMMON)
# pingpong (cross-CPU wake-up latency) and forkstorm: docs/smp.md.
USER_SRCS_pingpong    := $(LAB_COMMON)
USER_SRCS_forkstorm   := $(LAB_COMMON)
# reqreply: does every nanosleep come back on time (docs/time.md).
USER_SRCS_reqreply    := $(LAB_COMMON)
# cmpbench: make compare-linux's program (below); soak: make soak's (mk/test.mk).
USER_SRCS_cmpbench    := $(LAB_COMMON)
USER_SRCS_soak        := $(LAB_LAUNCH)
LAB_USERS := $(LAB_PROGS) ipcshare pingpong forkstorm reqreply cmpbench soak

# mk/user.mk's object rules only know user/lib's headers.
$(patsubst %,$(BUILD)/user/%.o,$(LAB_USERS)) $(patsubst user/%.c,$(BUILD)/user/%.o,$(LAB_LAUNCH)): \
	user/lab/lab.h user/lab/launch.h user/lab/xipc.h

# Every module the lab launchers start (docs/lab.md).
LAB_MODULES := $(patsubst %,$(BUILD)/user/%.elf,$(LAB_PROGS) hog)

# make run DEMO=desktop|compile: the kernel's demo starts the launcher as
# init (kernel/demo/desktop.c), so every lab module comes along.
ifneq ($(filter desktop compile,$(DEMO)),)
DEMO_MODULES += $(filter-out $(DEMO_MODULES),$(LAB_MODULES))
endif

# make run DEMO=abuse: the tick-sampling cheat (kernel/demo/abuse.c,
# user/cheat.c, docs/lab.md Exercise 5).  It needs the scheduler tick and
# the sleep timers on the same interrupt, as on a 2003 uniprocessor PC:
# no local APIC (so one CPU, ticks from the PIT), and -icount so that
# guest time follows the instructions run, not a busy host.
ABUSE_QEMUFLAGS := -cpu qemu32,-apic -icount shift=4,sleep=off
ifeq ($(DEMO),abuse)
QEMUFLAGS += $(ABUSE_QEMUFLAGS)
endif

.PHONY: sim
# make sim: the default scenario, desktop on 2 CPUs for 10 s, summary only.
## the simulator's default run: the desktop on 2 CPUs for 10 s
sim: $(SCHEDSIM)
	$(SCHEDSIM) workload=$(SCHEDSIM_WL)/desktop.wl cpus=2 seconds=10 dumps=0

# The benches, the comparison with Linux and the dashboard: the teacher's
# tree only (their tools are not in a student's).
ifneq ($(TEACHER),)
# make compare-linux: nickel (nick, o1, rr, cfs, eevdf) beside Debian's own
# Linux on the same program (user/cmpbench.c) in the same QEMU (TCG),
# interleaved rounds, medians in bench/out/compare-linux.md (and the hog
# shares of nice mixes beside the weight table), and again with every
# process pinned to CPU 0 in bench/out/pinned/ (tools/compare-linux,
# docs/lab.md "nickel beside Linux").  Debian's kernel is fetched on
# demand into .cache/linux/ (tools/fetch-linux), never by make deps.
# COMPARE_ROUNDS (default 3; 1 with BENCH_QUICK=1), COMPARE_HOGS (4),
# COMPARE_FLAGS (more tools/compare-linux options).
LINUX_CACHE    := .cache/linux
LINUX_VMLINUZ  := $(LINUX_CACHE)/vmlinuz
COMPARE_ROUNDS ?= $(if $(BENCH_QUICK),1,3)
COMPARE_HOGS   ?= 4
COMPARE_FLAGS  ?=

.PHONY: compare-linux linux-image
## fetch Debian's Linux kernel into .cache/linux/ (make compare-linux)
linux-image: $(LINUX_VMLINUZ)
$(LINUX_VMLINUZ):
	sh tools/fetch-linux $(LINUX_CACHE)

## nickel's policies beside Debian's Linux on one benchmark in the same QEMU
compare-linux: deps $(KERNEL) $(BUILD)/user/cmpbench.elf $(LINUX_VMLINUZ)
	@mkdir -p bench/out
	@echo "## nickel beside Linux (QEMU TCG, $(SMP) CPUs, $(COMPARE_ROUNDS) rounds)"
	python3 tools/compare-linux --out bench/out --rounds $(COMPARE_ROUNDS) \
		--hogs $(COMPARE_HOGS) --smp $(SMP) --linux $(LINUX_CACHE) $(COMPARE_FLAGS)
	@echo "## The same, every process pinned to CPU 0 (no row waits for a halted vCPU)"
	python3 tools/compare-linux --out bench/out/pinned --pin 0 --rounds $(COMPARE_ROUNDS) \
		--hogs $(COMPARE_HOGS) --smp $(SMP) --linux $(LINUX_CACHE) $(COMPARE_FLAGS)

# make bench-ipc: an IPC round trip (an empty call and its reply) beside
# nickel's own pipe round trip, in instructions: QEMU -icount shift=0 makes
# one guest nanosecond one instruction, so rt_us * 1000 is the count
# (user/cmpbench.c tests=null,pipe,ipc,ipcw: ipc passes the message by
# pointer, ipcw in registers; docs/lab.md "IPC: priority transfer two
# ways", docs/costs.md "What an IPC round trip costs").  The null call
# (getppid) is the floor: a round trip enters the kernel twice.
IPC_BENCH_MODES := queue handoff donate direct

.PHONY: bench-ipc
## an IPC round trip beside a pipe round trip, in instructions, per IPC mode
bench-ipc: deps $(KERNEL) $(BUILD)/user/cmpbench.elf
	@mkdir -p bench/out
	@echo "## IPC round trip beside the pipe round trip (instructions, -icount shift=0)"
	@for m in $(IPC_BENCH_MODES); do \
		python3 tools/nickel-qemu --smp 1 --mem 32 --qemu-flags "-icount shift=0,sleep=off" \
			--module $(BUILD)/user/cmpbench.elf \
			--append "init=cmpbench ipc=$$m -- tests=null,pipe,ipc,ipcw pipe_n=2000 null_n=20000" \
			> bench/out/ipc-$$m.log 2>&1 || exit 1; \
		grep '^bench name=' bench/out/ipc-$$m.log | sed "s/^/ipc=$$m: /"; \
	done

# make top: a live dashboard (tools/nickel-top, curses) over nickel's serial
# console.  Boots as make run does (same variables), the desktop demo unless
# DEMO= names another, with a stat dump every second; r + - s t go through to
# nickel, q quits.
TOP_CMDLINE = $(strip $(CMDLINE) $(if $(DEMO),,demo=desktop) stats=1000)
TOP_MODULES = $(DEMO_MODULES) $(filter-out $(DEMO_MODULES),$(LAB_MODULES)) $(MODULES)

.PHONY: top
## boot as make run under a live terminal dashboard (tools/nickel-top)
top: deps $(KERNEL) user
	python3 tools/nickel-top -- --smp $(SMP) --mem $(MEM) --machine $(MACHINE) \
		--accel $(ACCEL) --kernel $(KERNEL) --append "$(TOP_CMDLINE)" \
		$(foreach m,$(TOP_MODULES),--module $(m)) \
		$(if $(strip $(QEMUFLAGS)),--qemu-flags="$(QEMUFLAGS)")

# make bench-sched: cycles of tick + schedule() with 4..10000 runnable tasks.
SCHED_BENCH := $(BUILD)/bench/sched_bench
SCHED_BENCH_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unused-parameter \
	-Ikernel/sched/host -iquote kernel -DNICKEL_HOST=1

$(SCHED_BENCH): tests/bench/sched_bench.c $(SCHED_HOST_SRCS) \
		$(wildcard kernel/sched/*.h kernel/sched/host/*.h kernel/lib/list.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SCHED_BENCH_CFLAGS) -o $@ tests/bench/sched_bench.c $(SCHED_HOST_SRCS)

.PHONY: bench-sched
## the scheduler core's cost per tick and schedule() on the host, 4..10000 tasks
bench-sched: $(SCHED_BENCH)
	$(SCHED_BENCH)

.PHONY: bench-sim
# make bench-sim: 10,000 tasks x 64 CPUs x 60 s, and per-op cost vs tasks.
## the simulator with 10,000 tasks on 64 CPUs for 60 s, and its cost per operation
bench-sim: $(SCHEDSIM)
	sh tools/schedsim/bench.sh $(SCHEDSIM)


# make bench: the scheduler's cost (host and kernel micro-benchmarks, a few
# seconds; the balancer's per tick at 2..64 CPUs), the boot time at 1, 16
# and 64 CPUs (tools/boot-time), then the benchmark matrix
# (tools/bench-matrix, docs/lab.md; BENCH_QUICK=1: 1 CPU only), then
# nickel beside Linux (make compare-linux, above; BENCH_QUICK=1:
# one round).  Never part of make test.
.PHONY: bench
## scheduler cost, boot times, the benchmark matrix, IPC, Linux beside (minutes; BENCH_QUICK=1)
bench: deps bench-sched $(KERNEL) user
	@mkdir -p bench/out
	@echo "## Scheduler cost in the kernel (QEMU $(ACCEL); TCG numbers are noisy)"
	@python3 tools/nickel-qemu --smp 1 --mem 64 --accel $(ACCEL) --append "bench=1" \
		| tee bench/out/kernel-sched.log | grep '^|\|^nickel bench'
	@echo "## Boot time: QEMU start and the kernel's first instruction to init (docs/boot.md)"
	@python3 tools/boot-time --cpus 1,16,64 --accel $(ACCEL) | tee bench/out/boot-time.md
	@echo "## Benchmark matrix (policies x loads x CPUs)"
	python3 tools/bench-matrix --out bench/out $(if $(BENCH_QUICK),--quick)
	@$(MAKE) --no-print-directory bench-ipc
	@$(MAKE) --no-print-directory compare-linux

# make docs-numbers: every marked table and figure of README.md, docs/ and
# labs/ rewritten by the command it names (tools/docs-numbers); ONREQUEST=1
# the slow ones and those needing Debian's Linux image too (a block whose
# image is missing is skipped, saying so); WALLCLOCK=1 the wall-clock ones
# too (on a quiet host).  make test-docs: the deterministic ones rerun and
# compared, cell by cell.
.PHONY: docs-numbers test-docs
## rewrite the docs' marked tables with today's numbers (ONREQUEST=1, WALLCLOCK=1: more)
docs-numbers: deps $(KERNEL) user sim
	python3 tools/docs-numbers $(if $(ONREQUEST),--on-request) $(if $(WALLCLOCK),--wallclock)
## rerun the docs' deterministic tables and fail on a cell that differs (minutes)
test-docs: deps $(KERNEL) user sim
	python3 tools/docs-numbers --check
endif

