# The lab's demo programs (docs/lab.md): shared sources under
# user/lab/ linked into each program (mk/user.mk's USER_SRCS_NAME).
LAB_COMMON := user/lab/lab.c user/lab/xipc.c
LAB_LAUNCH := $(LAB_COMMON) user/lab/launch.c
LAB_PROGS  := xserver xclient scroller audio video compile desktop compiledemo

USER_SRCS_xserver     := $(LAB_COMMON)
USER_SRCS_xclient     := $(LAB_COMMON)
USER_SRCS_scroller    := $(LAB_COMMON)
USER_SRCS_audio       := $(LAB_COMMON)
USER_SRCS_video       := $(LAB_COMMON)
USER_SRCS_compile     := $(LAB_COMMON)
USER_SRCS_desktop     := $(LAB_LAUNCH)
USER_SRCS_compiledemo := $(LAB_LAUNCH)

# mk/user.mk's object rules only know user/lib's headers.
$(patsubst %,$(BUILD)/user/%.o,$(LAB_PROGS)) $(BUILD)/user/lab/lab.o \
	$(BUILD)/user/lab/launch.o $(BUILD)/user/lab/xipc.o: user/lab/lab.h \
	user/lab/launch.h user/lab/xipc.h

# Every module the lab launchers start (docs/lab.md).
LAB_MODULES := $(patsubst %,$(BUILD)/user/%.elf,$(LAB_PROGS) hog)

# make run DEMO=desktop|compile: the kernel's demo starts the launcher as
# init (kernel/demo/desktop.c), so every lab module comes along.
ifneq ($(filter desktop compile,$(DEMO)),)
DEMO_MODULES += $(filter-out $(DEMO_MODULES),$(LAB_MODULES))
endif

# IPC: the CPU a calling client gets (user/ipcshare.c, tests/scenarios/ipc.py).
USER_SRCS_ipcshare := $(LAB_COMMON)
$(BUILD)/user/ipcshare.o: user/lab/lab.h

# make docs-numbers: every marked table and figure of README.md, docs/ and
# labs/ rewritten by the command it names (tools/docs-numbers); WALLCLOCK=1
# the wall-clock ones too (on a quiet host).  make test-docs: the
# deterministic ones rerun and compared, cell by cell.
.PHONY: docs-numbers test-docs
docs-numbers: deps $(KERNEL) user sim
	python3 tools/docs-numbers $(if $(WALLCLOCK),--wallclock)
test-docs: deps $(KERNEL) user sim
	python3 tools/docs-numbers --check
