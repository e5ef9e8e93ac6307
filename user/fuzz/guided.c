/*
 * guided.c - the coverage-guided mode, as syzkaller works, on the coverage
 * kernel (make kcov, kernel/kcov):
 *
 *   fuzz mode=guided [seed=N] [calls=C] [seq_ms=T] [fresh=F] [replay=1]
 *   fuzz mode=blind  ...        the same runs, every sequence fresh
 *
 * A run is a sequence of up to FUZZ_SEQ_MAX calls (gen.c draws them) made
 * by a forked child with kernel coverage on; after each call the child
 * sends back the call's result, the kernel PCs and the *edges* (pairs of
 * consecutive PCs, hashed) it reached that were new to the sequence.  The
 * edges are the signal: a sequence that reached an edge no earlier
 * sequence did joins the corpus, cut after its last call that found one.
 * An edge tells apart two ways to the same lines (a check passed, then
 * failed further on), so more sequences count as new than with PCs alone.
 *
 * Guided mode draws F% of its sequences fresh (default 50), half of their
 * calls from the choice table, and makes the others by mutating a corpus
 * sequence (mutate.c), picked by weight: those that found new PCs and
 * many edges, and the recent ones, more often.  blind draws every
 * sequence fresh through the same children and the same generator: at the
 * same call count the two differ only by the feedback.  A watchdog child
 * kills a sequence still running after T ms; the calls before the one
 * that blocked have already reported.
 *
 * Output: "fuzz: mode=M seed=N calls=C sequences=S corpus=K pcs=P
 * timeouts=T edges=E killed=K" (killed: sequences that died of a signal
 * they caused), what the calls answered ("fuzz: answers ok=.. enosys=..
 * ebadf=.. efault=.. einval=.. other=.."), progress lines "fuzz: progress
 * calls=C pcs=P", and every PC reached on "kcov-pcs: M PC ..." lines
 * (tools/kcov-lines maps them to source lines).  replay=1 then runs each
 * corpus sequence again and counts those that reach again what they were
 * kept for (their first new PC, else their first new edge):
 * "fuzz: replay corpus=K reached=R".
 */
#include <string.h>
#include "nickel.h"
#include "fuzz.h"

#define NR_kcov_enable  1100
#define NR_kcov_disable 1101
#define NR_kcov_reset   1102
#define NR_kcov_read    1103
#define KCOV_PCS        65536
#define CORPUS_MAX      1024
#define PC_SLOTS        65536            /* power of two, > kernel's PCs */
#define EDGE_SLOTS      262144           /* power of two, > edges reached */
#define RECORD_WORDS    4                /* call, result, new PCs, new edges */

int fuzz_guided_on;                      /* mode=guided, not blind */

/* Mapped when the mode starts (tables_map): the random mode's processes
 * do not carry them. */
static struct fuzz_seq *corpus;          /* CORPUS_MAX */
static int ncorpus;
static uint32_t *seen_pcs;               /* PC_SLOTS, open addressing, 0 = empty */
static uint32_t *seen_edges;             /* EDGE_SLOTS */
static long npcs, nedges;

static int tables_map(void)
{
	uint32_t bytes = CORPUS_MAX * sizeof(*corpus) + (PC_SLOTS + EDGE_SLOTS) * 4;
	long r = sys_mmap(0, bytes, 3, 0x22, -1, 0);

	if (NK_MMAP_FAILED(r))
		return -1;
	seen_pcs = (uint32_t *)r;            /* anonymous memory: zeros */
	seen_edges = seen_pcs + PC_SLOTS;
	corpus = (struct fuzz_seq *)(seen_edges + EDGE_SLOTS);
	return 0;
}

/* Sequences the watchdog ended, and those that died of a signal of their
 * own making (kill of themselves, SIGPIPE, a fault): the call that did it
 * never reports. */
static long timeouts, killed;

/* What the calls answered: how many were spent on an early error. */
static struct { long ok, enosys, ebadf, efault, einval, other; } answers;

static void count_answer(long r)
{
	if (r >= 0 || r < -4095)
		answers.ok++;                    /* mmap's high addresses too */
	else if (r == -38)
		answers.enosys++;
	else if (r == -9)
		answers.ebadf++;
	else if (r == -14)
		answers.efault++;
	else if (r == -22)
		answers.einval++;
	else
		answers.other++;
}

/* Add v (not 0) to table (slots a power of two); 1 if it was not there. */
static int set_add(uint32_t *table, uint32_t slots, uint32_t v)
{
	uint32_t h = (v * 2654435761u) & (slots - 1);

	while (table[h] && table[h] != v)
		h = (h + 1) & (slots - 1);
	if (table[h])
		return 0;
	table[h] = v;
	return 1;
}

/* The edge from PC `from` (0: the call's start) to PC `to`, never 0. */
static uint32_t edge_of(uint32_t from, uint32_t to)
{
	uint32_t e = (from * 0x9E3779B1u) ^ (from >> 16) ^ to;

	return e ? e : 1;
}

/* The child: coverage on, the calls; after each, one record to fd out:
 * call index, result, how many new PCs and new edges, then those. */
