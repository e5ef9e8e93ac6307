# make top: a live dashboard (tools/nickel-top, curses) over nickel's serial
# console.  Boots as make run does (same variables), the desktop demo unless
# DEMO= names another, with a stat dump every second; r + - s t go through to
# nickel, q quits.
TOP_CMDLINE = $(strip $(CMDLINE) $(if $(DEMO),,demo=desktop) stats=1000)
TOP_MODULES = $(DEMO_MODULES) $(filter-out $(DEMO_MODULES),$(LAB_MODULES)) $(MODULES)

.PHONY: top
top: deps $(KERNEL) user
	python3 tools/nickel-top -- --smp $(SMP) --mem $(MEM) --machine $(MACHINE) \
		--accel $(ACCEL) --kernel $(KERNEL) --append "$(TOP_CMDLINE)" \
		$(foreach m,$(TOP_MODULES),--module $(m)) \
		$(if $(strip $(QEMUFLAGS)),--qemu-flags="$(QEMUFLAGS)")
