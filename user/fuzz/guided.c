/*
 * guided.c - the coverage-guided mode, as syzkaller works, on the coverage
 * kernel (make kcov, kernel/kcov):
 *
 *   fuzz mode=guided [seed=N] [calls=C] [seq_ms=T] [fresh=F] [replay=1]
 *   fuzz mode=blind  ...        the same runs, every sequence fresh
 *
 * A run is a sequence of up to SEQ_MAX calls (gen.c draws them) made by a
 * forked child with kernel coverage on; it sends back the distinct kernel
 * PCs it reached.  A sequence that reached a PC no earlier one did joins
 * the corpus.  Guided mode then draws F% of its sequences fresh (default
 * 50) and makes the others by mutating corpus sequences (an
 * argument redrawn, a call replaced, inserted or swapped with another, the
 * buffers refilled, two sequences spliced) instead of drawing fresh ones;
 * descriptor arguments may name descriptors the sequence made, pid
 * arguments the caller.  blind draws every sequence fresh, through the
 * same children: at the same call count the two differ only by feedback.
 * A watchdog child kills a sequence still running after T ms.
 *
 * Output: "fuzz: mode=M seed=N calls=C sequences=S corpus=K pcs=P
 * timeouts=T", progress lines "fuzz: progress calls=C pcs=P", and every
 * PC reached on "kcov-pcs: M PC ..." lines (tools/kcov-lines maps them to
 * source lines).  replay=1 then runs each corpus sequence again and counts
 * those that reach again the first new PC they were kept for:
 * "fuzz: replay corpus=K reached=R".  The same seed draws the same calls;
 * which are kept depends on the PCs reached (the same under -icount).
 */
#include <string.h>
#include "nickel.h"
#include "fuzz.h"

#define NR_kcov_enable  1100
#define NR_kcov_disable 1101
#define NR_kcov_reset   1102
#define NR_kcov_read    1103
#define KCOV_PCS        65536
#define SEQ_MAX         8
#define CORPUS_MAX      512
#define SEEN_SLOTS      65536            /* power of two, > kernel's PCs */
#define PIPE_CHUNK      256

struct seq {
	int n;
	struct fuzz_call c[SEQ_MAX];
	uint32_t first_new;              /* a PC this sequence found first */
};

static struct seq corpus[CORPUS_MAX];
static int ncorpus;
static uint32_t seen[SEEN_SLOTS];        /* open addressing, 0 = empty */
static long nseen;

/* The choice table: call numbers that found new PCs, each once (weighed
 * by the PCs they found, the first call, which finds the entry path,
 * would be drawn almost always). */
#define CHOICES 64
static struct { int nr; long weight; } choice[CHOICES];
static int nchoices;
static long choice_total;

static void credit(int nr)
{
	int i;

	for (i = 0; i < nchoices && choice[i].nr != nr; i++)
		;
	if (i == nchoices) {
		if (nchoices == CHOICES)
			return;
		choice[nchoices].nr = nr;
		choice[nchoices++].weight = 1;
		choice_total++;
	}
}

/* Add pc to table (slots a power of two); 1 if it was not there. */
static int set_add(uint32_t *table, uint32_t slots, uint32_t pc)
{
	uint32_t h = (pc * 2654435761u) & (slots - 1);

	while (table[h] && table[h] != pc)
		h = (h + 1) & (slots - 1);
	if (table[h])
		return 0;
	table[h] = pc;
	return 1;
}

/* The child: coverage on, the calls, then its distinct PCs to fd out. */
static void run_child(const struct seq *s, int out)
{
	struct fuzz_proc p;
	long n, i, k = 0;
	int c;
	uint32_t *pcs, *mine, chunk[PIPE_CHUNK];
	long r = sys_mmap(0, 2 * KCOV_PCS * 4, 3, 0x22, -1, 0);

	if (NK_MMAP_FAILED(r))
		sys_exit_group(2);
	pcs = (uint32_t *)r;
	mine = pcs + KCOV_PCS;
	sys_dup2(out, FUZZ_REPORT_FD);
	for (i = 0; i < FUZZ_REPORT_FD; i++)
		sys_close((int)i);               /* the console is not the calls' */
	memset(&p, 0, sizeof(p));
	p.self = p.root = (int)sys_getpid();
	if (syscall1(NR_kcov_enable, KCOV_PCS) != 0)
		sys_exit_group(3);
	for (c = 0; c < s->n; c++) {
		syscall0(NR_kcov_reset);
		fuzz_exec(&p, &s->c[c]);
		n = syscall2(NR_kcov_read, (long)pcs, KCOV_PCS);
		chunk[k++] = (uint32_t)c;        /* a marker: call c's PCs follow */
		for (i = 0; i < n; i++) {
			if (k == PIPE_CHUNK) {
				sys_write(FUZZ_REPORT_FD, chunk, sizeof(chunk));
				k = 0;
			}
			if (set_add(mine, KCOV_PCS, pcs[i]))
				chunk[k++] = pcs[i];
		}
	}
	sys_write(FUZZ_REPORT_FD, chunk, k * 4);
	sys_exit_group(0);
}

