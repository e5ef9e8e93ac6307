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
USER_SRCS_soak := user/lab/lab.c user/lab/xipc.c user/lab/launch.c
SOAK_MODULES := $(patsubst %,$(BUILD)/user/%.elf,soak fuzz hello desktop xserver xclient audio video hog)

.PHONY: soak test-fuzz
soak: deps $(KERNEL) user
	python3 tools/nickel-qemu --smp $(SOAK_SMP) --mem 128 --accel $(ACCEL) --timeout $(SOAK_TIMEOUT) \
		--append "init=soak check=1 -- seconds=$(SOAK_SECONDS)" \
		$(foreach m,$(SOAK_MODULES),--module $(m)) --kernel $(KERNEL) | tee $(SOAK_LOG)
	@! grep -aE 'PANIC|soft lockup|invariant failed' $(SOAK_LOG)
	@grep -a 'soak: .*result=PASS' $(SOAK_LOG)

test-fuzz: deps $(KERNEL) user
	python3 tests/run.py --kernel $(KERNEL) --only "^(fuzz|soak|exhaust)"
