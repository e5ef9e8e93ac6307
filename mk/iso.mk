# ==== booting elsewhere: the ISO (BIOS and UEFI), Bochs, a web page ====
# make iso: one hybrid image (docs/boot.md, "Booting a real PC"): GRUB for
# BIOS (grub-pc-bin) and for UEFI x86_64 and ia32 (grub-efi-amd64-bin,
# grub-efi-ia32-bin), bootable as a CD and when written to a USB stick;
# serial + screen console, an entry per policy and a safe entry; the demos'
# programs ride along as modules (ISO_MODULES, below).  No GRUB
# translations, themes or fonts (GRUB's menu is text): 12 MB instead of 23.
$(ISO): $(KERNEL) tools/build/grub.cfg
	@rm -rf $(BUILD)/iso && mkdir -p $(BUILD)/iso/boot/grub
	cp $(KERNEL) $(BUILD)/iso/boot/nickel.elf
	for m in $(ISO_MODULES); do strip --strip-debug -o $(BUILD)/iso/boot/$$(basename $$m) $$m; done
	sed 's|@ISO_MODULES@|$(notdir $(basename $(ISO_MODULES)))|' tools/build/grub.cfg \
		> $(BUILD)/iso/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(BUILD)/iso --locales= --themes= --fonts= \
		2>$(BUILD)/grub-mkrescue.log || { cat $(BUILD)/grub-mkrescue.log; exit 1; }
	@for p in i386-pc x86_64-efi i386-efi; do \
		xorriso -indev $@ -find /boot/grub/$$p -name moddep.lst 2>/dev/null | \
		grep -q moddep || { echo "make iso: no GRUB for $$p in $@ (make deps)"; \
		rm -f $@; exit 1; }; done

.PHONY: iso
## nickel.iso: boots a PC by BIOS or UEFI, from a CD or a USB stick
iso: deps $(ISO)

# The programs the ISO's menu entries load as modules (tools/build/grub.cfg lists
# the same names): the demos' and the lab's, without debug information.
# LAB_MODULES comes from mk/lab.mk.
ISO_MODULES = $(sort $(DEMO_MODULES) $(LAB_MODULES))
$(ISO): $(ISO_MODULES)

# make bochs: boot the kernel in Bochs instead of QEMU (tools/nickel-bochs),
# with SMP, ARGS and the other command-line variables as `make run` has
# them; BOCHS_CPU picks the CPU model (bochs --help cpu), e.g.
#   make bochs SMP=2 ARGS="apic=x2 run=5"
# make bochs-iso boots nickel.iso (the menu's default entry) instead.
BOCHS_CPU ?= corei7_icelake_u

.PHONY: bochs bochs-iso
## boot the kernel in Bochs (SMP= ARGS= BOCHS_CPU=)
bochs: deps $(KERNEL)
	python3 tools/nickel-bochs --kernel $(KERNEL) --append "$(strip $(CMDLINE))" \
		--smp $(SMP) --cpu $(BOCHS_CPU)

## boot nickel.iso in Bochs
bochs-iso: deps $(ISO)
	python3 tools/nickel-bochs --iso $(ISO) --smp $(SMP) --cpu $(BOCHS_CPU)

# nickel in a web page (docs/web.md): v86 boots the kernel and the lab's
# programs in the browser, xterm.js shows the serial line.
#   make web         the static site in build/web/ (any static host serves it)
#   make web-serve   serve it on http://localhost:$(WEB_PORT)/
#   make test-web    its tests: the stat-dump parser, a boot in v86 under
#                    Node, the page in headless Chromium (Playwright)
# The web-only extras (Chromium, node_modules from web/package-lock.json)
# come with `tools/build/deps.sh web`, run by these targets only.
WEB := $(BUILD)/web
WEB_PORT ?= 8086
WEB_NPM := web/node_modules/.package-lock.json
# The programs of every demo, as on the ISO (ISO_MODULES).
WEB_MODULES = $(sort $(DEMO_MODULES) $(LAB_MODULES))
WEB_SRC := $(wildcard web/src/*)

.PHONY: web web-deps web-serve test-web
## install the web page's extras (Chromium, Node and node_modules)
web-deps:
	@sh tools/build/deps.sh web

$(WEB_NPM): web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

# The page, v86 and xterm.js from node_modules, SeaBIOS and its VGA BIOS
# from Debian's seabios package, the kernel and the programs packed for
# v86's one initrd (web/tools/pack.mjs), debug sections stripped.
## the static web page in build/web/: nickel in v86
web: deps web-deps $(WEB_NPM) $(KERNEL) user
	rm -rf $(WEB) && mkdir -p $(WEB)/v86 $(WEB)/xterm $(WEB)/bios $(WEB)/boot
	cp $(WEB_SRC) $(WEB)/
	cp web/node_modules/v86/build/libv86.mjs web/node_modules/v86/build/v86.wasm \
		web/node_modules/v86/LICENSE $(WEB)/v86/
	cp web/node_modules/@xterm/xterm/lib/xterm.mjs web/node_modules/@xterm/xterm/css/xterm.css \
		web/node_modules/@xterm/xterm/LICENSE $(WEB)/xterm/
	cp /usr/share/seabios/bios.bin $(WEB)/bios/bios.bin
	cp /usr/share/seabios/vgabios-stdvga.bin $(WEB)/bios/vgabios.bin
	strip --strip-debug -o $(WEB)/boot/nickel.elf $(KERNEL)
	for m in $(WEB_MODULES); do strip --strip-debug -o $(WEB)/boot/$$(basename $$m) $$m; done
	node web/tools/pack.mjs $(WEB)/boot $(addprefix $(WEB)/boot/,$(notdir $(WEB_MODULES)))
	rm $(addprefix $(WEB)/boot/,$(notdir $(WEB_MODULES)))
	@echo "web: $(WEB)/index.html ($$(du -sh $(WEB) | cut -f1)); make web-serve serves it"

## serve build/web/ on http://localhost:8086/ (WEB_PORT=)
web-serve:
	@test -f $(WEB)/index.html || { echo "web-serve: no $(WEB)/index.html; run make web first"; exit 1; }
	@echo "web-serve: http://localhost:$(WEB_PORT)/ (Ctrl-C stops)"
	python3 -m http.server --bind 127.0.0.1 --directory $(WEB) $(WEB_PORT)

# Kept out of make test: it needs Chromium and node_modules, which make
# deps does not install, and 4-5 min on a 2-core host (docs/web.md).
## the web page's tests: v86 under Node, headless Chromium (minutes)
test-web: web
	cd web && node --test --test-concurrency=1 test/*.test.js
