# make mutate LAB=name [MUTATEFLAGS=...]: mutation testing of a lab's graded
# tests (tools/mutate): every mutant of the lab's marked code, graded in a
# scratch copy of the tree (build/mutate/LAB/), the survivors listed;
# labs/LAB/MUTANTS.md says why each one left is equivalent or excused.
# MUTATEFLAGS: --jobs N, --only-unit, --with-qemu, --mutants 3,7-9, --list.
.PHONY: mutate
mutate:
	@test -n "$(LAB)" || { echo "make mutate: say which lab: LAB=name (labs/*/grade.py)" >&2; exit 2; }
	python3 tools/mutate --lab $(LAB) $(MUTATEFLAGS)
