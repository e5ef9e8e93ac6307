UNIT_SRCS_test_heap := kernel/heap.c
UNIT_SRCS_test_cmdline := kernel/cmdline.c
UNIT_SRCS_test_elf := kernel/elf_check.c
UNIT_SRCS_test_panel := kernel/panel_format.c
