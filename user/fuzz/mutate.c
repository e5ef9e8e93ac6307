/*
 * mutate.c - how the guided mode (guided.c) makes a new sequence out of a
 * corpus sequence, as syzkaller does on a small scale, and the choice
 * table that steers which call number comes next.
 *
 * The choice table remembers, for each call number that found new
 * coverage, which call came before it in the sequence (or none: it came
 * first).  A fresh call in guided mode is, half the time, drawn from the
 * table: from the row of the call before it when that row has entries,
 * else any number that ever found something.  Numbers that only answer
 * -ENOSYS drop out.
 *
 * The mutations: an argument redrawn or nudged (a step, a bit flipped, a
 * small number: what passes a range check its neighbour failed), the
 * buffers refilled, a call replaced or inserted, two calls swapped,
 * another corpus sequence's tail spliced on, and the one that makes the
 * calls meet: a call inserted that uses what an earlier call of the
 * sequence made (a pipe's ends read and written, an opened module read,
 * a mapping unmapped, an IPC endpoint received on; FUZZ_RES_REF), or,
 * when nothing earlier made anything, a call that makes something.
 */
#include <string.h>
#include "nickel.h"
#include "fuzz.h"

/* ---- the choice table ---- */

#define CHOICES 64
static int choice_nr[CHOICES];           /* call numbers that found coverage */
static int nchoices;
/* pair[i][j]: times call choice_nr[j] found new coverage right after call
 * choice_nr[i]; row CHOICES: as a sequence's first call. */
static uint16_t pair[CHOICES + 1][CHOICES];
static uint32_t row_total[CHOICES + 1];

static uint32_t below(struct fuzz_proc *p, uint32_t n)
{
	return fuzz_rand(p) % n;
}

/* The index of nr in the table (added if add), or -1. */
static int choice_index(int nr, int add)
{
	int i;

	for (i = 0; i < nchoices; i++)
		if (choice_nr[i] == nr)
			return i;
	if (!add || nchoices == CHOICES)
		return -1;
	choice_nr[nchoices] = nr;
	return nchoices++;
}

static int row_of(int prev_nr)
{
	return prev_nr < 0 ? CHOICES : choice_index(prev_nr, 0);
}

/* nr found new coverage right after prev_nr (-1: first in its sequence). */
void fuzz_choice_credit(int prev_nr, int nr)
{
	int j = choice_index(nr, 1), i = row_of(prev_nr);

	if (j < 0 || i < 0 || pair[i][j] == 0xFFFF)
		return;
	pair[i][j]++;
	row_total[i]++;
}

int fuzz_choice_pick(struct fuzz_proc *p, int prev_nr)
{
	int i = row_of(prev_nr), j;
	uint32_t w;

	if (!nchoices)
		return -1;
	if (i < 0 || !row_total[i] || below(p, 2))
		return choice_nr[below(p, (uint32_t)nchoices)];
	w = below(p, row_total[i]);
	for (j = 0; w >= pair[i][j]; j++)
		w -= pair[i][j];
	return choice_nr[j];
}

/* A fresh call after prev_nr: as gen.c draws it, in guided mode half the
 * time with its number from the choice table. */
void fuzz_draw_after(struct fuzz_proc *p, struct fuzz_call *c, int prev_nr)
{
	int i, nr;

	fuzz_draw(p, c);
	if (!fuzz_guided_on || below(p, 4) == 0 || (nr = fuzz_choice_pick(p, prev_nr)) < 0)
		return;
	c->nr = nr;
	for (i = 0; i < 6; i++)
		c->a[i] = fuzz_draw_arg(p, nr, i);
}

/* ---- calls that use what an earlier call made ---- */

#define NR_read 3
#define NR_write 4
#define NR_open 5
#define NR_close 6
#define NR_pipe 42
#define NR_ioctl 54
#define NR_dup2 63
#define NR_munmap 91
#define NR_writev 146
#define NR_mmap2 192
#define NR_ipc_endpoint 1200
#define NR_ipc_close 1201
#define NR_ipc_call 1202
#define NR_ipc_recv 1203
#define NR_ipc_reply_recv 1205

static int makes_something(int nr)
{
	return nr == NR_open || nr == NR_pipe || nr == NR_mmap2 || nr == NR_ipc_endpoint;
}

/* A call that makes something, with arguments that let it succeed. */
static void make_producer(struct fuzz_proc *p, struct fuzz_call *c)
{
	static const int nrs[] = { NR_open, NR_pipe, NR_mmap2, NR_ipc_endpoint };
	int i;

	fuzz_draw(p, c);
	c->nr = nrs[below(p, 4)];
	for (i = 0; i < 6; i++)
		c->a[i] = 0;
	switch (c->nr) {
	case NR_open:   c->a[0] = fuzz_string_arg((int)below(p, 16)); break;
	case NR_pipe:   c->a[0] = fuzz_buf_arg(p); break;
	case NR_mmap2:  c->a[1] = 4096 * (1 + below(p, 4)); c->a[2] = 3;
			c->a[3] = 0x22; c->a[4] = (uint32_t)-1; break;
	default:        c->a[0] = below(p, 16);
	}
}

/* A small length: what a read or write of a few bytes passes. */
static uint32_t small_len(struct fuzz_proc *p)
{
	return below(p, 3) ? 1 + below(p, 64) : below(p, 8192);
}

/* A call on what call k (a producer, *made) made. */
static void make_consumer(struct fuzz_proc *p, const struct fuzz_call *made, int k,
			  struct fuzz_call *c)
{
	static const int on_fd[] = { NR_read, NR_write, NR_writev, NR_close, NR_dup2, NR_ioctl };
	static const int on_ep[] = { NR_ipc_recv, NR_ipc_reply_recv, NR_ipc_close, NR_ipc_call };
	int i, end = 0;

