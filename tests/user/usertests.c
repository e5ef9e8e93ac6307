/*
 * usertests - ring-3 system-call and fault tests, in the spirit of xv6's
 * usertests.  Runs unchanged on Linux (qemu-i386, tests/user/run-usertests.sh)
 * and on nickel (as a module, init=usertests).
 *
 * Output: one line per test, "PASS usertests:NAME" or
 * "FAIL usertests:NAME: why", each written with a single write(2) (no stdio
 * buffering, so forks never duplicate output); then a summary line
 * "usertests: N passed, M failed".  Exit status 0 iff all passed.
 *
 * Arguments (key=value, all optional):
 *   only=NAME      run only the tests whose name starts with NAME
 *   forkbomb=1     also fork until the kernel refuses (-EAGAIN), then reap all
 *                  (off by default: on a Linux host it would only hit
 *                  RLIMIT_NPROC, if at all)
 *   forkmax=N      safety cap for forkbomb (default 4096)
 *
 * Errors are checked against the raw kernel results (-LNX_Exxx, Linux numbers).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "nickel.h"

#define KADDR ((void *)0xC0000000)    /* kernel half on nickel; unmapped on Linux */

static int npass, nfail;
static int on_linux;                   /* uname says Linux: the host, qemu-i386 */
static const char *only;
static char why[256];

/* A test returns 0 on success, or -1 with why[] set (use FAILIF). */
#define FAILIF(cond, ...) do { \
	if (cond) { snprintf(why, sizeof why, __VA_ARGS__); return -1; } \
} while (0)

static void report(const char *name, int r)
{
	if (r == 0) {
		npass++;
		nk_printf("PASS usertests:%s\n", name);
	} else {
		nfail++;
		nk_printf("FAIL usertests:%s: %s\n", name, why);
	}
}

static int selected(const char *name)
{
	return !only || strncmp(name, only, strlen(only)) == 0;
}

static void run(const char *name, int (*fn)(void))
{
	if (!selected(name))
		return;
	why[0] = 0;
	report(name, fn());
}

static const char *status_str(int st)
{
	static char b[64];
	if (WIFEXITED(st))
		snprintf(b, sizeof b, "exited %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		snprintf(b, sizeof b, "killed by signal %d", WTERMSIG(st));
	else
		snprintf(b, sizeof b, "status 0x%x", st);
	return b;
}

/* fork a child running fn (its return value is the exit code); wait for it;
 * returns the wait status, or -1 with why[] set. */
static int child_status(int (*fn)(void))
{
	int st = 0;
	long pid = sys_fork();
	if (pid < 0) {
		snprintf(why, sizeof why, "fork: %ld", pid);
		return -1;
	}
	if (pid == 0)
		sys_exit_group(fn());
	long w = sys_waitpid((int)pid, &st, 0);
	if (w != pid) {
		snprintf(why, sizeof why, "waitpid returned %ld, want %ld", w, pid);
		return -1;
	}
	return st;
}

/* ---- processes ------------------------------------------------------------ */
static int t_fork_exit(void)
{
	int st = 0;
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0)
		sys_exit_group(42);
	long w = sys_waitpid((int)pid, &st, 0);
	FAILIF(w != pid, "waitpid returned %ld, want %ld", w, pid);
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 42, "child %s, want exited 42",
	       status_str(st));
	return 0;
}

static int t_exit_code_bits(void)
{
	/* only the low 8 bits of the exit code survive */
	int codes[] = { 0, 1, 255, 256 + 7 };
	for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		int st = 0;
		long pid = sys_fork();
		FAILIF(pid < 0, "fork: %ld", pid);
		if (pid == 0)
			sys_exit_group(codes[i]);
		FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
		FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != (codes[i] & 0xff),
		       "exit(%d): %s", codes[i], status_str(st));
	}
	return 0;
}

/* Each node forks two subtrees and exits with the number of processes in its
 * subtree: depth 3 gives 15. */
static int tree_node(int depth)
{
	if (depth == 0)
		return 1;
	int total = 1;
	long kids[2];
	for (int i = 0; i < 2; i++) {
		kids[i] = sys_fork();
		if (kids[i] < 0)
			return 200;
		if (kids[i] == 0)
			sys_exit_group(tree_node(depth - 1));
	}
	for (int i = 0; i < 2; i++) {
		int st = 0;
		if (sys_waitpid((int)kids[i], &st, 0) != kids[i] || !WIFEXITED(st))
			return 201;
		total += WEXITSTATUS(st);
	}
	return total;
}

static int t_fork_tree(void)
{
	int n = tree_node(3);
	FAILIF(n != 15, "tree of depth 3 counted %d processes, want 15", n);
	return 0;
}

static int t_wait_any(void)
{
	enum { N = 6 };
	int seen = 0;
	long pids[N];
	for (int i = 0; i < N; i++) {
		pids[i] = sys_fork();
		FAILIF(pids[i] < 0, "fork %d: %ld", i, pids[i]);
		if (pids[i] == 0)
			sys_exit_group(10 + i);
	}
	for (int i = 0; i < N; i++) {
		int st = 0;
		long w = sys_waitpid(-1, &st, 0);
		FAILIF(w <= 0, "waitpid(-1) #%d: %ld", i, w);
		int code = WEXITSTATUS(st) - 10;
		FAILIF(!WIFEXITED(st) || code < 0 || code >= N || pids[code] != w,
		       "waitpid(-1) gave pid %ld %s", w, status_str(st));
		seen |= 1 << code;
	}
	FAILIF(seen != (1 << N) - 1, "children seen mask 0x%x", seen);
	long w = sys_waitpid(-1, 0, 0);
	FAILIF(w != -LNX_ECHILD, "waitpid with no children: %ld, want -ECHILD", w);
	return 0;
}

static int t_wait_nochild(void)
{
	int st;
	long w = sys_waitpid(-1, &st, 0);
	FAILIF(w != -LNX_ECHILD, "waitpid(-1): %ld, want %d", w, -LNX_ECHILD);
	w = sys_waitpid(1 << 20, &st, 0);
	FAILIF(w != -LNX_ECHILD, "waitpid(not a child): %ld, want %d", w, -LNX_ECHILD);
	return 0;
}

