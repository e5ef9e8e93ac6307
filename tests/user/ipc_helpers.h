/*
 * ipc_helpers.h - what the IPC test programs share (ipctest.c, fasttest.c):
 * a PASS or FAIL line per check (checks.h), one byte through a pipe to order steps,
 * a child's exit status, a forked server.  Define HELPERS_NAME ("ipctest") first: it
 * prefixes every check's name.  One program per file, so the counters are
 * the program's own.
 */
#ifndef NICKEL_TESTS_IPC_HELPERS_H
#define NICKEL_TESTS_IPC_HELPERS_H
#include "nickel.h"
#include "ipc.h"
#define CHECK_PROGRAM HELPERS_NAME
#include "checks.h"

static void put_byte(int fd, char c)
{
	sys_write(fd, &c, 1);
}

static char get_byte(int fd)
{
	char c = 0;

	return sys_read(fd, &c, 1) == 1 ? c : 0;
}

/* Exit status of child pid: its code, or 1000 + the killing signal. */
static long child_status(long pid)
{
	int st = 0;

	if (sys_waitpid((int)pid, &st, 0) != pid)
		return -1;
	return (st & 0x7F) ? 1000 + (st & 0x7F) : (st >> 8) & 0xFF;
}

/* Fork a child that serves ep and runs body(ep, arg); returns its pid
 * once the endpoint is open.  The child exits with body's result. */
static long fork_server(int ep, int (*body)(int, int), int arg)
{
	int ready[2];
	long pid;

	if (sys_pipe(ready) < 0)
		return -1;
	pid = sys_fork();
	if (pid == 0) {
		int rc = (int)ipc_endpoint(ep);
		put_byte(ready[1], rc == 0 ? 'y' : 'n');
		sys_exit_group(rc == 0 ? body(ep, arg) : 99);
	}
	if (pid > 0 && get_byte(ready[0]) != 'y')
		pid = -1;
	sys_close(ready[0]);
	sys_close(ready[1]);
	return pid;
}
#endif
