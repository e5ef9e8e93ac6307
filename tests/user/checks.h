/*
 * checks.h - the PASS/FAIL lines of a ring-3 test program run as init
 * (donatetest.c; ipctest.c and fasttest.c through ipc_helpers.h; read by
 * the scenarios of tests/scenarios).  Define CHECK_PROGRAM ("donatetest")
 * before including it.  Each check
 * prints "PASS PROGRAM:NAME" or "FAIL PROGRAM:NAME" with what was
 * expected and what came; the program's last line counts them.
 */
#ifndef NICKEL_TESTS_USER_CHECKS_H
#define NICKEL_TESTS_USER_CHECKS_H
#include "nickel.h"

static int passed, failed;

static inline void count(int ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

/* actual is expected. */
static inline void check(const char *name, long expected, long actual)
{
	int ok = expected == actual;

	nk_printf("%s " CHECK_PROGRAM ":%s: expected %ld, got %ld\n", ok ? "PASS" : "FAIL",
		  name, expected, actual);
	count(ok);
}

/* actual within lo..hi. */
static inline void check_range(const char *name, long lo, long hi, long actual)
{
	int ok = actual >= lo && actual <= hi;

	nk_printf("%s " CHECK_PROGRAM ":%s: expected %ld..%ld, got %ld\n",
		  ok ? "PASS" : "FAIL", name, lo, hi, actual);
	count(ok);
}
#endif