static long parent_pid;
static int child_checks_ids(void)
{
	if (sys_getppid() != parent_pid)
		return 1;
	return sys_getpid() == parent_pid ? 2 : 0;
}

static int t_getpid(void)
{
	parent_pid = sys_getpid();
	FAILIF(parent_pid <= 0, "getpid: %ld", parent_pid);
	FAILIF(getpid() != parent_pid, "newlib getpid() disagrees");
	int st = child_status(child_checks_ids);
	if (st < 0)
		return -1;          /* why[] already set */
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0, "child: %s (1: bad ppid, 2: same pid)",
	       status_str(st));
	return 0;
}

/* An orphan's getppid names its new parent (nickel: init; Linux: init or a
 * subreaper), never the parent that exited: the kernel must update what
 * getppid reads when it reparents (nickel keeps a copy of the parent's pid
 * in the task, read without a lock). */
static int t_getppid_orphan(void)
{
	int fds[2], st = 0;
	long me = sys_getpid(), ppid = 0;

	FAILIF(sys_pipe(fds) < 0, "pipe");
	long mid = sys_fork();
	FAILIF(mid < 0, "fork: %ld", mid);
	if (mid == 0) {
		long mid_pid = sys_getpid();
		long orphan = sys_fork();
		if (orphan == 0) {
			long p = mid_pid;
			for (int i = 0; i < 100000 && p == mid_pid; i++) {
				sys_sched_yield();
				p = sys_getppid();
			}
			sys_write(fds[1], &p, sizeof p);
			sys_exit_group(0);
		}
		sys_exit_group(orphan < 0 ? 1 : 0);
	}
	long w = sys_waitpid((int)mid, &st, 0);
	FAILIF(w != mid || !WIFEXITED(st) || WEXITSTATUS(st) != 0,
	       "middle child: waitpid %ld, %s", w, status_str(st));
	FAILIF(sys_read(fds[0], &ppid, sizeof ppid) != sizeof ppid, "no word from the orphan");
	sys_close(fds[0]);
	sys_close(fds[1]);
	if (ppid == me)                        /* we are init: reap it */
		sys_waitpid(-1, &st, 0);
	FAILIF(ppid == mid, "orphan's getppid still %ld, its exited parent's pid", ppid);
	FAILIF(ppid <= 0, "orphan's getppid %ld, want its new parent's pid", ppid);
	return 0;
}

/* ---- copy on write: after fork each side sees only its own writes --------- */
static volatile int cow_global = 1;
static int cow_bss[4096];             /* 4 pages of bss */

static int t_cow(void)
{
	int fds[2], ack[2];
	volatile int local = 7;
	volatile char *heap = malloc(3 * 4096);
	FAILIF(!heap, "malloc");
	memset((char *)heap, 'p', 3 * 4096);
	cow_bss[1000] = 5;
	FAILIF(sys_pipe(fds) < 0 || sys_pipe(ack) < 0, "pipe");

	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		char c;
		int bad = 0;
		/* the child sees the parent's values from before the fork */
		if (cow_global != 1 || local != 7 || heap[5000] != 'p' || cow_bss[1000] != 5)
			bad |= 1;
		/* its own writes */
		cow_global = 100;
		local = 100;
		heap[5000] = 'c';
		cow_bss[1000] = 100;
		sys_write(ack[1], "w", 1);
		/* wait for the parent to write its copies, then look again */
		if (sys_read(fds[0], &c, 1) != 1)
			bad |= 4;
		if (cow_global != 100 || local != 100 || heap[5000] != 'c' || cow_bss[1000] != 100)
			bad |= 2;
		sys_exit_group(bad);
	}
	char c;
	FAILIF(sys_read(ack[0], &c, 1) != 1, "no word from the child");
	/* the child's writes are invisible here */
	FAILIF(cow_global != 1 || local != 7 || heap[5000] != 'p' || cow_bss[1000] != 5,
	       "parent sees the child's writes");
	cow_global = 2;
	local = 2;
	heap[5000] = 'P';
	cow_bss[1000] = 2;
	sys_write(fds[1], "g", 1);
	int st = 0;
	FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
	sys_close(fds[0]); sys_close(fds[1]); sys_close(ack[0]); sys_close(ack[1]);
	free((void *)heap);
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0,
	       "child %s (1: wrong values after fork, 2: saw parent's writes, 4: pipe)",
	       status_str(st));
	FAILIF(cow_global != 2, "parent lost its own write");
	return 0;
}

/* ---- copy on write, one case each: who writes, exec, fork of a fork, munmap,
 * and the kernel writing into a shared page (read from a pipe) -------------- */
#define COW_PAGES 4
static char cow_area[COW_PAGES * 4096] __attribute__((aligned(4096)));
static const char *argv0;

/* The first byte of buf[0..n) that is not c: its index, or -1. */
static long first_not(const volatile char *buf, long n, char c)
{
	for (long i = 0; i < n; i++)
		if (buf[i] != c)
			return i;
	return -1;
}

static int cow_child_writes_child(void)
{
	if (first_not(cow_area, sizeof cow_area, 'p') >= 0)
		return 1;                          /* not the parent's pages */
	memset(cow_area, 'c', sizeof cow_area);
	return first_not(cow_area, sizeof cow_area, 'c') >= 0 ? 2 : 0;
}

static int t_cow_child_writes(void)
{
	memset(cow_area, 'p', sizeof cow_area);
	int st = child_status(cow_child_writes_child);
	if (st == -1)
		return -1;                         /* why[] says */
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0,
	       "child %s (1: did not see the parent's bytes, 2: lost its own writes)",
	       status_str(st));
	long bad = first_not(cow_area, sizeof cow_area, 'p');
	FAILIF(bad >= 0, "parent's byte %ld is '%c' after the child wrote: want 'p'",
	       bad, cow_area[bad]);
	return 0;
}

