# ==== the test runner's targets ====
.PHONY: test test-smp64 test-grade-course test-lab

# make test: tests/run.py finds every test by itself (host unit tests and
# test programs under tests/, then the QEMU scenarios); this line builds what
# they run: the kernel and ISO, the unit tests, the ring-3 programs, schedsim.
## every test: host unit tests, then the QEMU scenarios in parallel (LOAD=N)
test: deps $(KERNEL) $(ISO) unit-build user $(SCHEDSIM)
	python3 tests/run.py --kernel $(KERNEL) --iso $(ISO) $(if $(LOAD),--load $(LOAD))

# make test-smp64: 64 hogs on 32 vCPUs spread two per CPU (tests/scenarios/
# smp64.py); minutes of host time on a small host, so kept out of make test.
## 64 hogs on 32 vCPUs (minutes; not in make test)
test-smp64: deps $(KERNEL) user
	NICKEL_SMP64_HOGS=1 python3 tests/run.py --only '^smp64-'

# make test-grade-course: tools/grade-submissions on 30 submissions of lab
# time (make test grades 20, each kind once), with the time they took.
## grade 30 submissions of lab time, with the time it took
test-grade-course: deps $(KERNEL) user
	NICKEL_GRADE_COURSE=30 python3 tests/run.py --timeout-scale 6 tests/grading/test_grade_submissions.py

# make test-lab: the lab's latency claims (tests/scenarios/lab.py), which
# depend on how busy the host is, so they stay out of make test.
## the lab's latency claims (they depend on the host's load; not in make test)
test-lab: deps $(KERNEL) user
	NICKEL_LAB_TESTS=1 python3 tests/run.py --only '^lab-'

# make soak: SOAK_SECONDS (default 600) of fuzzing plus the desktop at
# SMP=4 with check=1 (user/soak.c, docs/robustness.md).  Passes only with
# soak's result=PASS and no PANIC, soft lockup or invariant failure.
# make test-fuzz: the robustness scenarios alone (fuzz
# seeds, exhaustion, the 60 s soak), as make test also runs them.
SOAK_SECONDS ?= 600
SOAK_SMP     ?= 4
# A soak that is not over by then hung: nickel-qemu types s and b for the
# evidence (stat dump with wchan=, backtraces) and stops it.
SOAK_TIMEOUT ?= $(shell echo $$(( $(SOAK_SECONDS) * 4 + 300 )))
SOAK_LOG     := $(BUILD)/soak.log
SOAK_MODULES := $(patsubst %,$(BUILD)/user/%.elf,soak fuzz hello desktop xserver xclient audio video hog)

.PHONY: soak test-fuzz
## SOAK_SECONDS of fuzzing beside the desktop at SMP=4 with check=1
soak: deps $(KERNEL) user
	python3 tools/nickel-qemu --smp $(SOAK_SMP) --mem 128 --accel $(ACCEL) --timeout $(SOAK_TIMEOUT) \
		--append "init=soak check=1 -- seconds=$(SOAK_SECONDS)" \
		$(foreach m,$(SOAK_MODULES),--module $(m)) --kernel $(KERNEL) | tee $(SOAK_LOG)
	@! grep -aE 'PANIC|soft lockup|invariant failed' $(SOAK_LOG)
	@grep -a 'soak: .*result=PASS' $(SOAK_LOG)

## the robustness scenarios alone: fuzz seeds, exhaustion, the soak
test-fuzz: deps $(KERNEL) user
	python3 tests/run.py --kernel $(KERNEL) --only "^(fuzz|soak|exhaust)"
