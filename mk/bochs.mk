# make bochs: boot the kernel in Bochs instead of QEMU (tools/nickel-bochs),
# with SMP, ARGS and the other command-line variables as `make run` has
# them; BOCHS_CPU picks the CPU model (bochs --help cpu), e.g.
#   make bochs SMP=2 ARGS="apic=x2 run=5"
# make bochs-iso boots nickel.iso (the menu's default entry) instead.
BOCHS_CPU ?= corei7_icelake_u

.PHONY: bochs bochs-iso
bochs: deps $(KERNEL)
	python3 tools/nickel-bochs --kernel $(KERNEL) --append "$(strip $(CMDLINE))" \
		--smp $(SMP) --cpu $(BOCHS_CPU)

bochs-iso: deps $(ISO)
	python3 tools/nickel-bochs --iso $(ISO) --smp $(SMP) --cpu $(BOCHS_CPU)