static int t_cow_parent_writes(void)
{
	int go[2], st;
	char c;

	memset(cow_area, 'p', sizeof cow_area);
	FAILIF(sys_pipe(go) < 0, "pipe");
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {                            /* looks after the parent wrote */
		if (sys_read(go[0], &c, 1) != 1)
			sys_exit_group(2);
		sys_exit_group(first_not(cow_area, sizeof cow_area, 'p') >= 0 ? 1 : 0);
	}
	memset(cow_area, 'P', sizeof cow_area);
	sys_write(go[1], "g", 1);
	FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
	sys_close(go[0]);
	sys_close(go[1]);
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0,
	       "child %s (1: saw the parent's writes, 2: pipe)", status_str(st));
	FAILIF(first_not(cow_area, sizeof cow_area, 'P') >= 0, "parent lost its writes");
	return 0;
}

/* exec after fork: the new program has its own fresh pages (the marker's
 * initial value), and the parent's pages are untouched by either. */
static int cow_exec_marker = 11;

static int cowexec_main(void)
{
	return cow_exec_marker == 11 && first_not(cow_area, sizeof cow_area, 0) < 0 ? 0 : 3;
}

static int t_cow_exec_after_fork(void)
{
	int st;

	cow_exec_marker = 99;
	memset(cow_area, 'p', sizeof cow_area);
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		char *args[] = { (char *)argv0, "cowexec=1", 0 };
		cow_area[0] = 'c';                 /* one page copied, then all dropped */
		sys_execve(argv0, args, args + 2);
		sys_exit_group(4);
	}
	cow_area[4096] = 'P';
	FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
	/* qemu-i386 on a Linux host cannot execve an i386 ELF (no binfmt):
	 * there only the fork half is checked. */
	FAILIF(!WIFEXITED(st) || (WEXITSTATUS(st) != 0 && !(on_linux && WEXITSTATUS(st) == 4)),
	       "exec'd child %s (3: saw old pages, 4: execve failed)", status_str(st));
	FAILIF(cow_exec_marker != 99 || cow_area[0] != 'p' || cow_area[4096] != 'P',
	       "parent's pages changed: marker %d, bytes '%c' '%c'", cow_exec_marker,
	       cow_area[0], cow_area[4096]);
	return 0;
}

/* Three sharers of one page: the grandchild writes, then the child, then
 * the parent; each sees only its own write. */
static int grandchild_writes(void)
{
	cow_area[100] = 'g';
	return cow_area[100] == 'g' && cow_area[0] == 'p' ? 0 : 1;
}

static int child_forks_again(void)
{
	int st = child_status(grandchild_writes);
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return 1;
	if (cow_area[100] != 'p')
		return 2;                          /* the grandchild's write leaked */
	cow_area[100] = 'c';
	return cow_area[100] == 'c' ? 0 : 3;
}

static int t_cow_fork_of_fork(void)
{
	memset(cow_area, 'p', sizeof cow_area);
	int st = child_status(child_forks_again);
	if (st == -1)
		return -1;                         /* why[] says */
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0, "child %s (1: grandchild failed, "
	       "2: child saw the grandchild's write, 3: child's write lost)", status_str(st));
	FAILIF(cow_area[100] != 'p', "parent's byte is '%c': a descendant's write leaked",
	       cow_area[100]);
	cow_area[100] = 'P';
	FAILIF(cow_area[100] != 'P', "parent's own write lost");
	return 0;
}

/* munmap after fork: unmapping in one process leaves the other's pages. */
static char *cow_map;

static int child_unmaps_half(void)
{
	if (sys_munmap(cow_map, 2 * 4096) != 0)
		return 1;
	if (first_not(cow_map + 2 * 4096, 2 * 4096, 'm') >= 0)
		return 2;
	memset(cow_map + 2 * 4096, 'c', 2 * 4096);
	return sys_munmap(cow_map + 2 * 4096, 2 * 4096) != 0 ? 3 : 0;
}

static int t_cow_munmap_after_fork(void)
{
	cow_map = (char *)sys_mmap(0, 4 * 4096, 3, 0x22, -1, 0);   /* RW, PRIVATE|ANON */
	FAILIF((unsigned long)cow_map >= -4096UL, "mmap: %ld", (long)cow_map);
	memset(cow_map, 'm', 4 * 4096);
	int st = child_status(child_unmaps_half);
	if (st == -1)
		return -1;                         /* why[] says */
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0, "child %s (1: munmap failed, "
	       "2: kept half changed, 3: second munmap failed)", status_str(st));
	long bad = first_not(cow_map, 4 * 4096, 'm');
	FAILIF(bad >= 0, "parent's mapped byte %ld is '%c' after the child's munmap",
	       bad, cow_map[bad]);
	memset(cow_map, 'P', 4 * 4096);            /* pages now only the parent's */
	FAILIF(sys_munmap(cow_map, 4 * 4096) != 0, "parent's munmap");
	return 0;
}

/* The kernel writes into a shared page: read() from a pipe into it (across
 * a page boundary) must copy the page first, in the reader only. */
static int t_cow_pipe_read_into_shared_page(void)
{
	int data[2], go[2], st;
	char c, *at = cow_area + 4096 - 3;         /* 3 bytes in one page, 5 in the next */

	memset(cow_area, 'p', sizeof cow_area);
	FAILIF(sys_pipe(data) < 0 || sys_pipe(go) < 0, "pipe");
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		int bad = 0;
		if (sys_read(go[0], &c, 1) != 1)
			sys_exit_group(8);
		if (first_not(cow_area, sizeof cow_area, 'p') >= 0)
			bad |= 1;                  /* the parent's read() reached us */
		if (sys_read(data[0], at, 8) != 8 || memcmp(at, "childrd!", 8) != 0)
			bad |= 2;
		sys_exit_group(bad);
	}
	FAILIF(sys_write(data[1], "parentrd", 8) != 8, "write");
	FAILIF(sys_read(data[0], at, 8) != 8, "read into the shared page");
	FAILIF(memcmp(at, "parentrd", 8) != 0, "read() into a shared page did not land");
	sys_write(go[1], "g", 1);
	sys_write(data[1], "childrd!", 8);
	FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
	sys_close(data[0]); sys_close(data[1]); sys_close(go[0]); sys_close(go[1]);
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0,
	       "child %s (1: saw the parent's read(), 2: its own read() did not land)",
	       status_str(st));
	FAILIF(memcmp(at, "parentrd", 8) != 0, "parent's bytes changed by the child's read()");
	return 0;
}

