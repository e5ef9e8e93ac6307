/*
 * gen.c - one fuzzed process: pick a call number, six arguments and the
 * contents of the buffers the pointers point at, make the call, repeat.
 *
 * Call numbers: mostly the calls nickel implements (so the arguments get
 * past "unknown call"), some anywhere in Linux's 0..399, some far out of
 * range.  Arguments: edge values (0, -1, 1, INT_MAX, INT_MIN, kernel
 * addresses, unaligned pointers, huge lengths), pointers into our own
 * buffers (filled with zeros, small numbers, edge words, strings or
 * pointers), descriptors and pids.
 *
 * The deliberate exceptions (nickel otherwise gets every call as drawn):
 *  - a pid argument never names a process outside this batch (the fuzzer's
 *    parent, init, the desktop in make soak): on a real system permissions
 *    would stop that; nickel has no users, and killing our own parent only
 *    ends the run.
 *  - FUZZ_REPORT_FD is never passed: the root counts its calls through it.
 *  - forks are bounded (depth 2, three per process) so a batch's tree stays
 *    small enough to clean up; the fork bomb is a test of its own.
 *  - exit, exit_group and execve are drawn at a fiftieth of the rate in the
 *    batch root, so most batches run their full length.
 * On a Linux host (qemu-i386) only a safe subset runs (linux_safe()).
 */
#include <string.h>
#include "nickel.h"
#include "fuzz.h"

#define BUF_PAGES 4
#define BUF_BYTES (BUF_PAGES * 4096)

static uint8_t *buf;                     /* BUF_PAGES pages, then a guard page */
static uint8_t static_buf[BUF_BYTES];    /* if mmap failed */

/* The calls nickel implements (kernel/proc/abi.h), plus nickel's own;
 * getrusage (77) is not drawn yet: a new call changes every seed's
 * sequences, and the guided corpus replay test of seed 3 is measured on
 * these. */
static const int known[] = {
	1, 2, 3, 4, 5, 6, 7, 11, 13, 20, 34, 37, 42, 43, 45, 54, 63, 64, 78,
	91, 96, 97, 114, 122, 146, 154, 155, 156, 157, 158, 159, 160, 161,
	162, 192, 224, 241, 242, 252, 265, 1000, 1001,
	1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, /* IPC (user/lib/ipc.h) */
};
#define NKNOWN ((int)(sizeof(known) / sizeof(known[0])))

static const uint32_t edge[] = {
	0, 1, 2, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0xC0000000, 0xC0100000,
	0xFFFFF000, 0xFFFFFFF0, 4095, 4096, 4097, 0x10000000, 0x7FFFF000,
	0x08048000, 0x08048001, 0xBFFFFFFC, 0xBFF00000, 0xB0000000, 0xAFFFF000,
	0x00001000, 64, 1024, 65536,
};
#define NEDGE ((int)(sizeof(edge) / sizeof(edge[0])))

static const char *const strings[] = {
	"hello", "/boot/hello.elf", "nosuch", "", "/", "//", "hello.elf",
	"/dev/nosuch", "x/y/z/hello",
};
#define NSTRINGS ((int)(sizeof(strings) / sizeof(strings[0])))

uint32_t fuzz_rand(struct fuzz_proc *p)
{
	uint32_t x = p->rng;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return p->rng = x;
}

static uint32_t pick(struct fuzz_proc *p, uint32_t n)
{
	return fuzz_rand(p) % n;
}

/* Our buffers, with an unmapped page after them: a write past the end is
 * -EFAULT, not a smashed fuzzer. */
static void buffers_init(void)
{
	long r = sys_mmap(0, BUF_BYTES + 4096, 3, 0x22, -1, 0);

	if (NK_MMAP_FAILED(r)) {
		buf = static_buf;
		return;
	}
	buf = (uint8_t *)r;
	sys_munmap(buf + BUF_BYTES, 4096);
}

/* A pointer into our buffers: aligned, unaligned, or near the end. */
static uint32_t buf_ptr(struct fuzz_proc *p)
{
	switch (pick(p, 4)) {
	case 0: return (uint32_t)buf;
	case 1: return (uint32_t)buf + pick(p, BUF_BYTES);
	case 2: return (uint32_t)buf + BUF_BYTES - 1 - pick(p, 16);
	default: return (uint32_t)buf + (pick(p, BUF_PAGES) * 4096) + 4 * pick(p, 64);
	}
}

