# nickel - top-level Makefile.  Targets and variables: docs/contract.md.  Each part of the tree adds its rules in mk/*.mk.

# ---- user-facing variables (all optional) -----------------------------------
SMP       ?= 2
POLICY    ?= nick
DEMO      ?=
HOGS      ?=
NICE      ?=
SECONDS   ?=
TRACE     ?=
MEM       ?= 128
ACCEL     ?= tcg
MODULES   ?=
IPC       ?=
XIPC      ?=
ARGS      ?=
MACHINE   ?= pc
QEMUFLAGS ?=
LOAD      ?=

BUILD := build
KERNEL := $(BUILD)/nickel.elf
ISO := nickel.iso

# The kernel command line from the variables above (only those that are set).
CMDLINE := policy=$(POLICY)
CMDLINE += $(if $(DEMO),demo=$(DEMO))
CMDLINE += $(if $(HOGS),hogs=$(HOGS))
CMDLINE += $(if $(NICE),nice=$(NICE))
CMDLINE += $(if $(SECONDS),run=$(SECONDS))
CMDLINE += $(if $(TRACE),trace=$(TRACE))
CMDLINE += $(if $(IPC),ipc=$(IPC))
CMDLINE += $(if $(XIPC),xipc=$(XIPC))
CMDLINE += $(ARGS)

# The demos' ring-3 programs always come along (kernel/demo uses them).
DEMO_MODULES := $(BUILD)/user/hog.elf $(BUILD)/user/fuzz.elf $(BUILD)/user/hello.elf \
	$(BUILD)/user/cheat.elf

QEMU_RUN = python3 tools/nickel-qemu --smp $(SMP) --mem $(MEM) \
	--machine $(MACHINE) --accel $(ACCEL) \
	--append "$(strip $(CMDLINE))" \
	$(foreach m,$(DEMO_MODULES) $(MODULES),--module $(m)) \
	$(if $(strip $(QEMUFLAGS)),--qemu-flags="$(QEMUFLAGS)")

.PHONY: all deps run test test-lab test-smp64 test-grade-course unit bench iso debug gdb sim clean
all: $(KERNEL)

# The parts' rules (mk/*.mk) come before the targets below, which use their
# variables (the test line $(SCHEDSIM), the ISO its modules, mk/boot.mk).
include $(sort $(wildcard mk/*.mk))

$(ISO): $(ISO_MODULES)

deps:
	@sh tools/build/deps.sh

run: deps $(KERNEL) user
	$(QEMU_RUN) --kernel $(KERNEL) --interactive

debug: deps $(KERNEL) user
	$(QEMU_RUN) --kernel $(KERNEL) --interactive --gdb

gdb: deps $(KERNEL)
	gdb -q -ex "target remote localhost:1234" $(KERNEL)

# make test: tests/run.py finds every test by itself (host unit tests and
# test programs under tests/, then the QEMU scenarios); this line builds what
# they run: the kernel and ISO, the unit tests, the ring-3 programs, schedsim.
test: deps $(KERNEL) $(ISO) unit-build user $(SCHEDSIM)
	python3 tests/run.py --kernel $(KERNEL) --iso $(ISO) $(if $(LOAD),--load $(LOAD))

# make test-smp64: 64 hogs on 32 vCPUs spread two per CPU (tests/scenarios/
# smp64.py); minutes of host time on a small host, so kept out of make test.
test-smp64: deps $(KERNEL) user
	NICKEL_SMP64_HOGS=1 python3 tests/run.py --only '^smp64-'

# make test-grade-course: tools/grade-submissions on 30 submissions of lab
# time (make test grades 20, each kind once), with the time they took.
test-grade-course: deps $(KERNEL) user
	NICKEL_GRADE_COURSE=30 python3 tests/run.py --timeout-scale 6 tests/grading/test_grade_submissions.py

# make test-lab: the lab's latency claims (tests/scenarios/lab.py), which
# depend on how busy the host is, so they stay out of make test.
test-lab: deps $(KERNEL) user
	NICKEL_LAB_TESTS=1 python3 tests/run.py --only '^lab-'

# make coverage: make test's scenarios on the coverage kernel with kcov=all
# (COVERAGE_ONLY=REGEX: some of them), the kernel lines they reached, and
# kernel/sched's host tests under gcov; two HTML reports under
# build/coverage/ (mk/coverage.mk).  Never part of make test.

# make bench: the scheduler's cost (host and kernel micro-benchmarks, a few
# seconds; the balancer's per tick at 2..64 CPUs), the boot time at 1, 16
# and 64 CPUs (tools/boot-time), then the benchmark matrix
# (tools/bench-matrix, docs/lab.md; BENCH_QUICK=1: 1 CPU only), then
# nickel beside Linux (make compare-linux, mk/compare.mk; BENCH_QUICK=1:
# one round).  Never part of make test.
bench: deps bench-sched $(KERNEL) user
	@mkdir -p bench/out
	@echo "## Scheduler cost in the kernel (QEMU $(ACCEL); TCG numbers are noisy)"
	@python3 tools/nickel-qemu --smp 1 --mem 64 --accel $(ACCEL) --append "bench=1" \
		| tee bench/out/kernel-sched.log | grep '^|\|^nickel bench'
	@echo "## Boot time: QEMU start and the kernel's first instruction to init (docs/smp.md)"
	@python3 tools/boot-time --cpus 1,16,64 --accel $(ACCEL) | tee bench/out/boot-time.md
	@echo "## Benchmark matrix (policies x loads x CPUs)"
	python3 tools/bench-matrix --out bench/out $(if $(BENCH_QUICK),--quick)
	@$(MAKE) --no-print-directory bench-ipc
	@$(MAKE) --no-print-directory compare-linux

clean:
	rm -rf $(BUILD) $(ISO)