/* ---- pipes ------------------------------------------------------------------ */
static int t_pipe_pingpong(void)
{
	int p2c[2], c2p[2];
	enum { ROUNDS = 200 };
	FAILIF(sys_pipe(p2c) < 0 || sys_pipe(c2p) < 0, "pipe");
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		unsigned char b;
		sys_close(p2c[1]);
		sys_close(c2p[0]);
		for (;;) {
			long r = sys_read(p2c[0], &b, 1);
			if (r == 0)
				sys_exit_group(0);          /* EOF: parent done */
			if (r != 1)
				sys_exit_group(1);
			b++;
			if (sys_write(c2p[1], &b, 1) != 1)
				sys_exit_group(2);
		}
	}
	sys_close(p2c[0]);
	sys_close(c2p[1]);
	unsigned char b = 0;
	for (int i = 0; i < ROUNDS; i++) {
		unsigned char want = (unsigned char)(b + 1);
		FAILIF(sys_write(p2c[1], &b, 1) != 1, "write round %d", i);
		FAILIF(sys_read(c2p[0], &b, 1) != 1, "read round %d", i);
		FAILIF(b != want, "round %d: got %u, want %u", i, b, want);
	}
	sys_close(p2c[1]);                       /* child sees EOF and exits 0 */
	int st = 0;
	FAILIF(sys_waitpid((int)pid, &st, 0) != pid, "waitpid");
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0, "child %s", status_str(st));
	b = 0;
	long r = sys_read(c2p[0], &b, 1);
	FAILIF(r != 0, "read after the child exited: %ld, want 0 (EOF)", r);
	sys_close(c2p[0]);
	return 0;
}

static int t_pipe_eof(void)
{
	int fds[2];
	char buf[64];
	FAILIF(sys_pipe(fds) < 0, "pipe");
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		sys_close(fds[0]);
		sys_write(fds[1], "hello", 5);
		sys_exit_group(0);                   /* exit closes the write end */
	}
	sys_close(fds[1]);
	long total = 0, r;
	while ((r = sys_read(fds[0], buf + total, sizeof buf - (unsigned long)total)) > 0)
		total += r;
	FAILIF(r != 0, "read: %ld, want 0 at EOF", r);
	FAILIF(total != 5 || memcmp(buf, "hello", 5) != 0, "got %ld bytes", total);
	r = sys_read(fds[0], buf, 1);
	FAILIF(r != 0, "second read at EOF: %ld", r);
	sys_close(fds[0]);
	int st = 0;
	sys_waitpid((int)pid, &st, 0);
	return 0;
}

/* More than any pipe buffer: the writer must block and be woken. */
static int t_pipe_big(void)
{
	enum { TOTAL = 96 * 1024 };
	int fds[2];
	static unsigned char buf[4096];
	FAILIF(sys_pipe(fds) < 0, "pipe");
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		sys_close(fds[0]);
		for (int off = 0; off < TOTAL; ) {
			int n = TOTAL - off < 1000 ? TOTAL - off : 1000;
			for (int i = 0; i < n; i++)
				buf[i] = (unsigned char)((off + i) * 7);
			long w = sys_write(fds[1], buf, (unsigned long)n);
			if (w <= 0)
				sys_exit_group(1);
			off += (int)w;
		}
		sys_exit_group(0);
	}
	sys_close(fds[1]);
	long got = 0, r;
	while ((r = sys_read(fds[0], buf, sizeof buf)) > 0) {
		for (long i = 0; i < r; i++)
			FAILIF(buf[i] != (unsigned char)((got + i) * 7), "byte %ld corrupted", got + i);
		got += r;
	}
	sys_close(fds[0]);
	int st = 0;
	sys_waitpid((int)pid, &st, 0);
	FAILIF(r != 0, "read: %ld", r);
	FAILIF(got != TOTAL, "got %ld bytes, want %d", got, TOTAL);
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0, "writer %s", status_str(st));
	return 0;
}

static int t_dup2(void)
{
	int fds[2];
	char c = 0;
	FAILIF(sys_pipe(fds) < 0, "pipe");
	long r = sys_dup2(fds[1], 20);
	FAILIF(r != 20, "dup2: %ld, want 20", r);
	FAILIF(sys_write(20, "x", 1) != 1, "write to the dup");
	FAILIF(sys_read(fds[0], &c, 1) != 1 || c != 'x', "read back");
	sys_close(20);
	sys_close(fds[0]);
	sys_close(fds[1]);
	return 0;
}

/* ---- memory ----------------------------------------------------------------- */
static int t_brk(void)
{
	unsigned long cur = (unsigned long)sys_brk(0);
	unsigned long grow = 256 * 1024;
	FAILIF(cur == 0 || cur > 0xC0000000UL, "brk(0) = 0x%lx", cur);
	unsigned long r = (unsigned long)sys_brk((void *)(cur + grow));
	FAILIF(r != cur + grow, "grow: brk returned 0x%lx, want 0x%lx", r, cur + grow);
	volatile unsigned char *p = (unsigned char *)cur;
	for (unsigned long i = 0; i < grow; i += 512)
		p[i] = (unsigned char)i;
	for (unsigned long i = 0; i < grow; i += 512)
		FAILIF(p[i] != (unsigned char)i, "grown memory lost a write at +%lu", i);
	r = (unsigned long)sys_brk((void *)cur);
	FAILIF(r != cur, "shrink: brk returned 0x%lx, want 0x%lx", r, cur);
	FAILIF((unsigned long)sys_brk(0) != cur, "brk(0) after shrink");
	r = (unsigned long)sys_brk((void *)(cur + 8192));
	FAILIF(r != cur + 8192, "regrow: 0x%lx", r);
	FAILIF(p[512] != 0 || p[4096 + 512] != 0, "regrown memory is not zero");
	sys_brk((void *)cur);
	/* an absurd request fails and leaves the break alone */
	r = (unsigned long)sys_brk((void *)0xF0000000UL);
	FAILIF(r == 0xF0000000UL, "brk into the kernel half succeeded");
	FAILIF((unsigned long)sys_brk(0) != cur, "failed brk moved the break");
	return 0;
}

