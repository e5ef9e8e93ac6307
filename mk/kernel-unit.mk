UNIT_SRCS_test_heap := kernel/mm/heap.c
UNIT_SRCS_test_cmdline := kernel/boot/cmdline.c
UNIT_SRCS_test_elf := kernel/proc/elf_validate.c
UNIT_SRCS_test_panel := kernel/diag/panel_format.c
