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
fuzz-build: $(FUZZ_BINS) $(FUZZ_REPLAYS)
.PHONY: fuzz-deps
fuzz-deps: deps
	@sh tools/build/deps.sh fuzz

fuzz-parsers: fuzz-deps
	@$(MAKE) --no-print-directory fuzz-build
	python3 tests/fuzz/run_fuzz.py --seconds $(or $(SECONDS),60) $(if $(FUZZ),--only $(FUZZ)) $(FUZZ_NAMES)

# make fuzz-coverage [FUZZ_WORK=1]: the lines of each parser its corpus and
# crashes reach (FUZZ_WORK=1: also what make fuzz-parsers kept), with gcov.
.PHONY: fuzz-coverage print-fuzz-srcs
fuzz-coverage:
	python3 tests/fuzz/coverage.py $(if $(FUZZ_WORK),--work) $(FUZZ_NAMES)
print-fuzz-srcs:
	@echo $(FUZZ_SRCS_$(FUZZ_NAME))
