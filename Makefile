# nickel - top-level Makefile.  Targets and variables: docs/contract.md.  The rules are in mk/, one file per concern (README.md's layout).

# ---- user-facing variables (all optional) -----------------------------------
SMP       ?= 2
POLICY    ?= nick
DEMO      ?=
HOGS      ?=
NICE      ?=
SECONDS   ?=
TRACE     ?=
MEM       ?= 128
ACCEL     ?= tcg
MODULES   ?=
IPC       ?=
XIPC      ?=
ARGS      ?=
MACHINE   ?= pc
QEMUFLAGS ?=
LOAD      ?=

BUILD := build
KERNEL := $(BUILD)/nickel.elf
ISO := nickel.iso

# The kernel command line from the variables above (only those that are set).
CMDLINE := policy=$(POLICY)
CMDLINE += $(if $(DEMO),demo=$(DEMO))
CMDLINE += $(if $(HOGS),hogs=$(HOGS))
CMDLINE += $(if $(NICE),nice=$(NICE))
CMDLINE += $(if $(SECONDS),run=$(SECONDS))
CMDLINE += $(if $(TRACE),trace=$(TRACE))
CMDLINE += $(if $(IPC),ipc=$(IPC))
CMDLINE += $(if $(XIPC),xipc=$(XIPC))
CMDLINE += $(ARGS)

# The demos' ring-3 programs always come along (kernel/demo uses them),
# those the tree has: a lab's student tree may have fewer (tools/handout).
DEMO_MODULES := $(patsubst user/%.c,$(BUILD)/user/%.elf,\
	$(wildcard user/hog.c user/fuzz.c user/hello.c user/cheat.c))
# The teacher's tree: the one with the labs' solutions (labs/*/handout.py).
# A student's tree has not, nor the tools of the targets kept for the teacher.
TEACHER := $(wildcard labs/*/handout.py)

QEMU_RUN = python3 tools/nickel-qemu --smp $(SMP) --mem $(MEM) \
	--machine $(MACHINE) --accel $(ACCEL) \
	--append "$(strip $(CMDLINE))" \
	$(foreach m,$(DEMO_MODULES) $(MODULES),--module $(m)) \
	$(if $(strip $(QEMUFLAGS)),--qemu-flags="$(QEMUFLAGS)")

.PHONY: all help deps run debug gdb clean
## the kernel, build/nickel.elf (the default)
all: $(KERNEL)

# make help: the "## text" line right above each target's rule, for the
# targets make knows here (tools/build/make-help).
## this list: every target, one line each
help:
	@python3 tools/build/make-help $(MAKEFILE_LIST)

# The parts' rules, one file per concern, in this order: a file may use in
# its rules' prerequisites the variables of the files before it.  A lab's
# student tree has only the files of the rooms it got (tools/handout).
include $(wildcard mk/kernel.mk mk/user.mk mk/unit.mk mk/lab.mk mk/grade.mk \
	mk/iso.mk mk/fuzz.mk mk/test.mk)


## install what the build needs (Debian packages; newlib into .cache/)
deps:
	@sh tools/build/deps.sh

## build and boot in QEMU on the serial console (SMP= POLICY= DEMO= ...; Ctrl-A x quits)
run: deps $(KERNEL) user
	$(QEMU_RUN) --kernel $(KERNEL) --interactive

## boot as make run, QEMU waiting for gdb on port 1234
debug: deps $(KERNEL) user
	$(QEMU_RUN) --kernel $(KERNEL) --interactive --gdb

## attach gdb, with the kernel's symbols, to make debug's QEMU
gdb: deps $(KERNEL)
	gdb -q -ex "target remote localhost:1234" $(KERNEL)

## remove build/ and the ISO
clean:
	rm -rf $(BUILD) $(ISO)