static int t_malloc(void)
{
	enum { N = 64 };
	char *blocks[N];
	for (int i = 0; i < N; i++) {
		size_t sz = (size_t)(i * 997 % 20000) + 1;
		blocks[i] = malloc(sz);
		FAILIF(!blocks[i], "malloc(%u) failed", (unsigned)sz);
		memset(blocks[i], i, sz);
	}
	for (int i = 0; i < N; i++) {
		size_t sz = (size_t)(i * 997 % 20000) + 1;
		FAILIF(blocks[i][sz - 1] != (char)i, "block %d overwritten", i);
		free(blocks[i]);
	}
	char *big = malloc(2 << 20);
	FAILIF(!big, "malloc(2 MiB) failed");
	big[0] = 1;
	big[(2 << 20) - 1] = 2;
	free(big);
	return 0;
}

static int t_mmap(void)
{
	unsigned long len = 64 * 1024;
	long a = sys_mmap(0, len, LNX_PROT_READ | LNX_PROT_WRITE,
			  LNX_MAP_PRIVATE | LNX_MAP_ANONYMOUS, -1, 0);
	FAILIF(NK_MMAP_FAILED(a), "mmap2: %ld", a);
	FAILIF(a & 0xfff, "mmap2 address 0x%lx not page aligned", a);
	volatile unsigned char *p = (unsigned char *)a;
	for (unsigned long i = 0; i < len; i += 4096)
		FAILIF(p[i] != 0, "anonymous memory not zero");
	for (unsigned long i = 0; i < len; i += 4096)
		p[i] = 0xab;
	FAILIF(p[len - 4096] != 0xab, "write lost");
	long r = sys_munmap((void *)a, len);
	FAILIF(r != 0, "munmap: %ld", r);
	return 0;
}

/* ---- libc on top of the glue ---------------------------------------------- */
static int t_libc(void)
{
	char b[128];
	snprintf(b, sizeof b, "%d %s %lld %x %.3f", -5, "ok", 1LL << 40, 0xbeef, 2.5);
	FAILIF(strcmp(b, "-5 ok 1099511627776 beef 2.500") != 0, "snprintf gave '%s'", b);
	FAILIF(strtol("-1234", 0, 10) != -1234, "strtol");
	double s = sqrt(2.0);
	FAILIF(s < 1.41421 || s > 1.41422, "sqrt(2) = %f", s);
	FAILIF(fabs(sin(0.0)) > 1e-12, "sin(0)");
	return 0;
}

/* ---- time and scheduling ---------------------------------------------------- */
static int t_time(void)
{
	struct lnx_timespec a, b;
	struct lnx_timeval tv;
	FAILIF(sys_clock_gettime(LNX_CLOCK_MONOTONIC, &a) != 0, "clock_gettime");
	FAILIF(a.tv_nsec < 0 || a.tv_nsec >= 1000000000L, "tv_nsec %ld", a.tv_nsec);
	long long t0 = nk_now_ns();
	long r = nk_sleep_ms(20);
	long long t1 = nk_now_ns();
	FAILIF(r != 0, "nanosleep: %ld", r);
	FAILIF(t1 - t0 < 20000000LL, "slept only %lld us", (t1 - t0) / 1000);
	FAILIF(t1 - t0 > 2000000000LL, "20 ms sleep took %lld ms", (t1 - t0) / 1000000);
	FAILIF(sys_clock_gettime(LNX_CLOCK_MONOTONIC, &b) != 0, "clock_gettime 2");
	FAILIF(b.tv_sec < a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec < a.tv_nsec),
	       "monotonic clock went back");
	FAILIF(sys_gettimeofday(&tv, 0) != 0, "gettimeofday");
	FAILIF(tv.tv_usec < 0 || tv.tv_usec >= 1000000, "tv_usec %ld", tv.tv_usec);
	struct lnx_timespec bad = { 0, 1000000000L };
	r = sys_nanosleep(&bad, 0);
	FAILIF(r != -LNX_EINVAL, "nanosleep(nsec=1e9): %ld, want -EINVAL", r);
	return 0;
}

static int child_nice5(void)
{
	if (sys_setpriority(LNX_PRIO_PROCESS, 0, 5) != 0)
		return 1;
	if (sys_getpriority(LNX_PRIO_PROCESS, 0) != 20 - 5)
		return 2;
	/* Linux returns 0; qemu-user passes on glibc's nice(), the new value */
	if (sys_nice(2) < 0)
		return 3;
	if (nk_nice_value() != 7)
		return 4;
	return 0;
}

static int t_sched(void)
{
	FAILIF(sys_sched_yield() != 0, "sched_yield");
	long p = sys_getpriority(LNX_PRIO_PROCESS, 0);
	FAILIF(p < 1 || p > 40, "getpriority: %ld", p);
	int st = child_status(child_nice5);
	if (st < 0)
		return -1;          /* why[] already set */
	FAILIF(!WIFEXITED(st) || WEXITSTATUS(st) != 0,
	       "nice child %s (1 setpriority, 2 getpriority, 3 nice, 4 value)", status_str(st));
	unsigned long mask[4] = { 0 };
	long r = sys_sched_getaffinity(0, sizeof mask, mask);
	FAILIF(r <= 0, "sched_getaffinity: %ld", r);
	FAILIF(mask[0] == 0, "empty affinity mask");
	r = sys_sched_setaffinity(0, sizeof mask, mask);
	FAILIF(r != 0, "sched_setaffinity(same mask): %ld", r);
	struct lnx_timespec ts;
	r = sys_sched_rr_get_interval(0, &ts);
	FAILIF(r != 0, "sched_rr_get_interval: %ld", r);
	r = sys_sched_getscheduler(0);
	FAILIF(r != LNX_SCHED_OTHER, "sched_getscheduler: %ld, want SCHED_OTHER", r);
	return 0;
}

/* A child that sleeps once (a voluntary switch) and exits. */
static int child_sleeps(void)
{
	return nk_sleep_ms(5) == 0 ? 0 : 1;
}

