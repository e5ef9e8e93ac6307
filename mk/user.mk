# ==== ring-3 programs and newlib ====
# newlib for ring-3 programs: built once by tools/build/deps.d/newlib.sh (also run by
# `make deps`) into .cache/newlib/ (git-ignored).  See docs/user.md.
NEWLIB_VERSION := 3.3.0
NEWLIB_DIR     := .cache/newlib/i686-elf
NEWLIB_STAMP   := .cache/newlib/.done-$(NEWLIB_VERSION)
NEWLIB_INC     := $(NEWLIB_DIR)/include
NEWLIB_LIBS    := $(NEWLIB_DIR)/lib/libc.a $(NEWLIB_DIR)/lib/libm.a

.PHONY: newlib
## build newlib once into .cache/newlib/
newlib: $(NEWLIB_STAMP)

$(NEWLIB_STAMP): tools/build/deps.d/newlib.sh
	@sh tools/build/deps.d/newlib.sh && touch $@

# Ring-3 programs: static i386 ELF (ET_EXEC at 0x08048000) linked against
# newlib (above) and user/lib (crt0 + Linux i386 syscall glue).
# They run on the host under qemu-i386 and, unchanged, on nickel as multiboot
# modules (MODULES="build/user/hog.elf ...").  See docs/user.md.
#
#   make user                  every program: build/user/NAME.elf
#   make build/user/NAME.elf   one program, from user/NAME.c or tests/user/NAME.c
#   make user-test             run usertests under qemu-i386 on the host
#
# A new program: drop user/NAME.c (or, a test program, tests/user/NAME.c) in;
# it is picked up.
# Extra sources for a program: USER_SRCS_NAME := user/foo.c

USER_CC      ?= gcc
USER_LD      ?= ld
USER_AR      ?= ar
USER_QEMU    ?= qemu-i386
USER_BUILD   := $(BUILD)/user
USER_GCC_INC := $(shell $(USER_CC) -m32 -print-file-name=include)
USER_LIBGCC  := $(shell $(USER_CC) -m32 -print-libgcc-file-name)

NEWLIB_TARGET_FLAGS := -U__linux__ -U__linux -Ulinux -U__gnu_linux__
# -fdebug-prefix-map, as for the kernel (mk/kernel.mk): the same bytes in
# any clone, since a program's whole file is the guest's to read.
USER_CFLAGS := -m32 $(NEWLIB_TARGET_FLAGS) -march=i686 -std=gnu11 -O2 -g -fdebug-prefix-map=$(CURDIR)=. -Wall -Wextra -Werror \
	-Wno-unused-parameter \
	-fno-pie -fno-pic -fno-stack-protector -fno-omit-frame-pointer \
	-fno-asynchronous-unwind-tables -ffunction-sections -fdata-sections \
	-nostdinc -isystem $(NEWLIB_INC) -isystem $(USER_GCC_INC) -Iuser/lib
USER_ASFLAGS := -m32 -fno-pie -fdebug-prefix-map=$(CURDIR)=. -Iuser/lib
USER_LDFLAGS := -m elf_i386 -static -nostdlib -T user/user.ld --gc-sections

USER_LIB_C   := $(sort $(wildcard user/lib/*.c))
USER_LIB_S   := $(filter-out user/lib/crt0.S,$(sort $(wildcard user/lib/*.S)))
USER_LIB_OBJS := $(patsubst user/lib/%.c,$(USER_BUILD)/lib/%.o,$(USER_LIB_C)) \
	$(patsubst user/lib/%.S,$(USER_BUILD)/lib/%.o,$(USER_LIB_S))
USER_CRT0    := $(USER_BUILD)/lib/crt0.o
USER_LIBA    := $(USER_BUILD)/lib/libnickel.a
USER_HDRS    := $(wildcard user/lib/*.h)

USER_PROGS   := $(patsubst user/%.c,%,$(wildcard user/*.c)) \
	$(patsubst tests/user/%.c,%,$(wildcard tests/user/*.c))
USER_ELFS    := $(patsubst %,$(USER_BUILD)/%.elf,$(USER_PROGS))

.PHONY: user
## every ring-3 program, build/user/NAME.elf
user: $(USER_ELFS)

ifneq ($(wildcard tests/user/run-usertests.sh),)
.PHONY: user-test
## run usertests under qemu-i386 on the host
user-test: tests/user/run-usertests.sh $(USER_BUILD)/usertests.elf
	@sh tests/user/run-usertests.sh
endif

$(USER_BUILD)/lib/%.o: user/lib/%.c $(USER_HDRS) $(NEWLIB_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -c -o $@ $<

$(USER_BUILD)/lib/%.o: user/lib/%.S $(USER_HDRS)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_ASFLAGS) -c -o $@ $<

$(USER_LIBA): $(USER_LIB_OBJS)
	@rm -f $@
	$(USER_AR) rcs $@ $^

$(USER_BUILD)/%.o: user/%.c $(USER_HDRS) $(NEWLIB_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -c -o $@ $<

$(USER_BUILD)/tests/%.o: tests/user/%.c $(USER_HDRS) $(wildcard tests/user/*.h) $(NEWLIB_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -c -o $@ $<

# A function: a pattern rule's prerequisites would have their % replaced by the stem.
USER_SRCS_OBJS = $(patsubst user/%.c,$(USER_BUILD)/%.o,$(USER_SRCS_$(1)))
USER_OBJ_OF = $(if $(wildcard user/$(1).c),$(USER_BUILD)/$(1).o,$(USER_BUILD)/tests/$(1).o)

.SECONDEXPANSION:
$(USER_BUILD)/%.elf: $$(call USER_OBJ_OF,$$*) $$(call USER_SRCS_OBJS,$$*) \
		$(USER_CRT0) $(USER_LIBA) user/user.ld $(NEWLIB_STAMP)
	$(USER_LD) $(USER_LDFLAGS) -o $@ $(USER_CRT0) $(filter %.o,$(filter-out $(USER_CRT0),$^)) \
		--start-group $(USER_LIBA) $(NEWLIB_LIBS) $(USER_LIBGCC) --end-group

.PRECIOUS: $(USER_BUILD)/%.o $(USER_BUILD)/tests/%.o $(USER_BUILD)/lib/%.o

# The system-call fuzzer (user/fuzz.c + user/fuzz/, docs/robustness.md).
USER_SRCS_fuzz := user/fuzz/gen.c user/fuzz/guided.c user/fuzz/mutate.c
