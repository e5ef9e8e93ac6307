# Boot: the multiboot2 reader's unit test, the framebuffer console's font,
# and the hybrid BIOS + UEFI ISO (docs/boot.md).
UNIT_SRCS_test_mb2 := kernel/boot/mb2.c
# Malformed boot information must never be read past its end: ASan/UBSan.
$(BUILD)/unit/test_mb2: UNIT_CFLAGS += -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
UNIT_SRCS_test_fbcon := kernel/console/fbcon.c kernel/console/text_screen.c $(BUILD)/k/font.c

# The console font comes from Debian's console-setup-linux (tools/build/deps.sh),
# converted at build time; FONT=... picks another PSF font.
FONT ?= /usr/share/consolefonts/Uni2-VGA16.psf.gz

$(BUILD)/k/font.c: $(FONT) tools/build/psf2c tools/lib/psf.py
	@mkdir -p $(dir $@)
	PYTHONPATH=tools python3 tools/build/psf2c $(FONT) $@

$(BUILD)/k/font.o: $(BUILD)/k/font.c kernel/console/font.h
	@echo "  CC      $<"
	@$(CC) $(KCFLAGS) -c $< -o $@

# The programs the ISO's menu entries load as modules (tools/build/grub.cfg lists
# the same names): the demos' and the lab's, without debug information.
# "=": LAB_MODULES is set by mk/lab.mk, read after this file; the top
# Makefile makes them prerequisites of the ISO.
ISO_MODULES = $(sort $(DEMO_MODULES) $(LAB_MODULES))
