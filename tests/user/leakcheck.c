/*
 * leakcheck - after every child has exited, free_pages is back where it was.
 *
 * One round: fork 8 children that each grow their heap, map and touch
 * anonymous memory, write to a copy-on-write page and talk through a pipe;
 * then reap them all.  The first round warms up the kernel heap (which keeps
 * its chunks); after it, each further round must leave the count unchanged.
 * free_pages comes from nickel's own call 1001; on Linux (-ENOSYS) the test
 * only checks that the rounds run.
 */
#include <string.h>
#include "nickel.h"

#define NR_nickel_free_pages 1001
#define CHILDREN 8

static char shared_page[4096] = "cow";

static void child_work(int wfd)
{
	char *heap = sys_brk(0) ? (char *)sys_brk(0) : 0;
	char *p;

	if (heap && sys_brk(heap + 65536) == (long)(heap + 65536))
		memset(heap, 1, 65536);
	p = (char *)sys_mmap(0, 32768, 3, 0x22, -1, 0);   /* PROT_RW, PRIVATE|ANON */
	if ((long)p > 0 && (long)p < -4096L + 1)
		memset(p, 2, 32768);
	shared_page[0] = 'C';                              /* breaks copy on write */
	sys_write(wfd, "x", 1);
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
			child_work(fds[1]);
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
	return 0;
}

int main(void)
{
	long before, after;
	int i;

	if (round_trip() != 0) {
		nk_printf("FAIL leakcheck:rounds: a round of forks failed\n");
		return 1;
	}
	before = syscall0(NR_nickel_free_pages);
	for (i = 0; i < 3; i++)
		if (round_trip() != 0) {
			nk_printf("FAIL leakcheck:rounds: round %d failed\n", i + 2);
			return 1;
		}
	after = syscall0(NR_nickel_free_pages);
	nk_printf("PASS leakcheck:rounds\n");
	if (before < 0) {
		nk_printf("PASS leakcheck:free_pages (not nickel: nothing to compare)\n");
		return 0;
	}
	if (after != before) {
		nk_printf("FAIL leakcheck:free_pages: %ld before, %ld after 3 rounds\n",
			  before, after);
		return 1;
	}
	nk_printf("PASS leakcheck:free_pages: %ld before and after 3 rounds\n", before);
	return 0;
}
