# make bench-ipc: an IPC round trip (an empty call and its reply) beside
# nickel's own pipe round trip, in instructions: QEMU -icount shift=0 makes
# one guest nanosecond one instruction, so rt_us * 1000 is the count
# (user/cmpbench.c tests=null,pipe,ipc; docs/lab.md "IPC: priority transfer two
# ways", docs/scheduler.md "What a round trip costs").  The null call
# (getppid) is the floor: a round trip enters the kernel twice.
IPC_BENCH_MODES := queue handoff donate direct

.PHONY: bench-ipc
bench-ipc: deps $(KERNEL) $(BUILD)/user/cmpbench.elf
	@mkdir -p bench/out
	@echo "## IPC round trip beside the pipe round trip (instructions, -icount shift=0)"
	@for m in $(IPC_BENCH_MODES); do \
		python3 tools/nickel-qemu --smp 1 --mem 32 --qemu-flags "-icount shift=0,sleep=off" \
			--module $(BUILD)/user/cmpbench.elf \
			--append "init=cmpbench ipc=$$m -- tests=null,pipe,ipc pipe_n=2000 null_n=20000" \
			> bench/out/ipc-$$m.log 2>&1 || exit 1; \
		grep '^bench name=' bench/out/ipc-$$m.log | sed "s/^/ipc=$$m: /"; \
	done