/* getrusage: a sleep is a voluntary switch, a yield to a runnable task an
 * involuntary one, a reaped child's switches reach RUSAGE_CHILDREN. */
static int t_getrusage(void)
{
	struct lnx_rusage a, b, c;
	FAILIF(sys_getrusage(LNX_RUSAGE_SELF, &a) != 0, "getrusage(SELF)");
	FAILIF(nk_sleep_ms(10) != 0, "nanosleep");
	FAILIF(sys_getrusage(LNX_RUSAGE_SELF, &b) != 0, "getrusage(SELF) 2");
	FAILIF(b.ru_nvcsw < a.ru_nvcsw + 1, "a 10 ms sleep: nvcsw %ld -> %ld, want +1",
	       a.ru_nvcsw, b.ru_nvcsw);
	int st = child_status(child_sleeps);
	FAILIF(st != 0, "sleeping child %s", status_str(st));
	FAILIF(sys_getrusage(LNX_RUSAGE_CHILDREN, &c) != 0, "getrusage(CHILDREN)");
	FAILIF(c.ru_nvcsw < 1, "a reaped child slept: children's nvcsw %ld, want >= 1",
	       c.ru_nvcsw);
	FAILIF(sys_getrusage(7, &c) != -LNX_EINVAL, "getrusage(7): want -EINVAL");
	FAILIF(sys_getrusage(LNX_RUSAGE_SELF, KADDR) != -LNX_EFAULT,
	       "getrusage(kernel addr): want -EFAULT");
	if (on_linux)
		return 0;    /* Linux's CFS may let the first yields return unswitched */
	/* nickel: two tasks on one CPU, so every yield lets the other run */
	unsigned long one = 1, all = ~0UL;
	sys_sched_setaffinity(0, sizeof one, &one);
	long pid = sys_fork();
	if (pid == 0)
		for (;;)
			sys_sched_yield();
	FAILIF(pid < 0, "fork: %ld", pid);
	sys_getrusage(LNX_RUSAGE_SELF, &a);
	for (int i = 0; i < 20; i++)
		sys_sched_yield();
	sys_getrusage(LNX_RUSAGE_SELF, &b);
	sys_kill((int)pid, LNX_SIGKILL);
	sys_waitpid((int)pid, &st, 0);
	sys_sched_setaffinity(0, sizeof all, &all);
	FAILIF(b.ru_nivcsw - a.ru_nivcsw < 20, "20 yields beside a runnable task: "
	       "nivcsw +%ld, want +20", b.ru_nivcsw - a.ru_nivcsw);
	return 0;
}

static int t_uname(void)
{
	struct lnx_utsname u;
	memset(&u, 0, sizeof u);
	FAILIF(sys_uname(&u) != 0, "uname");
	FAILIF(u.sysname[0] == 0, "empty sysname");
	return 0;
}

/* ---- error returns ------------------------------------------------------- */
static int expect(const char *what, long got, long want)
{
	FAILIF(got != want, "%s returned %ld, want %ld", what, got, want);
	return 0;
}

static int t_efault_write(void)
{
	if (expect("write(1, kernel addr)", sys_write(1, KADDR, 4), -LNX_EFAULT)) return -1;
	return expect("write(1, NULL)", sys_write(1, 0, 4), -LNX_EFAULT);
}

static int t_efault_read(void)
{
	int fds[2];
	FAILIF(sys_pipe(fds) < 0, "pipe");
	sys_write(fds[1], "abcdefgh", 8);       /* data waiting, so read must copy */
	long r1 = sys_read(fds[0], KADDR, 4);
	long r2 = sys_read(fds[0], 0, 4);
	sys_close(fds[0]);
	sys_close(fds[1]);
	if (expect("read(pipe, kernel addr)", r1, -LNX_EFAULT)) return -1;
	return expect("read(pipe, NULL)", r2, -LNX_EFAULT);
}

static int t_efault_pipe(void)
{
	if (expect("pipe(kernel addr)", sys_pipe(KADDR), -LNX_EFAULT)) return -1;
	return expect("pipe(NULL)", sys_pipe(0), -LNX_EFAULT);
}

static int t_efault_time(void)
{
	/* qemu-user (7.2) ignores the failed copy-in of nanosleep's request and
	 * sleeps on stack garbage: only check that where the kernel is not Linux. */
	if (!on_linux) {
		if (expect("nanosleep(kernel addr)", sys_nanosleep(KADDR, 0), -LNX_EFAULT)) return -1;
		if (expect("nanosleep(NULL)", sys_nanosleep(0, 0), -LNX_EFAULT)) return -1;
	}
	if (expect("clock_gettime(kernel addr)", sys_clock_gettime(0, KADDR), -LNX_EFAULT)) return -1;
	if (expect("clock_gettime(NULL)", sys_clock_gettime(1, 0), -LNX_EFAULT)) return -1;
	if (expect("gettimeofday(kernel addr)", sys_gettimeofday(KADDR, 0), -LNX_EFAULT)) return -1;
	return expect("sched_rr_get_interval(kernel addr)",
		      sys_sched_rr_get_interval(0, KADDR), -LNX_EFAULT);
}

static int t_efault_uname(void)
{
	if (expect("uname(kernel addr)", sys_uname(KADDR), -LNX_EFAULT)) return -1;
	return expect("uname(NULL)", sys_uname(0), -LNX_EFAULT);
}

static int t_efault_waitpid(void)
{
	int st;
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0)
		sys_exit_group(3);
	long r = sys_waitpid((int)pid, KADDR, 0);
	sys_waitpid((int)pid, &st, 0);          /* reap, if the bad call did not */
	return expect("waitpid(child, kernel addr)", r, -LNX_EFAULT);
}

static int t_efault_sched(void)
{
	if (expect("sched_getaffinity(kernel addr)", sys_sched_getaffinity(0, 16, KADDR),
		   -LNX_EFAULT)) return -1;
	return expect("sched_setaffinity(kernel addr)", sys_sched_setaffinity(0, 16, KADDR),
		      -LNX_EFAULT);
}

