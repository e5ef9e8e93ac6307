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