/* Fill the buffers for one call: the pattern decides what the kernel reads
 * when a pointer argument points at them. */
static void fill_buffers(struct fuzz_proc *p)
{
	uint32_t *w = (uint32_t *)buf;
	int i, n = BUF_BYTES / 4, pattern = (int)pick(p, 6);

	for (i = 0; i < n; i++) {
		switch (pattern) {
		case 0: w[i] = 0; break;
		case 1: w[i] = pick(p, 4); break;                /* small: short sleeps */
		case 2: w[i] = edge[pick(p, NEDGE)]; break;
		case 3: w[i] = fuzz_rand(p); break;
		case 4: w[i] = buf_ptr(p); break;                 /* argv-like arrays */
		default: w[i] = i % 3 == 2 ? 0 : (uint32_t)buf + 2048 + 64 * pick(p, 16);
		}
	}
	/* Strings at fixed places, for path and argv arguments. */
	for (i = 0; i < 16; i++) {
		const char *s = strings[(i + pattern) % NSTRINGS];
		memcpy(buf + 2048 + 64 * i, s, strlen(s) + 1);
	}
	if (pick(p, 8) == 0)
		memset(buf + 3072, 'a', 1024);                    /* a too-long string */
}

static uint32_t pick_pid(struct fuzz_proc *p)
{
	switch (pick(p, 6)) {
	case 0: return (uint32_t)p->self;
	case 1: return p->nkids ? (uint32_t)p->kids[pick(p, (uint32_t)p->nkids)] : 0;
	case 2: return 0;
	case 3: return (uint32_t)-1;
	case 4: return (uint32_t)p->root + pick(p, 16);
	default: return 0x7FFF0000 + pick(p, 16);
	}
}

static uint32_t pick_fd(struct fuzz_proc *p)
{
	switch (pick(p, 4)) {
	case 0: return p->nfds ? (uint32_t)p->fds[pick(p, (uint32_t)p->nfds)] : 0;
	case 1: return pick(p, 34);
	case 2: return edge[pick(p, NEDGE)];
	default: return p->nfds ? (uint32_t)p->fds[p->nfds - 1] : 3;
	}
}

static uint32_t pick_arg(struct fuzz_proc *p)
{
	switch (pick(p, 10)) {
	case 0: case 1: return edge[pick(p, NEDGE)];
	case 2: case 3: return buf_ptr(p);
	case 4: return (uint32_t)buf + 2048 + 64 * pick(p, 16);   /* a string */
	case 5: return pick(p, 64);
	case 6: return pick_fd(p);
	case 7: return pick_pid(p);
	case 8: return fuzz_rand(p);
	default: return 0xC0000000 + (fuzz_rand(p) & 0x3FFFFFFF);  /* kernel half */
	}
}

static int pick_call(struct fuzz_proc *p)
{
	static const int far[] = { -1, -1000, 400, 1002, 1003, 4096, 0x7FFFFFFF,
				   (int)0x80000000, 65535 };
	uint32_t r = pick(p, 10);

	if (r < 6)
		return known[pick(p, NKNOWN)];
	if (r < 9)
		return (int)pick(p, 400);
	return far[pick(p, sizeof(far) / sizeof(far[0]))];
}

/* Calls whose argument `i` is a descriptor, or a pid. */
static int is_fd_arg(int nr, int i)
{
	return (i == 0 && (nr == 3 || nr == 4 || nr == 6 || nr == 54 ||
			   nr == 146 || nr == 63)) || (i == 1 && nr == 63);
}

static int is_pid_arg(int nr, int i)
{
	return (i == 0 && (nr == 37 || (nr >= 154 && nr <= 157) || nr == 161 ||
			   nr == 241 || nr == 242)) || (i == 1 && (nr == 96 || nr == 97));
}

/* A pid inside this batch, or one that names nobody (see the top). */
static uint32_t batch_pid(struct fuzz_proc *p, uint32_t pid)
{
	int v = (int)pid;

	if (p->linux_host) {                     /* ourselves or our children only */
		int i;
		for (i = 0; i < p->nkids; i++)
			if (v == p->kids[i])
				return pid;
		return 0x7FFF0000;                    /* nobody: -ESRCH */
	}
	if (v <= 0 || v >= 0x7FFF0000 || (v >= p->root && v != p->watchdog))
		return pid;
	return 0x7FFF0000;
}