static int t_efault_path(void)
{
	if (expect("open(kernel addr)", sys_open(KADDR, 0, 0), -LNX_EFAULT)) return -1;
	char *argv[] = { 0 };
	return expect("execve(kernel addr)", sys_execve(KADDR, argv, argv), -LNX_EFAULT);
}

static int t_enosys(void)
{
	if (expect("syscall 500", syscall0(500), -LNX_ENOSYS)) return -1;
	if (expect("syscall -1", syscall0(-1), -LNX_ENOSYS)) return -1;
	if (expect("syscall 0x7fffffff", syscall0(0x7fffffff), -LNX_ENOSYS)) return -1;
	/* 1000 and 1001 are nickel's own calls (lat, free_pages): use 4000 */
	return expect("syscall6(4000)", syscall6(4000, 1, 2, 3, 4, 5, 6), -LNX_ENOSYS);
}

static int t_ebadf(void)
{
	char c;
	int fds[2];
	if (expect("write(99)", sys_write(99, "x", 1), -LNX_EBADF)) return -1;
	if (expect("read(99)", sys_read(99, &c, 1), -LNX_EBADF)) return -1;
	if (expect("read(-1)", sys_read(-1, &c, 1), -LNX_EBADF)) return -1;
	if (expect("close(99)", sys_close(99), -LNX_EBADF)) return -1;
	if (expect("close(-1)", sys_close(-1), -LNX_EBADF)) return -1;
	if (expect("dup2(99, 5)", sys_dup2(99, 5), -LNX_EBADF)) return -1;
	FAILIF(sys_pipe(fds) < 0, "pipe");
	long r1 = sys_write(fds[0], "x", 1);     /* the read end */
	long r2 = sys_read(fds[1], &c, 1);       /* the write end */
	sys_close(fds[0]);
	sys_close(fds[1]);
	long r3 = sys_close(fds[0]);             /* already closed */
	if (expect("write(pipe read end)", r1, -LNX_EBADF)) return -1;
	if (expect("read(pipe write end)", r2, -LNX_EBADF)) return -1;
	return expect("close(closed fd)", r3, -LNX_EBADF);
}

static int t_newlib_errno(void)
{
	/* the glue sets errno in newlib's numbering */
	errno = 0;
	FAILIF(write(99, "x", 1) != -1 || errno != EBADF, "write(99): errno %d", errno);
	errno = 0;
	FAILIF(close(-1) != -1 || errno != EBADF, "close(-1): errno %d", errno);
	return 0;
}

/* ---- faults: each kills only the child, with the right signal ------------ */
static void f_null_read(void)   { __asm__ volatile("movl 0, %%eax" ::: "eax", "memory"); }
static void f_null_write(void)  { __asm__ volatile("movl $1, 0" ::: "memory"); }
static void f_null_call(void)   { __asm__ volatile("call *%0" :: "r"(0) : "memory"); }
static void f_write_text(void)
{
	__asm__ volatile("movl $0x90909090, (%0)" :: "r"(&f_write_text) : "memory");
}
static const int ro_value = 5;
static void f_write_rodata(void)
{
	__asm__ volatile("movl $1, (%0)" :: "r"(&ro_value) : "memory");
}
static void f_kernel_read(void)  { __asm__ volatile("movl 0xC0000000, %%eax" ::: "eax", "memory"); }
static void f_kernel_write(void) { __asm__ volatile("movl $1, 0xC0001000" ::: "memory"); }
static void f_kernel_jump(void)  { __asm__ volatile("jmp *%0" :: "r"(0xC0000000) : "memory"); }
static void f_ud2(void)          { __asm__ volatile("ud2"); }
static void f_div0(void)
{
	__asm__ volatile("xorl %%ecx, %%ecx; movl $1, %%eax; cltd; idivl %%ecx"
			 ::: "eax", "ecx", "edx");
}
static void f_div_overflow(void)
{
	__asm__ volatile("movl $0x80000000, %%eax; cltd; movl $-1, %%ecx; idivl %%ecx"
			 ::: "eax", "ecx", "edx");
}
static void f_int3(void)         { __asm__ volatile("int3"); }
static void f_hlt(void)          { __asm__ volatile("hlt"); }
static void f_cli(void)          { __asm__ volatile("cli"); }
static void f_bad_segment(void)
{
	__asm__ volatile("movl $0xfff8, %%eax; movl %%eax, %%ds" ::: "eax", "memory");
}
static void f_in_port(void)      { __asm__ volatile("inb $0x80, %%al" ::: "eax"); }
static void f_out_port(void)     { __asm__ volatile("outb %%al, $0x80" ::: "eax"); }
static void f_int_gate(void)     { __asm__ volatile("int $0x40"); }

static volatile int recurse_forever = 1;
static int recurse(int n)
{
	if (!recurse_forever)
		return 0;
	volatile char pad[2048];
	pad[0] = (char)n;
	pad[sizeof pad - 1] = (char)n;
	return recurse(n + 1) + pad[0] + pad[sizeof pad - 1];
}
static void f_stack_overflow(void) { recurse(0); }
static void f_abort(void) { abort(); }

static void f_after_munmap(void)
{
	long a = sys_mmap(0, 8192, LNX_PROT_READ | LNX_PROT_WRITE,
			  LNX_MAP_PRIVATE | LNX_MAP_ANONYMOUS, -1, 0);
	if (NK_MMAP_FAILED(a))
		sys_exit_group(97);
	*(volatile int *)a = 1;
	sys_munmap((void *)a, 8192);
	*(volatile int *)a = 2;
}

