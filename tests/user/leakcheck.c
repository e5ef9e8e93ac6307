/*
 * leakcheck - after every child has exited, free_pages is back where it was.
 *
 * One round: fork 10 children that each grow their heap, map and touch
 * anonymous memory, talk through a pipe and end the sharing of their
 * parent's copy-on-write pages in one of five ways (a write, a fork of a
 * fork, munmap, read() into a shared page, exec); then reap them all and
 * check the parent's pages kept its own bytes.  The first round warms up
 * the kernel heap (which keeps its chunks); after it, 8 more rounds must
 * leave the count unchanged.
 * free_pages comes from nickel's own call 1001; on Linux (-ENOSYS) the test
 * only checks that the rounds run.
 */
#include <string.h>
#include "nickel.h"

#define NR_nickel_free_pages 1001
#define CHILDREN 10                    /* two of each copy-on-write case */
#define ROUNDS 8

static char shared_page[2 * 4096] = "cow";             /* two data pages */
static char *shared_map;                                  /* an mmap'd page */
static const char *argv0;

/* The copy-on-write cases, one per child in turn: each breaks or drops the
 * sharing of its parent's pages in its own way. */
static void cow_case(int i)
{
	int p[2], st;

	switch (i % 5) {
	case 0:                                        /* a plain write */
		shared_page[0] = 'C';
		break;
	case 1:                                        /* a fork of a fork */
		if (sys_fork() == 0) {
			shared_page[4096] = 'G';
			sys_exit_group(0);
		}
		sys_waitpid(-1, &st, 0);
		break;
	case 2:                                        /* munmap after a write */
		shared_map[0] = 'C';
		sys_munmap(shared_map, 4096);
		break;
	case 3:                                        /* the kernel writes: read() */
		if (sys_pipe(p) == 0 && sys_write(p[1], "abcd", 4) == 4)
			sys_read(p[0], shared_page + 4096 - 2, 4);   /* over both pages */
		break;
	case 4: {                                      /* exec after fork */
		char *args[] = { (char *)argv0, "exec=1", 0 };
		shared_page[1] = 'C';
		sys_execve(argv0, args, args + 2);     /* Linux under qemu-i386: fails */
		break;
	}
	}
}

static void child_work(int wfd, int i)
{
	char *heap = sys_brk(0) ? (char *)sys_brk(0) : 0;
	char *p;

	if (heap && sys_brk(heap + 65536) == (long)(heap + 65536))
		memset(heap, 1, 65536);
	p = (char *)sys_mmap(0, 32768, 3, 0x22, -1, 0);   /* PROT_RW, PRIVATE|ANON */
	if ((long)p > 0 && (long)p < -4096L + 1)
		memset(p, 2, 32768);
	sys_write(wfd, "x", 1);                        /* before exec replaces us */
	cow_case(i);
	sys_exit_group(0);
}

static int round_trip(void)
{
	int fds[2], i, st;
	char c;

	if (sys_pipe(fds) < 0)
		return -1;
	for (i = 0; i < CHILDREN; i++) {
		long pid = sys_fork();
		if (pid == 0)
			child_work(fds[1], i);
		if (pid < 0)
			return -1;
	}
	for (i = 0; i < CHILDREN; i++)
		if (sys_read(fds[0], &c, 1) != 1)
			return -1;
	for (i = 0; i < CHILDREN; i++)
		if (sys_waitpid(-1, &st, 0) <= 0 || st != 0)
			return -1;
	sys_close(fds[0]);
	sys_close(fds[1]);
	shared_page[4096 + 1] = 'P';                     /* the parent writes too */
	if (strcmp(shared_page, "cow") != 0 || shared_map[0] != 'm' ||
	    shared_page[4096] != 0 || shared_page[4096 - 2] != 0)
		return -2;                               /* a child's write leaked */
	return 0;
}

int main(int argc, char **argv)
{
	long before, after;
	int i, r;

	if (nk_arg(argc, argv, "exec"))
		return 0;                                /* cow_case 4's new program */
	argv0 = argv[0];
	shared_map = (char *)sys_mmap(0, 4096, 3, 0x22, -1, 0);
	if ((unsigned long)shared_map >= -4096UL) {
		nk_printf("FAIL leakcheck:rounds: mmap failed\n");
		return 1;
	}
	shared_map[0] = 'm';
	if (round_trip() != 0) {
		nk_printf("FAIL leakcheck:rounds: a round of forks failed\n");
		return 1;
	}
	before = syscall0(NR_nickel_free_pages);
	for (i = 0; i < ROUNDS; i++)
		if ((r = round_trip()) != 0) {
			nk_printf("FAIL leakcheck:rounds: round %d %s\n", i + 2,
				  r == -2 ? "saw a child's write in the parent's pages" : "failed");
			return 1;
		}
	after = syscall0(NR_nickel_free_pages);
	nk_printf("PASS leakcheck:rounds\n");
	if (before < 0) {
		nk_printf("PASS leakcheck:free_pages (not nickel: nothing to compare)\n");
		return 0;
	}
	if (after != before) {
		nk_printf("FAIL leakcheck:free_pages: %ld before, %ld after %d rounds\n",
			  before, after, ROUNDS);
		return 1;
	}
	nk_printf("PASS leakcheck:free_pages: %ld before and after %d rounds\n", before, ROUNDS);
	return 0;
}
