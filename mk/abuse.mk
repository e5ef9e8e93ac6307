# make run DEMO=abuse: the tick-sampling cheat (kernel/demo/abuse.c,
# user/cheat.c, docs/lab.md Exercise 5).  It needs the scheduler tick and
# the sleep timers on the same interrupt, as on a 2003 uniprocessor PC:
# no local APIC (so one CPU, ticks from the PIT), and -icount so that
# guest time follows the instructions run, not a busy host.
ABUSE_QEMUFLAGS := -cpu qemu32,-apic -icount shift=4,sleep=off
ifeq ($(DEMO),abuse)
QEMUFLAGS += $(ABUSE_QEMUFLAGS)
endif
