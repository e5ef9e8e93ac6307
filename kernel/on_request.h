/*
 * on_request.h - what runs only when a kernel argument or a key asks for
 * it: the demos (demo=, keys + and -), the crash triggers (crash=), the
 * threaded self-tests (selftest=1) and the scheduler benchmark (bench=1).
 * The rest of the kernel reaches kernel/demo and kernel/selftest only
 * through this one table (on_request.c), never by a function's name, so
 * either room can be read, changed or left out as a whole.
 */
#ifndef NICKEL_ON_REQUEST_H
#define NICKEL_ON_REQUEST_H

struct on_request {
	void (*crash_at_boot)(const char *how);   /* kmain: crash= faults (ud pf gp de) */
	void (*crash_late)(const char *how);      /* kinit: crash= that needs running tasks */
	void (*self_tests)(void);                 /* kinit: selftest=1 with real threads */
	void (*bench)(void) __attribute__((noreturn)); /* bench=1, before any task exists */
	void (*demo_start)(const char *name);     /* kinit: demo= */
	int (*add_hog)(int nice);                 /* key +: the new hog's pid, or -1 */
	int (*remove_hog)(void);                  /* key -: the stopped hog's pid, or -1 */
};

extern const struct on_request on_request;

#endif
