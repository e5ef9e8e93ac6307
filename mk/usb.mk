# The keyboards' portable parts, tested on the host: the one key table
# (kernel/console/keymap.c), USB descriptors and boot keyboard reports
# (kernel/usb/usb_desc.c, hid_kbd.c).
UNIT_SRCS_test_keymap := kernel/console/keymap.c
UNIT_SRCS_test_usb_desc := kernel/usb/usb_desc.c
UNIT_SRCS_test_usb_hid := kernel/usb/hid_kbd.c kernel/console/keymap.c
