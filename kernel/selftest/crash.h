/* crash.h - `crash=NAME`: faults and bugs on purpose, to test the panic
 * path and the self-checks (crash.c). */
#ifndef NICKEL_CRASH_H
#define NICKEL_CRASH_H
void crash_on_purpose(const char *how);   /* kmain: the faults (ud pf gp de) */
void crash_late_start(const char *how);   /* kinit: the ones that need a running system */
#endif
