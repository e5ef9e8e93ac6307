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
