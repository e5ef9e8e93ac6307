# Host unit tests of the robustness helpers (docs/selfcheck.md).
UNIT_SRCS_test_mb_mem := kernel/boot/mb_mem.c
UNIT_SRCS_test_cmdline_fuzz := kernel/boot/cmdline.c
# The command-line fuzzer runs under AddressSanitizer and UBSan: any
# overflow or undefined behaviour in the parser stops it with a report.
$(BUILD)/unit/test_cmdline_fuzz: UNIT_CFLAGS += -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
