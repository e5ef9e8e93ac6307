# ==== kernel and arch: build/nickel.elf and its console font ====
# The kernel image: build/nickel.elf, linked twice so that it carries its own
# symbol table for backtraces (tools/build/mksyms.py; linker.ld puts .ksyms after code and data).
CC      := gcc
NASM    := nasm
LD      := ld
# Arch headers are included by a path that names the layer: "arch/cpu.h"
# (arch/i386/include/arch/cpu.h).
KINCLUDE := -nostdinc -isystem $(shell $(CC) -m32 -print-file-name=include) \
	-Iarch/i386/include -Ikernel -Ikernel/env
# -fdebug-prefix-map: no image names the directory it was built in, so every
# clone boots the same bytes (tests/tree/test_same_bytes_anywhere.py).
KCFLAGS := -m32 -std=gnu11 -ffreestanding -fno-pie -fno-pic -fno-stack-protector \
	-fno-omit-frame-pointer -fno-optimize-sibling-calls -fno-strict-aliasing -mgeneral-regs-only \
	-O2 -g -fdebug-prefix-map=$(CURDIR)=. -Wall -Wextra -Werror -Wno-unused-parameter $(KINCLUDE)
LIBGCC  := $(shell $(CC) -m32 -print-libgcc-file-name)

KERNEL_C   := $(sort $(wildcard arch/i386/*.c kernel/*.c kernel/*/*.c))
KERNEL_ASM := $(sort $(wildcard boot/*.asm arch/i386/*.asm))
KERNEL_OBJS := $(patsubst %.c,$(BUILD)/k/%.o,$(KERNEL_C)) \
	$(patsubst %.asm,$(BUILD)/k/%.o,$(KERNEL_ASM)) \
	$(BUILD)/k/font.o

$(BUILD)/k/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(KCFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/k/%.o: %.asm
	@mkdir -p $(dir $@)
	@echo "  NASM    $<"
	@$(NASM) -f elf32 -g -F dwarf $< -o $@

$(BUILD)/k/ksyms0.S:
	@mkdir -p $(dir $@)
	printf '.section .ksyms, "a"\n.globl ksyms_blob\n.balign 4\nksyms_blob:\n.long 0\n' > $@

$(BUILD)/k/%.o: $(BUILD)/k/%.S
	$(CC) -m32 -c $< -o $@

$(BUILD)/nickel.pass1.elf: $(KERNEL_OBJS) $(BUILD)/k/ksyms0.o linker.ld
	@echo "  LD      $@"
	@$(LD) -m elf_i386 -z noexecstack -z max-page-size=0x1000 --no-warn-rwx-segments -T linker.ld -o $@ $(KERNEL_OBJS) $(BUILD)/k/ksyms0.o $(LIBGCC)

$(BUILD)/k/ksyms.S: $(BUILD)/nickel.pass1.elf tools/build/mksyms.py
	nm -n $< > $(BUILD)/k/pass1.nm
	python3 tools/build/mksyms.py $(BUILD)/k/pass1.nm $@

# Pass 2; then check that no text symbol moved between the passes.
$(KERNEL): $(KERNEL_OBJS) $(BUILD)/k/ksyms.o linker.ld
	@echo "  LD      $@"
	@$(LD) -m elf_i386 -z noexecstack -z max-page-size=0x1000 --no-warn-rwx-segments -T linker.ld -o $@ $(KERNEL_OBJS) $(BUILD)/k/ksyms.o $(LIBGCC)
	@nm -n $@ | grep -i ' [tw] ' > $(BUILD)/k/pass2.text.nm
	@grep -i ' [tw] ' $(BUILD)/k/pass1.nm | cmp -s - $(BUILD)/k/pass2.text.nm || \
		{ echo "kernel: symbols moved between link passes"; rm -f $@; exit 1; }

-include $(KERNEL_OBJS:.o=.d)


# The console font comes from Debian's console-setup-linux (tools/build/deps.sh),
# converted at build time; FONT=... picks another PSF font.
FONT ?= /usr/share/consolefonts/Uni2-VGA16.psf.gz

$(BUILD)/k/font.c: $(FONT) tools/build/psf2c tools/lib/boot/psf.py
	@mkdir -p $(dir $@)
	PYTHONPATH=tools python3 tools/build/psf2c $(FONT) $@

$(BUILD)/k/font.o: $(BUILD)/k/font.c kernel/console/font.h
	@echo "  CC      $<"
	@$(CC) $(KCFLAGS) -c $< -o $@

