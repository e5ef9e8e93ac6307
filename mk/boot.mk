# Boot: the multiboot2 reader's unit test (docs/boot.md).
UNIT_SRCS_test_mb2 := kernel/mb2.c
# Malformed boot information must never be read past its end: ASan/UBSan.
$(BUILD)/unit/test_mb2: UNIT_CFLAGS += -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