static void run_child(const struct fuzz_seq *s, int out)
{
	struct fuzz_proc p;
	long n, i, np, ne;
	int c;
	uint32_t *pcs, *edges, *mine_pcs, *mine_edges, rec[RECORD_WORDS], prev;
	long r = sys_mmap(0, 4 * KCOV_PCS * 4, 3, 0x22, -1, 0);

	if (NK_MMAP_FAILED(r))
		sys_exit_group(2);
	pcs = (uint32_t *)r;
	edges = pcs + KCOV_PCS;
	mine_pcs = edges + KCOV_PCS;
	mine_edges = mine_pcs + KCOV_PCS;
	sys_dup2(out, FUZZ_REPORT_FD);
	for (i = 0; i < FUZZ_REPORT_FD; i++)
		sys_close((int)i);               /* the console is not the calls' */
	memset(&p, 0, sizeof(p));
	p.self = p.root = (int)sys_getpid();
	if (syscall1(NR_kcov_enable, KCOV_PCS) != 0)
		sys_exit_group(3);
	for (c = 0; c < s->n; c++) {
		syscall0(NR_kcov_reset);
		rec[1] = (uint32_t)fuzz_exec(&p, &s->c[c]);
		n = syscall2(NR_kcov_read, (long)pcs, KCOV_PCS);
		for (i = np = ne = 0, prev = 0; i < n; prev = pcs[i++]) {
			uint32_t e = edge_of(prev, pcs[i]);
			if (set_add(mine_edges, KCOV_PCS, e))
				edges[ne++] = e;
			if (set_add(mine_pcs, KCOV_PCS, pcs[i]))
				pcs[np++] = pcs[i];      /* np <= i: in place */
		}
		rec[0] = (uint32_t)c;
		rec[2] = (uint32_t)np;
		rec[3] = (uint32_t)ne;
		sys_write(FUZZ_REPORT_FD, rec, sizeof(rec));
		sys_write(FUZZ_REPORT_FD, pcs, np * 4);
		sys_write(FUZZ_REPORT_FD, edges, ne * 4);
	}
	sys_exit_group(0);
}

/* Words from the child's pipe, one at a time. */
struct reader {
	int fd;
	long n, i;
	uint32_t buf[256];
};

static int next_word(struct reader *rd, uint32_t *w)
{
	if (rd->i == rd->n) {
		rd->n = sys_read(rd->fd, rd->buf, sizeof(rd->buf)) / 4;
		rd->i = 0;
		if (rd->n <= 0) {
			rd->n = 0;
			return 0;
		}
	}
	*w = rd->buf[rd->i++];
	return 1;
}

/* What one run of a sequence found. */
struct found {
	long new_pcs, new_edges;
	uint32_t first_pc, first_edge;   /* the first new PC, edge */
	int last;                        /* the last call that found one */
	int hit;                         /* replay: the wanted edge reached */
};

/* One call's record: count its answer and its news, credit the choice
 * table.  0 at the end of the stream. */
static int take_record(struct reader *rd, const struct fuzz_seq *s, uint32_t want,
		       struct found *f)
{
	uint32_t rec[RECORD_WORDS], v, i;
	int c, news = 0;

	for (i = 0; i < RECORD_WORDS; i++)
		if (!next_word(rd, &rec[i]))
			return 0;
	c = (int)(rec[0] % FUZZ_SEQ_MAX);
	if (!want)
		count_answer((long)(int32_t)rec[1]);
	for (i = 0; i < rec[2] && next_word(rd, &v); i++) {
		f->hit |= v == want;
		if (want || !set_add(seen_pcs, PC_SLOTS, v))
			continue;
		npcs++;
		if (!f->new_pcs++)
			f->first_pc = v;
	}
	for (i = 0; i < rec[3] && next_word(rd, &v); i++) {
		f->hit |= v == want;
		if (want || nedges >= EDGE_SLOTS / 4 * 3 || !set_add(seen_edges, EDGE_SLOTS, v))
			continue;
		nedges++;
		if (!f->new_edges++)
			f->first_edge = v;
		news = 1;
	}
	if (news) {
		fuzz_choice_credit(c ? s->c[c - 1].nr : -1, s->c[c].nr);
		f->last = c;
	}
	return 1;
}

/* Run s in a child under a watchdog and read what it found; with `want`
 * set, only whether it reached want (a PC or an edge). */
static void run_seq(const struct fuzz_seq *s, long ms, uint32_t want, struct found *f)
{
	int pfd[2], st = 0, timed_out;
	long child, wd;
	struct reader rd;

	memset(f, 0, sizeof(*f));
	if (sys_pipe(pfd) < 0)
		return;
	child = sys_fork();
	if (child == 0) {
		sys_close(pfd[0]);
		run_child(s, pfd[1]);
	}
	wd = child > 0 ? sys_fork() : -1;
	if (wd == 0)
		fuzz_run_watchdog(child, ms);
	sys_close(pfd[1]);
	rd.fd = pfd[0];
	rd.n = rd.i = 0;
	while (take_record(&rd, s, want, f))
		;
	sys_close(pfd[0]);
	timed_out = fuzz_reap_watched(child, wd, &st);
	timeouts += timed_out;
	killed += child > 0 && (st & 0x7F) != 0 && !timed_out;
	while (sys_waitpid(-1, &st, LNX_WNOHANG) > 0)
		;                                /* orphans, when we are init */
}

