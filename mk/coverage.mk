# make coverage: which kernel lines make test's scenarios reach, and which
# lines of kernel/sched its host unit tests reach (docs/robustness.md "The
# coverage report (`make coverage`)").
#
#   1. the coverage kernel (make kcov, mk/kcov.mk) runs every scenario that
#      boots build/nickel.elf (COVERAGE_ONLY=REGEX: those whose name
#      matches, e.g. COVERAGE_ONLY='^boot-crash-ud$|^ring3-', taken as
#      it is), with kcov=all added: each prints the PCs it reached at
#      power-off.  A scenario that fails on this kernel is reported, and its
#      dump still counts; one without a whole dump (a timeout, a scenario
#      that stops QEMU itself) is reported by tools/coverage and left out.
#   2. tools/coverage maps them to lines (lcov tracefile), genhtml draws
#      build/coverage/kernel/index.html.
#   3. the host unit tests of kernel/sched (tests/unit/test_sched_*.c, as
#      mk/sched.mk links them) built with gcc --coverage in
#      build/coverage/host/obj/, run, then lcov and genhtml:
#      build/coverage/host/index.html.
# lcov (and its genhtml) is installed on demand (tools/build/deps.sh
# coverage), never by make deps.
COVERAGE_DIR  := build/coverage
COVERAGE_ONLY ?= .
# The coverage kernel is slower than the plain one, and the host is shared.
COVERAGE_TIMEOUT_SCALE ?= 6
# This file is read before mk/kcov.mk, mk/sched.mk and mk/unit.mk, so the
# prerequisites below name their files themselves (the recipes may use
# those files' variables: they are expanded later).
COVERAGE_KCOV_ELF := build/nickel-kcov.elf
COVERAGE_HOST_OBJ := $(COVERAGE_DIR)/host/obj
COVERAGE_HOST_BINS := $(patsubst tests/unit/%.c,$(COVERAGE_HOST_OBJ)/%,\
	$(wildcard tests/unit/test_sched_*.c))

.PHONY: coverage coverage-deps coverage-kernel coverage-host

coverage-deps:
	@sh tools/build/deps.sh coverage

coverage: coverage-deps
	@$(MAKE) --no-print-directory coverage-kernel
	@$(MAKE) --no-print-directory coverage-host
	@echo "coverage: kernel report: $(COVERAGE_DIR)/kernel/index.html ($(COVERAGE_DIR)/kernel.txt)"
	@echo "coverage: kernel/sched host tests: $(COVERAGE_DIR)/host/index.html"

# Step 1's failures do not stop steps 2 and 3 ("-"): the run is what it is.
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