/* Run s in a child; returns how many PCs were new (first one in *first),
 * the last call that found one in *last), or with `want` set, whether the
 * child reached PC want. */
static long run_seq(const struct seq *s, long ms, uint32_t want, uint32_t *first,
		    int *last, long *timeouts)
{
	int pfd[2], st = 0, wst = 0, call = 0;
	long child, wd, n, i, fresh = 0, hit = 0;
	uint32_t pcs[PIPE_CHUNK];

	if (sys_pipe(pfd) < 0)
		return 0;
	child = sys_fork();
	if (child == 0) {
		sys_close(pfd[0]);
		run_child(s, pfd[1]);
	}
	wd = child > 0 ? sys_fork() : -1;
	if (wd == 0) {
		for (i = 0; i < 32; i++)
			sys_close((int)i);
		nk_sleep_ms(ms);
		sys_kill((int)child, LNX_SIGKILL);
		sys_exit_group(1);
	}
	sys_close(pfd[1]);
	while ((n = sys_read(pfd[0], pcs, sizeof(pcs))) > 0) {
		for (i = 0; i < n / 4; i++) {
			if (pcs[i] < SEQ_MAX) {
				call = (int)pcs[i];
			} else if (want) {
				hit |= pcs[i] == want;
			} else if (set_add(seen, SEEN_SLOTS, pcs[i])) {
				if (!fresh++)
					*first = pcs[i];
				nseen++;
				credit(s->c[call].nr);
				*last = call;
			}
		}
	}
	sys_close(pfd[0]);
	if (wd > 0)
		sys_kill((int)wd, LNX_SIGKILL);
	if (child > 0)
		sys_waitpid((int)child, &st, 0);
	if (wd > 0)
		sys_waitpid((int)wd, &wst, 0);
	*timeouts += wd > 0 && (wst & 0x7F) == 0 && (wst >> 8) == 1;
	while (sys_waitpid(-1, &st, LNX_WNOHANG) > 0)
		;                                /* orphans, when we are init */
	return want ? hit : fresh;
}

static uint32_t below(struct fuzz_proc *p, uint32_t n)
{
	return fuzz_rand(p) % n;
}

static int guided;                       /* mode=guided, not blind */

/* A fresh call; guided, half the time one of the choice table's. */
static void draw(struct fuzz_proc *p, struct fuzz_call *c)
{
	long w;
	int i;

	fuzz_draw(p, c);
	if (!guided || !choice_total || below(p, 2))
		return;
	w = (long)below(p, (uint32_t)choice_total);
	for (i = 0; w >= choice[i].weight; i++)
		w -= choice[i].weight;
	c->nr = choice[i].nr;
	for (i = 0; i < 6; i++)
		c->a[i] = fuzz_draw_arg(p, c->nr, i);
}

static void fresh_seq(struct fuzz_proc *p, struct seq *s)
{
	int i;

	s->n = 1 + (int)below(p, SEQ_MAX);
	for (i = 0; i < s->n; i++)
		draw(p, &s->c[i]);
}

/* A value near v: a step, a bit flipped, a small number (what gets an
 * argument past a range check its neighbour failed). */
static uint32_t nudge(struct fuzz_proc *p, uint32_t v)
{
	switch (below(p, 4)) {
	case 0: return v + 1 + below(p, 8);
	case 1: return v - 1 - below(p, 8);
	case 2: return v ^ (1u << below(p, 32));
	default: return below(p, 64);
	}
}

