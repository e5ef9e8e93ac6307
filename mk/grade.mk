# ==== labs and grading ====
# make grade [LAB=name] [GRADEFLAGS=...]: the labs' graded tests (labs/GRADING.md,
# docs/teaching.md).  tools/grade builds what a lab needs itself (the targets
# below, schedsim, the kernel for a QEMU test), so that a student's code that
# does not compile costs points instead of stopping the grade.
# Each labs/LAB/test_NAME.c becomes build/grade/LAB/test_NAME, linked like the
# scheduler's unit tests (mk/unit.mk) with labs/graded.h, from one
# object per source (build/grade-obj/): a change to one file of the core
# recompiles that file only.
GRADE_TEST_SRCS := $(sort $(wildcard labs/*/test_*.c labs/*/hidden/test_*.c))
GRADE_BINS := $(patsubst labs/%.c,$(BUILD)/grade/%,$(GRADE_TEST_SRCS))
GRADE_OBJ_DIR := $(BUILD)/grade-obj
GRADE_CFLAGS = $(UNIT_CFLAGS) -Ilabs -Itools/schedsim -Wno-format-truncation
GRADE_HEADERS = $(wildcard kernel/*.h kernel/*/*.h kernel/sched/host/*.h \
	tests/unit/unit.h labs/graded.h labs/*/*.h tools/schedsim/*.h)
# SCHED_HOST_SRCS, SCHEDSIM_SRCS and UNIT_CFLAGS come from mk/unit.mk.
GRADE_OBJS = $(patsubst %.c,$(GRADE_OBJ_DIR)/%.o,$(SCHED_HOST_SRCS) tests/unit/unit_main.c)
# The simulator as mk/unit.mk builds it, but from the same objects as
# the graded tests (a wrong solution then costs one recompile, not two).
GRADE_SIM := $(BUILD)/grade/schedsim
GRADE_SIM_OBJS = $(patsubst %.c,$(GRADE_OBJ_DIR)/%.o,$(SCHEDSIM_SRCS))

.PHONY: grade grade-build
## grade the labs (LAB=name: one): points, expected and actual, hints
grade:
	@python3 tools/grade $(if $(LAB),--lab $(LAB)) $(GRADEFLAGS)

## build every lab's graded host tests and the grader's schedsim
grade-build: $(GRADE_BINS) $(GRADE_SIM)

# Kept (not make's intermediates): the next build recompiles what changed only.
.PRECIOUS: $(GRADE_OBJ_DIR)/%.o
.SECONDEXPANSION:
$(GRADE_OBJ_DIR)/%.o: %.c $$(GRADE_HEADERS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(GRADE_CFLAGS) -c -o $@ $<

$(GRADE_SIM): $$(GRADE_SIM_OBJS)
	@mkdir -p $(dir $@)
	$(HOSTCC) -o $@ $(GRADE_SIM_OBJS)

$(BUILD)/grade/%: labs/%.c $$(GRADE_HEADERS) $$(GRADE_OBJS)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(GRADE_CFLAGS) -o $@ $< $(GRADE_OBJS)

# The teacher's tools (a student's tree has none of them).
ifneq ($(TEACHER),)
# make grade-submissions LAB=name SUBMISSIONS=DIR [OUT=dir] [JOBS=n]: grade a
# course's submissions (bundles, repositories or directories in DIR) with
# tools/grade-submissions; grades.csv and one folder per student in OUT
# (default build/grades/LAB).  docs/teaching.md, "Grading a course".
.PHONY: grade-submissions
## grade a course's submissions (LAB=name SUBMISSIONS=DIR [OUT= JOBS=])
grade-submissions:
	@test -n "$(LAB)" -a -n "$(SUBMISSIONS)" || { echo "make grade-submissions: LAB=name SUBMISSIONS=DIR" >&2; exit 2; }
	python3 tools/grade-submissions --lab $(LAB) --out $(or $(OUT),$(BUILD)/grades/$(LAB)) \
		$(if $(JOBS),--jobs $(JOBS)) $(wildcard $(SUBMISSIONS)/*)

# make autograder LAB=name [OUT=zip]: the lab's Gradescope autograder
# (tools/autograder; default build/autograder/LAB.zip).
.PHONY: autograder
## the lab's Gradescope autograder zip (LAB=name [OUT=zip])
autograder:
	@test -n "$(LAB)" || { echo "make autograder: say which lab: LAB=name" >&2; exit 2; }
	python3 tools/autograder make --lab $(LAB) $(if $(OUT),--out $(OUT))

# make handout LAB=name [OUT=dir] [CLASSROOM=1]: the student tree of one lab (tools/handout,
# labs/README.md), default build/handout/LAB: a fresh git repository with one
# commit, the lab's regions replaced by labs/LAB/handout.py's stubs; CLASSROOM=1
# adds a GitHub Classroom autograding workflow.
.PHONY: handout
## write the student tree of one lab (LAB=name [OUT=dir] [CLASSROOM=1])
handout:
	@test -n "$(LAB)" || { echo "make handout: say which lab: LAB=name (labs/*/handout.py)" >&2; exit 2; }
	python3 tools/handout $(LAB) $(if $(OUT),--out $(OUT)) $(if $(CLASSROOM),--classroom)

# make mutate LAB=name [MUTATEFLAGS=...]: mutation testing of a lab's graded
# tests (tools/mutate): every mutant of the lab's marked code, graded in a
# scratch copy of the tree (build/mutate/LAB/), the survivors listed;
# labs/LAB/MUTANTS.md says why each one left is equivalent or excused.
# MUTATEFLAGS: --jobs N, --only-unit, --with-qemu, --mutants 3,7-9, --list.
.PHONY: mutate
## how many wrong solutions a lab's graded tests catch (LAB=name)
mutate:
	@test -n "$(LAB)" || { echo "make mutate: say which lab: LAB=name (labs/*/grade.py)" >&2; exit 2; }
	python3 tools/mutate --lab $(LAB) $(MUTATEFLAGS)
endif