static int own_fd(struct fuzz_proc *p, uint32_t fd)
{
	int i;

	for (i = 0; i < p->nfds; i++)
		if ((uint32_t)p->fds[i] == fd)
			return 1;
	return 0;
}

/* The host-safe subset: no files, exec, ioctl (TIOCSTI), no scheduler
 * class changes, descriptors and pids of our own only. */
static int linux_safe(struct fuzz_proc *p, int nr, uint32_t *a)
{
	static const int ok[] = { 1, 2, 3, 4, 6, 7, 13, 20, 37, 42, 43, 45, 63,
		64, 78, 91, 96, 97, 114, 122, 146, 155, 157, 158, 159, 160, 161,
		162, 192, 224, 241, 242, 252, 265 };
	unsigned i;
	int allowed = nr < 0 || nr >= 400;       /* -ENOSYS there */

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		allowed |= nr == ok[i];
	if (!allowed)
		return 0;
	if (is_fd_arg(nr, 0) && !own_fd(p, a[0]))
		return 0;
	if (nr == 63 && (!own_fd(p, a[1]) && a[1] > 30))
		return 0;
	if (nr == 96 || nr == 97)
		a[0] = 0;                             /* PRIO_PROCESS, never PRIO_USER */
	if (nr == 192)
		a[3] &= ~0x10u;                       /* no MAP_FIXED */
	if (nr == 37 && (int)a[0] <= 0)
		a[0] = (uint32_t)p->self;
	return 1;
}

/* Keep the call from ending the batch early or escaping it. */
static int acceptable(struct fuzz_proc *p, int nr, uint32_t *a)
{
	int i;

	if (nr == 2 && (p->depth >= 2 || p->forks >= 3 || p->nkids >= 8))
		return 0;
	if (p->is_root && (nr == 1 || nr == 252 || nr == 11) && pick(p, 50) != 0)
		return 0;
	for (i = 0; i < 6; i++) {
		if (is_pid_arg(nr, i))
			a[i] = batch_pid(p, a[i]);
		if (is_fd_arg(nr, i) && a[i] == FUZZ_REPORT_FD)
			a[i] = FUZZ_REPORT_FD - 1;
	}
	return !p->linux_host || linux_safe(p, nr, a);
}

static void report_calls(struct fuzz_proc *p)
{
	if (p->is_root)
		sys_write(FUZZ_REPORT_FD, &p->calls, sizeof(p->calls));
}

/* After the call: remember what it made (descriptors, children). */
static void after_call(struct fuzz_proc *p, int nr, long r, uint32_t *a)
{
	if (nr == 2 && r == 0) {                 /* we are the new child */
		sys_close(FUZZ_REPORT_FD);
		p->is_root = 0;
		p->depth++;
		p->forks = p->nkids = 0;
		p->self = (int)sys_getpid();
		p->rng ^= 0x9E3779B9u * (uint32_t)p->depth;
		if (!p->rng)
			p->rng = 1;
		return;
	}
	if (nr == 2 && r > 0) {
		p->forks++;
		p->forked++;
		p->kids[p->nkids++] = (int)r;
	}
	if (r >= 0 && r < 32 && (nr == 5 || nr == 63) && p->nfds < 16)
		p->fds[p->nfds++] = (int)r;
	if (nr == 42 && r == 0 && p->nfds < 15 && a[0] >= (uint32_t)buf &&
	    a[0] + 8 <= (uint32_t)buf + BUF_BYTES) {
		int *fds = (int *)a[0];
		p->fds[p->nfds++] = fds[0];
		p->fds[p->nfds++] = fds[1];
	}
}

void fuzz_batch(struct fuzz_proc *p, long calls)
{
	/* Both ways into the kernel, every other call: int 0x80 and the fast
	 * entry from AT_SYSINFO when there is one (nickel.h).  By the call
	 * count, not fuzz_rand, so that a seed replays the same calls. */
	long (*const fast_entry)(void) = __nk_sysinfo;

	buffers_init();
	while (p->calls < calls) {
		uint32_t a[6];
		int nr, i;
		long r;

		fill_buffers(p);
		nr = pick_call(p);
		for (i = 0; i < 6; i++)
			a[i] = pick_arg(p);
		if (!acceptable(p, nr, a))
			continue;
		p->calls++;
		if (nr == 1 || nr == 252 || nr == 11)
			report_calls(p);                 /* it may not come back */
		__nk_sysinfo = (p->calls & 1) ? fast_entry : __nk_int80;
		r = syscall6(nr, (long)a[0], (long)a[1], (long)a[2], (long)a[3],
			     (long)a[4], (long)a[5]);
		after_call(p, nr, r, a);
		report_calls(p);
	}
	sys_exit_group(0);
	for (;;)
		;
}

