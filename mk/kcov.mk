# Kernel coverage (kernel/kcov, docs/robustness.md "Kernel coverage").
#
#   make kcov        build/nickel-kcov.elf: the kernel built with gcc's
#                    -fsanitize-coverage=trace-pc and CONFIG_KCOV, in a tree
#                    of its own (build/kcov/), so that build/nickel.elf and
#                    its objects are never touched: a normal build has no
#                    callback, no calls 1100..1103 and no cost.
#   tools/kcov-lines maps the PCs a run printed to source lines.
#   make coverage    the whole kernel's line coverage from make test's
#                    scenarios on this kernel with kcov=all (mk/coverage.mk).
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
kcov: $(KCOV_ELF)

# The sub-make decides what to rebuild (its own dependency files).
$(KCOV_ELF): kcov-always
	@$(MAKE) --no-print-directory KCOV=1 BUILD=build/kcov build/kcov/nickel.elf
	@cmp -s build/kcov/nickel.elf $@ || cp build/kcov/nickel.elf $@
kcov-always:

test: $(KCOV_ELF)
endif
