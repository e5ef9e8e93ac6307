# make handout LAB=name [OUT=dir] [CLASSROOM=1]: the student tree of one lab (tools/handout,
# labs/README.md), default build/handout/LAB: a fresh git repository with one
# commit, the lab's regions replaced by labs/LAB/handout.py's stubs; CLASSROOM=1
# adds a GitHub Classroom autograding workflow.
.PHONY: handout
handout:
	@test -n "$(LAB)" || { echo "make handout: say which lab: LAB=name (labs/*/handout.py)" >&2; exit 2; }
	python3 tools/handout $(LAB) $(if $(OUT),--out $(OUT)) $(if $(CLASSROOM),--classroom)
