# ==== fuzzing and coverage ====
# Parser fuzzing (docs/robustness.md, "Parsers under libFuzzer"): one
# harness per reader of foreign bytes, tests/fuzz/fuzz_NAME.c, built twice:
#   build/fuzz/fuzz_NAME    clang's libFuzzer + ASan + UBSan (make fuzz-parsers)
#   build/fuzz/replay_NAME  gcc + ASan + UBSan + tests/fuzz/replay_main.c: feeds
#                           tests/fuzz/corpus/NAME and tests/fuzz/crashes/NAME
#                           once (tests/fuzz/test_replay.py, in make test)
# FUZZ_SRCS_NAME: the kernel sources a harness links.
FUZZ_NAMES := mb2 mb1 cmdline acpi s5 mptable elf usb hid
FUZZ_SRCS_mb2 := kernel/boot/mb2.c
FUZZ_SRCS_mb1 := kernel/boot/mb_mem.c
FUZZ_SRCS_cmdline := kernel/boot/cmdline.c
FUZZ_SRCS_acpi := arch/i386/acpi.c arch/i386/acpi_fadt.c
FUZZ_SRCS_s5 := arch/i386/acpi_fadt.c arch/i386/acpi.c
FUZZ_SRCS_mptable := arch/i386/mptable.c arch/i386/acpi.c
FUZZ_SRCS_elf := kernel/proc/elf_validate.c kernel/proc/elf_load.c
FUZZ_SRCS_usb := kernel/usb/usb_desc.c
FUZZ_SRCS_hid := kernel/usb/hid_kbd.c kernel/console/keymap.c
# The loader's address space is faked: tests/fuzz/stub/ comes before kernel/.
FUZZ_CFLAGS_elf := -iquote tests/fuzz/stub

FUZZ_CC      ?= clang
FUZZ_COMMON  = -std=gnu11 -g -O1 -fno-omit-frame-pointer $(FUZZ_CFLAGS_$*) -iquote kernel \
	-Iarch/i386/include -DNICKEL_HOST=1 -Wall -Wno-unused-parameter
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_BINS    := $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(FUZZ_NAMES))
FUZZ_REPLAYS := $(patsubst %,$(BUILD)/fuzz/replay_%,$(FUZZ_NAMES))
FUZZ_HDRS     = $(wildcard kernel/*/*.h arch/i386/include/arch/*.h tests/fuzz/*.h tests/fuzz/stub/*/*.h)

# make test replays the corpora: the replays are built with the unit tests.
unit-build: $(FUZZ_REPLAYS)

