/*
 * fuzz.h - the system-call fuzzer's parts (user/fuzz.c runs batches,
 * user/fuzz/gen.c makes the calls).  Everything is driven by one
 * deterministic PRNG, so a seed replays the same calls.
 */
#ifndef NICKEL_FUZZ_H
#define NICKEL_FUZZ_H
#include <stdint.h>

/* The batch root tells its parent how many calls it made through this
 * descriptor; the fuzzer never passes it to a fuzzed call. */
#define FUZZ_REPORT_FD 31

struct fuzz_proc {
	uint32_t rng;            /* xorshift32 state, never 0 */
	int linux_host;          /* restrict to the host-safe subset */
	int is_root;             /* the batch's first process */
	int depth, forks;        /* fork tree bounds (fuzz_call) */
	int self, root, watchdog;/* pids: self, the batch root, its watchdog */
	int kids[8], nkids;      /* pids our fuzzed forks returned */
	int fds[16], nfds;       /* descriptors our calls created */
	long calls;              /* calls made by this process */
	long forked;             /* fuzzed forks that succeeded */
};

uint32_t fuzz_rand(struct fuzz_proc *p);
/* One seeded batch in this process: `calls` calls, then exit.  Never returns. */
void fuzz_batch(struct fuzz_proc *p, long calls) __attribute__((noreturn));
#endif
