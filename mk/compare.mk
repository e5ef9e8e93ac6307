# make compare-linux: nickel (nick, o1, rr, cfs, eevdf) beside Debian's own
# Linux on the same program (user/cmpbench.c) in the same QEMU (TCG),
# interleaved rounds, medians in bench/out/compare-linux.md (and the hog
# shares of nice mixes beside the weight table), and again with every
# process pinned to CPU 0 in bench/out/pinned/ (tools/compare-linux,
# docs/lab.md "nickel beside Linux").  Debian's kernel is fetched on
# demand into .cache/linux/ (tools/fetch-linux), never by make deps.
# COMPARE_ROUNDS (default 3; 1 with BENCH_QUICK=1), COMPARE_HOGS (4),
# COMPARE_FLAGS (more tools/compare-linux options).
USER_SRCS_cmpbench := user/lab/lab.c user/lab/xipc.c
$(BUILD)/user/cmpbench.o: user/lab/lab.h

LINUX_CACHE    := .cache/linux
LINUX_VMLINUZ  := $(LINUX_CACHE)/vmlinuz
COMPARE_ROUNDS ?= $(if $(BENCH_QUICK),1,3)
COMPARE_HOGS   ?= 4
COMPARE_FLAGS  ?=

.PHONY: compare-linux linux-image
linux-image: $(LINUX_VMLINUZ)
$(LINUX_VMLINUZ):
	sh tools/fetch-linux $(LINUX_CACHE)

compare-linux: deps $(KERNEL) $(BUILD)/user/cmpbench.elf $(LINUX_VMLINUZ)
	@mkdir -p bench/out
	@echo "## nickel beside Linux (QEMU TCG, $(SMP) CPUs, $(COMPARE_ROUNDS) rounds)"
	python3 tools/compare-linux --out bench/out --rounds $(COMPARE_ROUNDS) \
		--hogs $(COMPARE_HOGS) --smp $(SMP) --linux $(LINUX_CACHE) $(COMPARE_FLAGS)
	@echo "## The same, every process pinned to CPU 0 (no row waits for a halted vCPU)"
	python3 tools/compare-linux --out bench/out/pinned --pin 0 --rounds $(COMPARE_ROUNDS) \
		--hogs $(COMPARE_HOGS) --smp $(SMP) --linux $(LINUX_CACHE) $(COMPARE_FLAGS)