/* One of syzkaller's mutations, on s. */
static void mutate_once(struct fuzz_proc *p, struct seq *s)
{
	int i = (int)below(p, (uint32_t)s->n), j = (int)below(p, (uint32_t)s->n);
	struct fuzz_call t;
	const struct seq *o;

	switch (below(p, 7)) {
	case 0:                              /* an argument redrawn */
		j = (int)below(p, 6);
		s->c[i].a[j] = fuzz_draw_arg(p, s->c[i].nr, j);
		break;
	case 1:                              /* an argument nudged */
		j = (int)below(p, 6);
		s->c[i].a[j] = nudge(p, s->c[i].a[j]);
		break;
	case 2:                              /* a call replaced */
		draw(p, &s->c[i]);
		break;
	case 3:                              /* a call inserted */
		if (s->n == SEQ_MAX)
			break;
		memmove(&s->c[i + 1], &s->c[i], (size_t)(s->n - i) * sizeof(t));
		draw(p, &s->c[i]);
		s->n++;
		break;
	case 4:                              /* call order */
		t = s->c[i];
		s->c[i] = s->c[j];
		s->c[j] = t;
		break;
	default:                             /* another sequence's tail */
		o = &corpus[below(p, (uint32_t)ncorpus)];
		j = (int)below(p, (uint32_t)o->n);
		while (j < o->n && s->n < SEQ_MAX)
			s->c[s->n++] = o->c[j++];
		s->c[i].fill = fuzz_rand(p);
	}
}

static void print_pcs(const char *mode)
{
	long i, k = 0;

	for (i = 0; i < SEEN_SLOTS; i++) {
		if (!seen[i])
			continue;
		if (k % 12 == 0)
			nk_printf("%skcov-pcs: %s", k ? "\n" : "", mode);
		nk_printf(" %x", seen[i]);
		k++;
	}
	if (k)
		nk_printf("\n");
}

int fuzz_guided(const char *mode, long seed, long calls, long ms, long fresh_pct,
		int replay)
{
	struct fuzz_proc p;
	struct seq s;
	long done = 0, sequences = 0, timeouts = 0, next_report = 0, r, reached = 0;
	uint32_t first = 0;
	int i, last = 0;

	guided = strcmp(mode, "guided") == 0;

	r = syscall1(NR_kcov_enable, 1);
	if (r != 0 && r != -16) {
		nk_printf("fuzz: mode=%s needs the coverage kernel (make kcov): "
			  "kcov_enable=%ld\n", mode, r);
		return 1;
	}
	if (r == 0)
		syscall0(NR_kcov_disable);       /* the children trace, not us */
	memset(&p, 0, sizeof(p));
	p.rng = (uint32_t)seed * 2654435761u ^ 0x5bd1e995u;
	if (!p.rng)
		p.rng = 1;
	fuzz_buffers_init();
	nk_printf("fuzz: mode=%s seed=%ld calls=%ld seq_ms=%ld\n", mode, seed, calls, ms);
	while (done < calls) {
		if (!guided || ncorpus == 0 || (long)below(&p, 100) < fresh_pct) {
			fresh_seq(&p, &s);
		} else {
			s = corpus[below(&p, (uint32_t)ncorpus)];
			for (i = 1 + (int)below(&p, 3); i > 0; i--)
				mutate_once(&p, &s);
		}
		if (s.n > calls - done)
			s.n = (int)(calls - done);
		done += s.n;
		sequences++;
		if (run_seq(&s, ms, 0, &first, &last, &timeouts) && ncorpus < CORPUS_MAX) {
			s.first_new = first;
			s.n = last + 1;          /* what follows found nothing */
			corpus[ncorpus++] = s;
		}
		if (done >= next_report) {
			nk_printf("fuzz: progress calls=%ld pcs=%ld\n", done, nseen);
			next_report += calls / 10 ? calls / 10 : 1;
		}
	}
	nk_printf("fuzz: mode=%s seed=%ld calls=%ld sequences=%ld corpus=%d pcs=%ld "
		  "timeouts=%ld\n", mode, seed, done, sequences, ncorpus, nseen, timeouts);
	print_pcs(mode);
	if (replay) {
		for (i = 0; i < ncorpus; i++)
			reached += run_seq(&corpus[i], ms, corpus[i].first_new, &first,
					   &last, &timeouts);
		nk_printf("fuzz: replay corpus=%d reached=%ld\n", ncorpus, reached);
	}
	return 0;
}