.SECONDEXPANSION:
$(BUILD)/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay_main.c $$(FUZZ_SRCS_$$*) $$(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(FUZZ_COMMON) $(FUZZ_SAN) -o $@ $< tests/fuzz/replay_main.c $(FUZZ_SRCS_$*)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $$(FUZZ_SRCS_$$*) $$(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_COMMON) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< $(FUZZ_SRCS_$*)

# make fuzz-parsers [SECONDS=60] [FUZZ=name,...]: each harness in turn from its
# corpus (new inputs go to build/fuzz/work/NAME, crashes to build/fuzz/crashes/NAME),
# then one line each: inputs, inputs/s, cov:, crashes.
.PHONY: fuzz-parsers fuzz-build
## build the parsers' libFuzzer harnesses and their replays
fuzz-build: $(FUZZ_BINS) $(FUZZ_REPLAYS)
.PHONY: fuzz-deps
## install clang for the libFuzzer harnesses
fuzz-deps: deps
	@sh tools/build/deps.sh fuzz

## each parser under libFuzzer in turn (SECONDS=60 FUZZ=name,...)
fuzz-parsers: fuzz-deps
	@$(MAKE) --no-print-directory fuzz-build
	python3 tests/fuzz/run_fuzz.py --seconds $(or $(SECONDS),60) $(if $(FUZZ),--only $(FUZZ)) $(FUZZ_NAMES)

# make fuzz-coverage [FUZZ_WORK=1]: the lines of each parser its corpus and
# crashes reach (FUZZ_WORK=1: also what make fuzz-parsers kept), with gcov.
.PHONY: fuzz-coverage print-fuzz-srcs
## the lines of each parser its corpus reaches, with gcov (FUZZ_WORK=1)
fuzz-coverage:
	python3 tests/fuzz/coverage.py $(if $(FUZZ_WORK),--work) $(FUZZ_NAMES)
## print the kernel sources of one harness (FUZZ_NAME=name)
print-fuzz-srcs:
	@echo $(FUZZ_SRCS_$(FUZZ_NAME))

# Kernel coverage (kernel/kcov, docs/robustness.md "Kernel coverage").
#
#   make kcov        build/nickel-kcov.elf: the kernel built with gcc's
#                    -fsanitize-coverage=trace-pc and CONFIG_KCOV, in a tree
#                    of its own (build/kcov/), so that build/nickel.elf and
#                    its objects are never touched: a normal build has no
#                    callback, no calls 1100..1103 and no cost.
#   tools/kcov-lines maps the PCs a run printed to source lines.
#   make coverage    the whole kernel's line coverage from make test's
#                    scenarios on this kernel with kcov=all (below).
#
# The sub-make runs with KCOV=1 BUILD=build/kcov.  Files left without the
# callback, and why:
#   kernel/kcov/*.c             the callback and the map (they would call
#                               themselves)
#   arch/i386/smpboot.c         ap_entry runs before its stack is adopted
#                               (cpu_adopt_stack): no thread_info yet
#   arch/i386/double_fault.c    runs on the double-fault TSS's own stack,
#                               where masking esp finds no thread_info
# The callback records every PC in the kernel-wide map (kernel/kcov/
# kcov_all.c), which needs no thread_info; it reads the thread_info only
# while some task has coverage on, which is never the case before ring 3
# runs: so kmain (kernel/main.c) is instrumented too, from its first block.
KCOV_ELF := build/nickel-kcov.elf

ifeq ($(KCOV),1)
KCOV_CFLAGS := -fsanitize-coverage=trace-pc -DCONFIG_KCOV
KCOV_OFF    := -fno-sanitize-coverage=trace-pc
$(BUILD)/k/%.o: KCFLAGS += $(KCOV_CFLAGS)
# Shorter stems come later, so these flags follow (and undo) the one above.
$(BUILD)/k/kernel/kcov/%.o: KCFLAGS += $(KCOV_OFF)
$(BUILD)/k/arch/i386/smpboo%.o: KCFLAGS += $(KCOV_OFF)
$(BUILD)/k/arch/i386/double_faul%.o: KCFLAGS += $(KCOV_OFF)
else
.PHONY: kcov kcov-always
## the coverage kernel, build/nickel-kcov.elf
kcov: $(KCOV_ELF)

# The sub-make decides what to rebuild (its own dependency files).
$(KCOV_ELF): kcov-always
	@$(MAKE) --no-print-directory KCOV=1 BUILD=build/kcov build/kcov/nickel.elf
	@cmp -s build/kcov/nickel.elf $@ || cp build/kcov/nickel.elf $@
## (internal) lets make kcov's sub-make decide what to rebuild
kcov-always:

test: $(KCOV_ELF)
endif

# make coverage: make test's scenarios on the coverage kernel with kcov=all
# (COVERAGE_ONLY=REGEX: some of them), the kernel lines they reached, and
# kernel/sched's host tests under gcov; two HTML reports under
# build/coverage/ (the steps below).  Never part of make test.


# make coverage: which kernel lines make test's scenarios reach, and which
# lines of kernel/sched its host unit tests reach (docs/robustness.md "The
# coverage report (`make coverage`)").
#
#   1. the coverage kernel (make kcov, above) runs every scenario that
#      boots build/nickel.elf (COVERAGE_ONLY=REGEX: those whose name
#      matches, e.g. COVERAGE_ONLY='^boot-crash-ud$|^ring3-', taken as
#      it is), with kcov=all added: each prints the PCs it reached at
#      power-off.  A scenario that fails on this kernel is reported, and its
#      dump still counts; one without a whole dump (a timeout, a scenario
#      that stops QEMU itself) is reported by tools/coverage and left out.
#   2. tools/coverage maps them to lines (lcov tracefile), genhtml draws
#      build/coverage/kernel/index.html.
#   3. the host unit tests of kernel/sched (tests/unit/test_sched_*.c, as
#      mk/unit.mk links them) built with gcc --coverage in
#      build/coverage/host/obj/, run, then lcov and genhtml:
#      build/coverage/host/index.html.
# lcov (and its genhtml) is installed on demand (tools/build/deps.sh
# coverage), never by make deps.
COVERAGE_DIR  := build/coverage
COVERAGE_ONLY ?= .
# The coverage kernel is slower than the plain one, and the host is shared.
COVERAGE_TIMEOUT_SCALE ?= 6
COVERAGE_KCOV_ELF := build/nickel-kcov.elf
COVERAGE_HOST_OBJ := $(COVERAGE_DIR)/host/obj
COVERAGE_HOST_BINS := $(patsubst tests/unit/%.c,$(COVERAGE_HOST_OBJ)/%,\
	$(wildcard tests/unit/test_sched_*.c))

.PHONY: coverage coverage-deps coverage-kernel coverage-host

## install lcov and genhtml
coverage-deps:
	@sh tools/build/deps.sh coverage

## kernel lines make test's scenarios reach, kernel/sched's under host tests (HTML)
coverage: coverage-deps
	@$(MAKE) --no-print-directory coverage-kernel
	@$(MAKE) --no-print-directory coverage-host
	@echo "coverage: kernel report: $(COVERAGE_DIR)/kernel/index.html ($(COVERAGE_DIR)/kernel.txt)"
	@echo "coverage: kernel/sched host tests: $(COVERAGE_DIR)/host/index.html"

# Step 1's failures do not stop steps 2 and 3 ("-"): the run is what it is.
## make coverage's first part: the scenarios on the coverage kernel
coverage-kernel: $(COVERAGE_KCOV_ELF) user
	@rm -rf $(COVERAGE_DIR)/logs $(COVERAGE_DIR)/kernel
	@mkdir -p $(COVERAGE_DIR)
	-python3 tests/run.py --kernel $(COVERAGE_KCOV_ELF) --only '$(value COVERAGE_ONLY)' \
		--append-args kcov=all --keep-logs $(COVERAGE_DIR)/logs \
		--timeout-scale $(COVERAGE_TIMEOUT_SCALE) | tee $(COVERAGE_DIR)/run.txt
	@ls $(COVERAGE_DIR)/logs/*.log > /dev/null 2>&1 || { echo "coverage: no scenario \
		ran (COVERAGE_ONLY='$(value COVERAGE_ONLY)')"; exit 1; }
	@python3 tools/coverage --kernel $(COVERAGE_KCOV_ELF) \
		--lcov $(COVERAGE_DIR)/kernel.info $(COVERAGE_DIR)/logs/*.log \
		> $(COVERAGE_DIR)/kernel.txt 2>&1; s=$$?; cat $(COVERAGE_DIR)/kernel.txt; exit $$s
	@genhtml -q --title "nickel kernel: make test's scenarios" \
		-o $(COVERAGE_DIR)/kernel $(COVERAGE_DIR)/kernel.info

$(COVERAGE_HOST_OBJ)/%: tests/unit/%.c tests/unit/unit_main.c tests/unit/unit.h \
		$(wildcard kernel/sched/*.c kernel/sched/host/*.c kernel/*.h kernel/*/*.h \
		kernel/sched/host/*.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(UNIT_CFLAGS) -O0 --coverage -o $@ $< tests/unit/unit_main.c $(SCHED_HOST_SRCS)

# Counts from an earlier run would add up: the .gcda files go first.
## make coverage's second part: kernel/sched's host tests under gcov
coverage-host: $(COVERAGE_HOST_BINS)
	@rm -f $(COVERAGE_HOST_OBJ)/*.gcda
	@for t in $(COVERAGE_HOST_BINS); do ./$$t > $$t.out 2>&1 || \
		{ echo "coverage: $$t failed (see $$t.out)"; exit 1; }; done
	@lcov -q --capture --directory $(COVERAGE_HOST_OBJ) --output-file \
		$(COVERAGE_DIR)/host-all.info 2>&1 | grep -v ' redefined at ' || true
	@lcov -q --extract $(COVERAGE_DIR)/host-all.info '$(CURDIR)/kernel/sched/*' \
		--output-file $(COVERAGE_DIR)/host-sched.info
	@lcov -q --remove $(COVERAGE_DIR)/host-sched.info '$(CURDIR)/kernel/sched/host/*' \
		--output-file $(COVERAGE_DIR)/host.info
	@lcov --summary $(COVERAGE_DIR)/host.info 2>&1 | \
		sed -n 's/^ *lines\.*: /coverage: kernel\/sched host tests: lines /p'
	@genhtml -q --title "nickel kernel/sched: host unit tests" \
		-o $(COVERAGE_DIR)/host $(COVERAGE_DIR)/host.info