	fuzz_draw(p, c);
	for (i = 0; i < 6; i++)
		c->a[i] = fuzz_draw_arg(p, c->nr, i);
	switch (made->nr) {
	case NR_mmap2:
		c->nr = NR_munmap;
		c->a[0] = FUZZ_RES_REF(k, 0);
		c->a[1] = below(p, 2) ? made->a[1] : 4096 * below(p, 4);
		return;
	case NR_ipc_endpoint:
		c->nr = on_ep[below(p, 4)];
		c->a[0] = made->a[0];
		c->a[1] = fuzz_buf_arg(p);
		c->a[2] = c->nr == NR_ipc_recv ? 1 + below(p, 20) : fuzz_buf_arg(p);
		c->a[3] = fuzz_buf_arg(p);
		c->a[4] = 1 + below(p, 20);              /* a timeout, not forever */
		return;
	}
	c->nr = on_fd[below(p, 6)];
	if (made->nr == NR_pipe)
		end = c->nr == NR_write || c->nr == NR_writev ? 1 :
		      c->nr == NR_read ? 0 : (int)below(p, 2);
	c->a[0] = FUZZ_RES_REF(k, end);
	c->a[1] = c->nr == NR_dup2 ? below(p, 32) : c->nr == NR_ioctl ? 0x5401 : fuzz_buf_arg(p);
	c->a[2] = c->nr == NR_writev ? 1 + below(p, 3) : c->nr == NR_ioctl ?
		  fuzz_buf_arg(p) : small_len(p);
}

/* Room for a call at `at`: the later calls move up one, and so do their
 * references to calls at or after `at`. */
static void open_slot(struct fuzz_seq *s, int at)
{
	int i, j;

	memmove(&s->c[at + 1], &s->c[at], (size_t)(s->n - at) * sizeof(s->c[0]));
	s->n++;
	for (i = at + 1; i < s->n; i++)
		for (j = 0; j < 6; j++)
			if ((s->c[i].a[j] & 0xFFFF0000u) == 0xFDFC0000u &&
			    (int)((s->c[i].a[j] & 0xFFFF) >> 1) >= at)
				s->c[i].a[j] += 2;
}

/* Insert, at a random place, a call on something an earlier call made,
 * or (nothing made yet) a call that makes something. */
static void insert_related(struct fuzz_proc *p, struct fuzz_seq *s)
{
	int at = 1 + (int)below(p, (uint32_t)s->n), k, producers[FUZZ_SEQ_MAX], n = 0;

	if (s->n == FUZZ_SEQ_MAX)
		return;
	for (k = 0; k < at; k++)
		if (makes_something(s->c[k].nr))
			producers[n++] = k;
	if (!n)
		at = (int)below(p, (uint32_t)s->n + 1);
	open_slot(s, at);
	if (n) {
		k = producers[below(p, (uint32_t)n)];
		make_consumer(p, &s->c[k], k, &s->c[at]);
	} else {
		make_producer(p, &s->c[at]);
	}
}

/* ---- the other mutations ---- */

/* A value near v: a step, a bit flipped, a small number. */
static uint32_t nudge(struct fuzz_proc *p, uint32_t v)
{
	switch (below(p, 4)) {
	case 0: return v + 1 + below(p, 8);
	case 1: return v - 1 - below(p, 8);
	case 2: return v ^ (1u << below(p, 32));
	default: return below(p, 64);
	}
}

static void mutate_once(struct fuzz_proc *p, struct fuzz_seq *s,
			const struct fuzz_seq *corpus, int ncorpus)
{
	int i = (int)below(p, (uint32_t)s->n), j = (int)below(p, (uint32_t)s->n);
	int prev = i ? s->c[i - 1].nr : -1;
	struct fuzz_call t;
	const struct fuzz_seq *o;

	switch (below(p, 10)) {
	case 0:                              /* an argument redrawn */
		j = (int)below(p, 6);
		s->c[i].a[j] = fuzz_draw_arg(p, s->c[i].nr, j);
		break;
	case 1:                              /* an argument nudged */
		j = (int)below(p, 6);
		s->c[i].a[j] = nudge(p, s->c[i].a[j]);
		break;
	case 2:                              /* the buffers refilled */
		s->c[i].fill = fuzz_rand(p);
		break;
	case 3:                              /* a call replaced */
		fuzz_draw_after(p, &s->c[i], prev);
		break;
	case 4:                              /* a call inserted */
		if (s->n == FUZZ_SEQ_MAX)
			break;
		open_slot(s, i);
		fuzz_draw_after(p, &s->c[i], prev);
		break;
	case 5:                              /* call order */
		t = s->c[i];
		s->c[i] = s->c[j];
		s->c[j] = t;
		break;
	case 6:                              /* another sequence's tail */
		o = &corpus[below(p, (uint32_t)ncorpus)];
		j = (int)below(p, (uint32_t)o->n);
		while (j < o->n && s->n < FUZZ_SEQ_MAX)
			s->c[s->n++] = o->c[j++];
		break;
	default:                             /* calls that meet */
		insert_related(p, s);
	}
}

void fuzz_mutate(struct fuzz_proc *p, struct fuzz_seq *s,
		 const struct fuzz_seq *corpus, int ncorpus)
{
	int i;

	for (i = 1 + (int)below(p, 3); i > 0; i--)
		mutate_once(p, s, corpus, ncorpus);
}
