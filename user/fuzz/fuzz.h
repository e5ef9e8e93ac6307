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
	uint32_t made[8][2];     /* guided: what each call of the sequence made */
	int nmade;               /* (its result; a pipe's two descriptors) */
};

uint32_t fuzz_rand(struct fuzz_proc *p);
/* One seeded batch in this process: `calls` calls, then exit.  Never returns. */
void fuzz_batch(struct fuzz_proc *p, long calls) __attribute__((noreturn));
/* user/fuzz.c: a child run under a watchdog that kills it after ms. */
void fuzz_run_watchdog(long child, long ms);       /* never returns */
int fuzz_reap_watched(long child, long wd, int *child_status);

/* One drawn call, kept so that it can be made again (guided.c): its number,
 * arguments and the PRNG state that fills the buffers before it.  An
 * argument may be a reference, resolved when the call is made:
 * FUZZ_FD_REF(k), the k-th descriptor this run created; FUZZ_RES_REF(k, j),
 * what call k of the sequence made (j = 0 its result, for pipe the read
 * end, j = 1 pipe's write end); FUZZ_SELF_PID, the caller. */
struct fuzz_call {
	int nr;
	uint32_t a[6];
	uint32_t fill;
};
#define FUZZ_FD_REF(k)     (0xFDFD0000u | (k))
#define FUZZ_RES_REF(k, j) (0xFDFC0000u | (uint32_t)(k) << 1 | (uint32_t)(j))
#define FUZZ_SELF_PID      0xFDFE0000u

/* A sequence of calls the guided mode makes in one child (guided.c). */
#define FUZZ_SEQ_MAX 8
struct fuzz_seq {
	int n;
	struct fuzz_call c[FUZZ_SEQ_MAX];
	uint32_t kept_for;       /* the first new PC it found, else edge */
	int weight;              /* how often the corpus picks it (mutate.c) */
};

void fuzz_buffers_init(void);
/* A fresh call as the random mode draws it (never exit, fork or exec). */
void fuzz_draw(struct fuzz_proc *p, struct fuzz_call *c);
uint32_t fuzz_draw_arg(struct fuzz_proc *p, int nr, int i);
/* A pointer into the fuzzer's buffers (aligned or not, near the end). */
uint32_t fuzz_buf_arg(struct fuzz_proc *p);
/* The address of string slot k (0..15) in the buffers. */
uint32_t fuzz_string_arg(int k);
/* Fill the buffers from c->fill, resolve references, make the call. */
long fuzz_exec(struct fuzz_proc *p, const struct fuzz_call *c);
int fuzz_is_fd_arg(int nr, int i);
int fuzz_is_pid_arg(int nr, int i);
/* Mutations and the choice table (mutate.c). */
void fuzz_choice_credit(int prev_nr, int nr);
int fuzz_choice_pick(struct fuzz_proc *p, int prev_nr);  /* -1: table empty */
void fuzz_mutate(struct fuzz_proc *p, struct fuzz_seq *s,
		 const struct fuzz_seq *corpus, int ncorpus);
void fuzz_draw_after(struct fuzz_proc *p, struct fuzz_call *c, int prev_nr);
extern int fuzz_guided_on;               /* guided.c: mode=guided, not blind */
/* mode=guided|blind (guided.c): sequences in children with kcov on. */
int fuzz_guided(const char *mode, long seed, long calls, long ms, long fresh_pct,
		int replay);
#endif