static uint32_t below(struct fuzz_proc *p, uint32_t n)
{
	return fuzz_rand(p) % n;
}

static void fresh_seq(struct fuzz_proc *p, struct fuzz_seq *s)
{
	int i;

	s->n = 1 + (int)below(p, FUZZ_SEQ_MAX);
	for (i = 0; i < s->n; i++)
		fuzz_draw_after(p, &s->c[i], i ? s->c[i - 1].nr : -1);
}

/* A corpus sequence to mutate: half the time one of the last 16 kept,
 * else by weight (new PCs count most, then new edges). */
static const struct fuzz_seq *pick_corpus(struct fuzz_proc *p)
{
	static long total;
	static int summed;
	long w;
	int i;

	if (below(p, 2))
		return &corpus[ncorpus - 1 - (int)below(p, ncorpus < 16 ? (uint32_t)ncorpus : 16)];
	for (; summed < ncorpus; summed++)
		total += corpus[summed].weight;
	w = (long)below(p, (uint32_t)total);
	for (i = 0; w >= corpus[i].weight; i++)
		w -= corpus[i].weight;
	return &corpus[i];
}

static void keep(struct fuzz_seq *s, const struct found *f)
{
	long w = 1 + f->new_edges / 4 + 8 * f->new_pcs;

	if (ncorpus == CORPUS_MAX)
		return;
	s->kept_for = f->first_pc ? f->first_pc : f->first_edge;
	s->n = f->last + 1;                  /* what follows found nothing */
	s->weight = w > 64 ? 64 : (int)w;
	corpus[ncorpus++] = *s;
}

static void print_pcs(const char *mode)
{
	long i, k = 0;

	for (i = 0; i < PC_SLOTS; i++) {
		if (!seen_pcs[i])
			continue;
		if (k % 12 == 0)
			nk_printf("%skcov-pcs: %s", k ? "\n" : "", mode);
		nk_printf(" %x", seen_pcs[i]);
		k++;
	}
	if (k)
		nk_printf("\n");
}

int fuzz_guided(const char *mode, long seed, long calls, long ms, long fresh_pct,
		int replay)
{
	struct fuzz_proc p;
	struct fuzz_seq s;
	struct found f;
	long done = 0, sequences = 0, next_report = 0, r, reached = 0;
	int i;

	fuzz_guided_on = strcmp(mode, "guided") == 0;
	r = syscall1(NR_kcov_enable, 1);
	if (r != 0 && r != -16) {
		nk_printf("fuzz: mode=%s needs the coverage kernel (make kcov): "
			  "kcov_enable=%ld\n", mode, r);
		return 1;
	}
	if (r == 0)
		syscall0(NR_kcov_disable);       /* the children trace, not us */
	if (tables_map() != 0) {
		nk_printf("fuzz: mode=%s: no memory for the coverage tables\n", mode);
		return 1;
	}
	memset(&p, 0, sizeof(p));
	p.rng = (uint32_t)seed * 2654435761u ^ 0x5bd1e995u;
	if (!p.rng)
		p.rng = 1;
	fuzz_buffers_init();
	nk_printf("fuzz: mode=%s seed=%ld calls=%ld seq_ms=%ld\n", mode, seed, calls, ms);
	while (done < calls) {
		if (!fuzz_guided_on || ncorpus == 0 || (long)below(&p, 100) < fresh_pct) {
			fresh_seq(&p, &s);
		} else {
			s = *pick_corpus(&p);
			fuzz_mutate(&p, &s, corpus, ncorpus);
		}
		if (s.n > calls - done)
			s.n = (int)(calls - done);
		done += s.n;
		sequences++;
		run_seq(&s, ms, 0, &f);
		if (f.new_edges)
			keep(&s, &f);
		if (done >= next_report) {
			nk_printf("fuzz: progress calls=%ld pcs=%ld\n", done, npcs);
			next_report += calls / 10 ? calls / 10 : 1;
		}
	}
	nk_printf("fuzz: mode=%s seed=%ld calls=%ld sequences=%ld corpus=%d pcs=%ld "
		  "timeouts=%ld edges=%ld killed=%ld\n", mode, seed, done, sequences, ncorpus,
		  npcs, timeouts, nedges, killed);
	nk_printf("fuzz: answers ok=%ld enosys=%ld ebadf=%ld efault=%ld einval=%ld "
		  "other=%ld\n", answers.ok, answers.enosys, answers.ebadf, answers.efault,
		  answers.einval, answers.other);
	print_pcs(mode);
	if (replay) {
		for (i = 0; i < ncorpus; i++) {
			run_seq(&corpus[i], ms, corpus[i].kept_for, &f);
			reached += f.hit;
		}
		nk_printf("fuzz: replay corpus=%d reached=%ld\n", ncorpus, reached);
	}
	return 0;
}