static const struct fault {
	const char *name;
	void (*fn)(void);
	int sig;
} faults[] = {
	{ "fault_null_read",      f_null_read,      LNX_SIGSEGV },
	{ "fault_null_write",     f_null_write,     LNX_SIGSEGV },
	{ "fault_null_call",      f_null_call,      LNX_SIGSEGV },
	{ "fault_write_text",     f_write_text,     LNX_SIGSEGV },
	{ "fault_write_rodata",   f_write_rodata,   LNX_SIGSEGV },
	{ "fault_kernel_read",    f_kernel_read,    LNX_SIGSEGV },
	{ "fault_kernel_write",   f_kernel_write,   LNX_SIGSEGV },
	{ "fault_kernel_jump",    f_kernel_jump,    LNX_SIGSEGV },
	{ "fault_stack_overflow", f_stack_overflow, LNX_SIGSEGV },
	{ "fault_after_munmap",   f_after_munmap,   LNX_SIGSEGV },
	{ "fault_hlt",            f_hlt,            LNX_SIGSEGV },
	{ "fault_cli",            f_cli,            LNX_SIGSEGV },
	{ "fault_bad_segment",    f_bad_segment,    LNX_SIGSEGV },
	{ "fault_in_port",        f_in_port,        LNX_SIGSEGV },
	{ "fault_out_port",       f_out_port,       LNX_SIGSEGV },
	{ "fault_int_gate",       f_int_gate,       LNX_SIGSEGV },
	{ "fault_ud2",            f_ud2,            LNX_SIGILL },
	{ "fault_div0",           f_div0,           LNX_SIGFPE },
	{ "fault_div_overflow",   f_div_overflow,   LNX_SIGFPE },
	{ "fault_int3",           f_int3,           LNX_SIGTRAP },
	{ "fault_abort",          f_abort,          LNX_SIGABRT },
};

static int run_fault(const struct fault *f)
{
	int st = 0;
	long pid = sys_fork();
	FAILIF(pid < 0, "fork: %ld", pid);
	if (pid == 0) {
		f->fn();
		sys_exit_group(99);                 /* the fault did not happen */
	}
	long w = sys_waitpid((int)pid, &st, 0);
	FAILIF(w != pid, "waitpid: %ld", w);
	FAILIF(!WIFSIGNALED(st) || WTERMSIG(st) != f->sig, "child %s, want killed by signal %d",
	       status_str(st), f->sig);
	return 0;
}

/* The parent is still fine after all of that. */
static int t_survivor(void)
{
	FAILIF(sys_getpid() != parent_pid, "getpid changed");
	FAILIF(sys_waitpid(-1, 0, LNX_WNOHANG) != -LNX_ECHILD, "children left over");
	return 0;
}

/* ---- optional: fork until the kernel says no ---------------------------- */
static long forkmax = 4096;
static int t_forkbomb(void)
{
	int gate[2];
	long n = 0, r = 0;
	FAILIF(sys_pipe(gate) < 0, "pipe");
	while (n < forkmax) {
		r = sys_fork();
		if (r < 0)
			break;
		if (r == 0) {
			char c;
			sys_close(gate[1]);
			sys_read(gate[0], &c, 1);    /* blocks until the parent closes */
			sys_exit_group(0);
		}
		n++;
	}
	sys_close(gate[1]);
	sys_close(gate[0]);
	long reaped = 0;
	int st;
	while (sys_waitpid(-1, &st, 0) > 0)
		reaped++;
	FAILIF(reaped != n, "forked %ld, reaped %ld", n, reaped);
	FAILIF(n >= forkmax, "no limit hit after %ld forks", n);
	FAILIF(r != -LNX_EAGAIN, "fork #%ld failed with %ld, want -EAGAIN", n + 1, r);
	/* and fork works again */
	return t_fork_exit();
}

int main(int argc, char **argv)
{
	argv0 = argv[0];
	if (nk_arg(argc, argv, "cowexec"))
		return cowexec_main();             /* cow_exec_after_fork's child */
	only = nk_arg(argc, argv, "only");
	const char *fm = nk_arg(argc, argv, "forkmax");
	if (fm)
		forkmax = strtol(fm, 0, 10);
	parent_pid = sys_getpid();
	{
		struct lnx_utsname u;
		on_linux = sys_uname(&u) == 0 && strcmp(u.sysname, "Linux") == 0;
	}
	long long t0 = nk_now_ns();

	run("fork_exit", t_fork_exit);
	run("exit_code_bits", t_exit_code_bits);
	run("fork_tree", t_fork_tree);
	run("wait_any", t_wait_any);
	run("wait_nochild", t_wait_nochild);
	run("getpid", t_getpid);
	run("getppid_orphan", t_getppid_orphan);
	run("cow", t_cow);
	run("cow_child_writes", t_cow_child_writes);
	run("cow_parent_writes", t_cow_parent_writes);
	run("cow_exec_after_fork", t_cow_exec_after_fork);
	run("cow_fork_of_fork", t_cow_fork_of_fork);
	run("cow_munmap_after_fork", t_cow_munmap_after_fork);
	run("cow_pipe_read_into_shared_page", t_cow_pipe_read_into_shared_page);
	run("pipe_pingpong", t_pipe_pingpong);
	run("pipe_eof", t_pipe_eof);
	run("pipe_big", t_pipe_big);
	run("dup2", t_dup2);
	run("brk", t_brk);
	run("malloc", t_malloc);
	run("mmap", t_mmap);
	run("libc", t_libc);
	run("time", t_time);
	run("sched", t_sched);
	run("getrusage", t_getrusage);
	run("uname", t_uname);
	run("efault_write", t_efault_write);
	run("efault_read", t_efault_read);
	run("efault_pipe", t_efault_pipe);
	run("efault_time", t_efault_time);
	run("efault_uname", t_efault_uname);
	run("efault_waitpid", t_efault_waitpid);
	run("efault_sched", t_efault_sched);
	run("efault_path", t_efault_path);
	run("enosys", t_enosys);
	run("ebadf", t_ebadf);
	run("newlib_errno", t_newlib_errno);
	for (unsigned i = 0; i < sizeof faults / sizeof faults[0]; i++) {
		if (!selected(faults[i].name))
			continue;
		why[0] = 0;
		report(faults[i].name, run_fault(&faults[i]));
	}
	const char *fb = nk_arg(argc, argv, "forkbomb");
	if (fb && strcmp(fb, "1") == 0)
		run("forkbomb", t_forkbomb);
	run("survivor", t_survivor);

	long long ms = (nk_now_ns() - t0) / 1000000;
	nk_printf("usertests: %d passed, %d failed (%lld ms)\n", npass, nfail, ms);
	return nfail == 0 ? 0 : 1;
}
