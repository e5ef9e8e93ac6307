# Host unit tests.  Each tests/unit/test_NAME.c becomes build/unit/test_NAME,
# linked with unit_main.c and the sources in UNIT_SRCS_test_NAME (set these in
# the mk/*.mk file of the part of the tree the test belongs to).
HOSTCC      ?= gcc
UNIT_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter \
	-Itests/unit -Ikernel/sched/host -iquote kernel -DNICKEL_HOST=1
UNIT_TEST_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNIT_TEST_SRCS))

.PHONY: unit-build unit
unit-build: $(UNIT_BINS)

unit: unit-build
	python3 tests/run.py --unit-only $(UNIT_BINS)

.SECONDEXPANSION:
$(BUILD)/unit/%: tests/unit/%.c tests/unit/unit_main.c tests/unit/unit.h \
		$$(UNIT_SRCS_$$*) $$(wildcard kernel/*.h kernel/*/*.h kernel/sched/host/*.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(UNIT_CFLAGS) -o $@ $< tests/unit/unit_main.c $(UNIT_SRCS_$*)
