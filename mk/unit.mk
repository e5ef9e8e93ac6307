# ==== host builds: unit tests (every test's sources here) and schedsim ====
# Host unit tests.  Each tests/unit/test_NAME.c becomes build/unit/test_NAME,
# linked with unit_main.c and the sources in UNIT_SRCS_test_NAME (set below,
# every test's in this file).
HOSTCC      ?= gcc
UNIT_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter \
	-Itests/unit -Ikernel/sched/host -iquote kernel -DNICKEL_HOST=1 \
	-DSCHED_HOST_UNIT_TESTS=1
UNIT_TEST_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNIT_TEST_SRCS))

.PHONY: unit-build unit
## build the host unit tests
unit-build: $(UNIT_BINS)

## build and run the host unit tests
unit: unit-build
ifneq ($(wildcard tests/run.py),)
	python3 tests/run.py --unit-only $(UNIT_BINS)
else
	@for t in $(UNIT_BINS); do ./$$t || exit 1; done
endif

.SECONDEXPANSION:
$(BUILD)/unit/%: tests/unit/%.c tests/unit/unit_main.c tests/unit/unit.h \
		$$(UNIT_SRCS_$$*) $$(wildcard kernel/*.h kernel/*/*.h kernel/sched/host/*.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(UNIT_CFLAGS) -o $@ $< tests/unit/unit_main.c $(UNIT_SRCS_$*)

# Scheduler core (kernel/sched) host builds: unit tests and the bench.
# Every tests/unit/test_sched_*.c links the whole portable core plus the
# host environment (kernel/sched/host/sched_env_host.c, sched_host.c).
SCHED_SRCS := $(sort $(wildcard kernel/sched/*.c))
SCHED_HOST_SRCS := $(SCHED_SRCS) kernel/sched/host/sched_host_locks.c \
	kernel/sched/host/sched_env_host.c kernel/sched/host/sched_host.c
SCHED_UNIT_TESTS := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_sched_*.c))
$(foreach t,$(SCHED_UNIT_TESTS),$(eval UNIT_SRCS_$(t) := $(SCHED_HOST_SRCS)))
# kernel/lib/rbtree.h and kernel/sched/vtime_queue.h (cfs's and eevdf's
# queue) are header only: their tests link nothing else.
UNIT_SRCS_test_rbtree :=
UNIT_SRCS_test_vtime_queue :=
# test_eevdf_pick.c includes eevdf.c itself (its static pick) and links nothing.
$(BUILD)/unit/test_eevdf_pick: kernel/sched/eevdf.c


UNIT_SRCS_test_heap := kernel/mm/heap.c
UNIT_SRCS_test_cmdline := kernel/boot/cmdline.c
UNIT_SRCS_test_elf := kernel/proc/elf_validate.c
UNIT_SRCS_test_panel := kernel/diag/panel_format.c

# Boot: the multiboot2 reader's unit test, the framebuffer console's font,
# and the hybrid BIOS + UEFI ISO (docs/boot.md).
UNIT_SRCS_test_mb2 := kernel/boot/mb2.c
# Malformed boot information must never be read past its end: ASan/UBSan.
$(BUILD)/unit/test_mb2: UNIT_CFLAGS += -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
UNIT_SRCS_test_fbcon := kernel/console/fbcon.c kernel/console/text_screen.c $(BUILD)/k/font.c

# Host unit tests of the robustness helpers (docs/selfcheck.md).
UNIT_SRCS_test_mb_mem := kernel/boot/mb_mem.c
UNIT_SRCS_test_cmdline_fuzz := kernel/boot/cmdline.c
# The command-line fuzzer runs under AddressSanitizer and UBSan: any
# overflow or undefined behaviour in the parser stops it with a report.
$(BUILD)/unit/test_cmdline_fuzz: UNIT_CFLAGS += -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer

# SMP: host unit tests of the firmware-table parsers.  They are
# arch code, so their tests also see arch/i386/include (arch/fw_tables.h
# only: the parsers include nothing else of the arch).
UNIT_SRCS_test_acpi := arch/i386/acpi.c arch/i386/acpi_fadt.c
UNIT_SRCS_test_mptable := arch/i386/mptable.c arch/i386/acpi.c
$(BUILD)/unit/test_acpi $(BUILD)/unit/test_mptable: UNIT_CFLAGS += -Iarch/i386/include
$(BUILD)/unit/test_acpi $(BUILD)/unit/test_mptable: arch/i386/include/arch/fw_tables.h tests/unit/fw_fake.h
UNIT_SRCS_test_acpi_fadt := arch/i386/acpi.c arch/i386/acpi_fadt.c
$(BUILD)/unit/test_acpi_fadt: UNIT_CFLAGS += -Iarch/i386/include
$(BUILD)/unit/test_acpi_fadt: arch/i386/include/arch/fw_tables.h tests/unit/fw_fake.h

# The keyboards' portable parts, tested on the host: the one key table
# (kernel/console/keymap.c), USB descriptors and boot keyboard reports
# (kernel/usb/usb_desc.c, hid_kbd.c).
UNIT_SRCS_test_keymap := kernel/console/keymap.c
UNIT_SRCS_test_usb_desc := kernel/usb/usb_desc.c
UNIT_SRCS_test_usb_hid := kernel/usb/hid_kbd.c kernel/console/keymap.c
# Descriptors and reports come from a device: a read past the bytes it sent
# must fail the test (test_usb_desc hands each case over in a heap copy of
# exactly its length).
$(BUILD)/unit/test_usb_desc $(BUILD)/unit/test_usb_hid: UNIT_CFLAGS += \
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# schedsim: the host scheduler simulator (tools/schedsim/README.md).  It links
# the scheduler core (kernel/sched/*.c) unchanged with its host environment
# (kernel/sched/host/, the unit tests' one) and tools/schedsim/sim_env.c.
HOSTCC ?= gcc
SCHEDSIM := $(BUILD)/schedsim/schedsim
SCHEDSIM_SRCS := $(sort $(wildcard tools/schedsim/*.c)) $(sort $(wildcard kernel/sched/*.c)) \
	kernel/sched/host/sched_host_locks.c kernel/sched/host/sched_env_host.c
SCHEDSIM_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -Wno-format-truncation \
	-Itools/schedsim -Ikernel/sched/host -iquote kernel -DNICKEL_HOST=1
SCHEDSIM_WL := tools/schedsim/workloads

$(SCHEDSIM): $(SCHEDSIM_SRCS) $(wildcard tools/schedsim/*.h kernel/sched/*.h) \
		$(wildcard kernel/sched/host/*.h) kernel/lib/list.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(SCHEDSIM_CFLAGS) -o $@ $(SCHEDSIM_SRCS)

.PHONY: schedsim
## build the host scheduler simulator, build/schedsim/schedsim
schedsim: $(SCHEDSIM)
