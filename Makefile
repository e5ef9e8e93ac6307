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

# The demos' ring-3 programs always come along (kernel/demo uses them).
DEMO_MODULES := $(BUILD)/user/hog.elf $(BUILD)/user/fuzz.elf $(BUILD)/user/hello.elf \
	$(BUILD)/user/cheat.elf

QEMU_RUN = python3 tools/nickel-qemu --smp $(SMP) --mem $(MEM) \
	--machine $(MACHINE) --accel $(ACCEL) \
	--append "$(strip $(CMDLINE))" \
	$(foreach m,$(DEMO_MODULES) $(MODULES),--module $(m)) \
	$(if $(strip $(QEMUFLAGS)),--qemu-flags="$(QEMUFLAGS)")

.PHONY: all deps run debug gdb clean
all: $(KERNEL)

# The parts' rules, one file per concern, in this order: a file may use in
# its rules' prerequisites the variables of the files before it.
include mk/kernel.mk mk/user.mk mk/unit.mk mk/lab.mk mk/grade.mk mk/iso.mk \
	mk/fuzz.mk mk/test.mk


deps:
	@sh tools/build/deps.sh

run: deps $(KERNEL) user
	$(QEMU_RUN) --kernel $(KERNEL) --interactive

debug: deps $(KERNEL) user
	$(QEMU_RUN) --kernel $(KERNEL) --interactive --gdb

gdb: deps $(KERNEL)
	gdb -q -ex "target remote localhost:1234" $(KERNEL)

clean:
	rm -rf $(BUILD) $(ISO)
