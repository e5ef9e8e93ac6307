/*
 * exhaust - run out of a resource, fail cleanly, recover.
 *   exhaust [only=PREFIX]
 * Each test prints `PASS exhaust:NAME: detail` or `FAIL exhaust:NAME: why`
 * with `free_pages before=X after=Y` (nickel's call 1001).  Each test runs
 * twice: the first run warms up the kernel heap (which keeps the chunks it
 * grew by), then the second must leave free_pages exactly where it was.  The fork
 * bomb is usertests forkbomb=1 (tests/scenarios/ring3.py).
 */
#include <stdio.h>
#include <string.h>
#include "nickel.h"

#define NR_nickel_free_pages 1001
#define MB (1024UL * 1024UL)

static int npass, nfail;
static const char *only;
static char detail[200];

#define FAILIF(cond, ...) do { \
	if (cond) { snprintf(detail, sizeof detail, __VA_ARGS__); return -1; } \
} while (0)

static long free_pages(void)
{
	return syscall0(NR_nickel_free_pages);
}

static void run(const char *name, int (*fn)(void))
{
	long before, after;
	int r;

	if (only && strncmp(name, only, strlen(only)) != 0)
		return;
	fn();                                /* warm-up: the kernel heap grows once */
	nk_sleep_ms(50);
	before = free_pages();
	detail[0] = 0;
	r = fn();
	nk_sleep_ms(50);                     /* the reaper frees what it was given */
	after = free_pages();
	if (r == 0 && before > 0 && after != before) {
		snprintf(detail + strlen(detail), sizeof detail - strlen(detail),
			 "; leak: free_pages %ld before, %ld after", before, after);
		r = -1;
	}
	nk_printf("%s exhaust:%s: %s (free_pages before=%ld after=%ld)\n",
		  r == 0 ? "PASS" : "FAIL", name, detail, before, after);
	r == 0 ? npass++ : nfail++;
}

/* brk until it stops moving (untouched: address space, not pages). */
static int t_brk(void)
{
	unsigned long start = (unsigned long)sys_brk(0), top = start;
	int steps = 0;

	while (steps < 4096) {
		unsigned long want = top + 16 * MB;
		if ((unsigned long)sys_brk((void *)want) != want)
			break;
		top = want;
		steps++;
	}
	FAILIF(steps == 0 || steps == 4096, "brk grew %d times", steps);
	FAILIF((unsigned long)sys_brk((void *)start) != start, "shrink failed");
	FAILIF((unsigned long)sys_brk((void *)(start + MB)) != start + MB, "regrow failed");
	memset((void *)start, 7, MB);
	sys_brk((void *)start);
	snprintf(detail, sizeof detail, "grew %d x 16 MiB, refused, shrank, regrew", steps);
	return 0;
}

/* Touch heap pages until the kernel has none left: the child is killed
 * (SIGSEGV, like the page fault it could not serve), the system lives on. */
static int t_brk_touch(void)
{
	long pid = sys_fork();
	int st;

	if (pid == 0) {
		char *p = (char *)sys_brk(0);
		sys_brk(p + 512 * MB);
		for (unsigned long i = 0; i < 512 * MB; i += 4096)
			p[i] = 1;
		sys_exit_group(3);                 /* more memory than expected */
	}
	FAILIF(pid < 0, "fork: %ld", pid);
	FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
	FAILIF(st != 3 && (st & 0x7F) != LNX_SIGSEGV, "status 0x%x", st);
	snprintf(detail, sizeof detail, "child status 0x%x", st);
	return 0;
}

/* mmap2 until -ENOMEM, unmap everything, and the same maps work again. */
static int map_until_full(unsigned long len, long *addrs, int max)
{
	int n = 0;

	while (n < max) {
		long a = sys_mmap(0, len, 3, 0x22, -1, 0);
		if (NK_MMAP_FAILED(a))
			return a == -LNX_ENOMEM ? n : -1000 + (int)a;
		addrs[n++] = a;
	}
	return n;
}

static int t_mmap(void)
{
	static long addrs[256];
	static const unsigned long lens[] = { 64 * MB, 4096 };
	int round, k;

	for (k = 0; k < 2; k++) {
		int first = -1;
		for (round = 0; round < 2; round++) {
			int n = map_until_full(lens[k], addrs, 256), i;
			FAILIF(n <= 0, "len %lu round %d: %d maps before -ENOMEM", lens[k], round, n);
			FAILIF(round == 1 && n != first, "len %lu: %d maps after unmapping, %d before",
			       lens[k], n, first);
			first = n;
			for (i = 0; i < n; i++)
				FAILIF(sys_munmap((void *)addrs[i], lens[k]) != 0, "munmap");
		}
		snprintf(detail + strlen(detail), sizeof detail - strlen(detail),
			 "%s%d maps of %lu bytes", k ? ", " : "", first, lens[k]);
	}
	return 0;
}

/* pipe until -EMFILE; close; pipes work again. */
static int t_pipes(void)
{
	int fds[64][2], n = 0, i;
	long r = 0;

	while (n < 64 && (r = sys_pipe(fds[n])) == 0)
		n++;
	FAILIF(r != -LNX_EMFILE && r != -LNX_ENFILE, "pipe %d: %ld, want -EMFILE", n, r);
	for (i = 0; i < n; i++) {
		sys_close(fds[i][0]);
		sys_close(fds[i][1]);
	}
	FAILIF(sys_pipe(fds[0]) != 0, "pipe after closing");
	FAILIF(sys_write(fds[0][1], "ok", 2) != 2, "write");
	sys_close(fds[0][0]);
	sys_close(fds[0][1]);
	snprintf(detail, sizeof detail, "%d pipes, then %ld", n, r);
	return 0;
}

/* Kernel heap: children that each hold pipes until EMFILE, forked until
 * fork or pipe fails; then all released. */
static int t_heap_pipes(void)
{
	int gate[2], kids = 0, st, enomem = 0;
	long pid;

	FAILIF(sys_pipe(gate) != 0, "gate pipe");
	while (kids < 400) {
		int rep[2];
		char c = 0;
		if (sys_pipe(rep) != 0)
			break;
		pid = sys_fork();
		if (pid == 0) {
			int f[2];
			long r;
			sys_close(gate[1]);
			sys_close(rep[0]);
			while ((r = sys_pipe(f)) == 0)
				;
			c = r == -LNX_ENOMEM ? 'm' : 'e';
			sys_write(rep[1], &c, 1);
			sys_read(gate[0], &c, 1);          /* until the parent closes it */
			sys_exit_group(0);
		}
		sys_close(rep[1]);
		if (pid < 0) {
			sys_close(rep[0]);
			break;
		}
		kids++;
		sys_read(rep[0], &c, 1);
		sys_close(rep[0]);
		if (c == 'm') {
			enomem = 1;
			break;
		}
	}
	sys_close(gate[1]);
	sys_close(gate[0]);
	while (sys_waitpid(-1, &st, 0) > 0)
		;
	FAILIF(kids == 0, "no child");
	FAILIF(sys_pipe(gate) != 0, "pipe after recovery");
	sys_close(gate[0]);
	sys_close(gate[1]);
	snprintf(detail, sizeof detail, "%d children full of pipes, stopped by %s", kids,
		 enomem ? "-ENOMEM" : "fork");
	return 0;
}

int main(int argc, char **argv)
{
	only = nk_arg(argc, argv, "only");
	run("brk", t_brk);
	run("brk_touch_until_killed", t_brk_touch);
	run("mmap", t_mmap);
	run("pipes", t_pipes);
	run("heap_pipes", t_heap_pipes);
	nk_printf("exhaust: %d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