/* ---- The guided mode's calls (guided.c): drawn once, made again ---- */

void fuzz_buffers_init(void)
{
	buffers_init();
}

int fuzz_is_fd_arg(int nr, int i) { return is_fd_arg(nr, i); }
uint32_t fuzz_buf_arg(struct fuzz_proc *p) { return buf_ptr(p); }
uint32_t fuzz_string_arg(int k) { return (uint32_t)buf + 2048 + 64 * (uint32_t)(k & 15); }
int fuzz_is_pid_arg(int nr, int i) { return is_pid_arg(nr, i); }

/* An argument: as the random mode draws it, or for a descriptor, often one
 * the run made; for a pid, often the caller itself. */
uint32_t fuzz_draw_arg(struct fuzz_proc *p, int nr, int i)
{
	if (is_fd_arg(nr, i) && pick(p, 2))
		return FUZZ_FD_REF(pick(p, 16));
	if (is_pid_arg(nr, i) && pick(p, 2))
		return FUZZ_SELF_PID;
	return pick_arg(p);
}

void fuzz_draw(struct fuzz_proc *p, struct fuzz_call *c)
{
	int i;

	do
		c->nr = pick_call(p);
	while (c->nr == 1 || c->nr == 2 || c->nr == 11 || c->nr == 252);
	for (i = 0; i < 6; i++)
		c->a[i] = fuzz_draw_arg(p, c->nr, i);
	c->fill = fuzz_rand(p);
}

/* A reference to what exists now; a pid outside the run names nobody. */
static uint32_t resolve(struct fuzz_proc *p, int nr, int i, uint32_t v)
{
	uint32_t k = (v & 0xFFFF) >> 1;

	if ((v & 0xFFFF0000u) == 0xFDFD0000u)
		v = p->nfds ? (uint32_t)p->fds[(v & 0xFFFF) % (uint32_t)p->nfds] : 0;
	else if ((v & 0xFFFF0000u) == 0xFDFC0000u)   /* what an earlier call made */
		v = (int)k < p->nmade ? p->made[k][v & 1] : 0;
	else if (v == FUZZ_SELF_PID)
		return (uint32_t)p->self;
	if (is_pid_arg(nr, i) && (int)v != p->self)
		return 0x7FFF0000;
	if (is_fd_arg(nr, i) && v == FUZZ_REPORT_FD)
		return FUZZ_REPORT_FD - 1;
	return v;
}

/* What the call made, for FUZZ_RES_REF: its result; pipe's descriptors. */
static void record_made(struct fuzz_proc *p, int nr, long r, const uint32_t *a)
{
	uint32_t *m;

	if (p->nmade == (int)(sizeof(p->made) / sizeof(p->made[0])))
		return;
	m = p->made[p->nmade++];
	m[0] = (uint32_t)r;
	m[1] = 0;
	if (nr == 42 && r == 0 && a[0] >= (uint32_t)buf &&
	    a[0] + 8 <= (uint32_t)buf + BUF_BYTES) {
		m[0] = (uint32_t)((int *)a[0])[0];
		m[1] = (uint32_t)((int *)a[0])[1];
	}
}

long fuzz_exec(struct fuzz_proc *p, const struct fuzz_call *c)
{
	uint32_t a[6];
	long r;
	int i;

	p->rng = c->fill ? c->fill : 1;
	fill_buffers(p);
	for (i = 0; i < 6; i++)
		a[i] = resolve(p, c->nr, i, c->a[i]);
	if (c->nr == 1 || c->nr == 2 || c->nr == 11 || c->nr == 252) {
		record_made(p, c->nr, -38, a);   /* never made: keeps the count */
		return -38;
	}
	r = syscall6(c->nr, (long)a[0], (long)a[1], (long)a[2], (long)a[3],
		     (long)a[4], (long)a[5]);
	after_call(p, c->nr, r, a);
	record_made(p, c->nr, r, a);
	p->calls++;
	return r;
}
