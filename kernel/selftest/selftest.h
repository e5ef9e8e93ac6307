/* selftest.h - what `selftest=1` checks with real threads, from kinit. */
#ifndef NICKEL_SELFTEST_H
#define NICKEL_SELFTEST_H
void selftest_wait(void);   /* sleeping and completions (wait.c) */
void selftest_refs(void);   /* task references outlive reaping (refs.c) */
#endif
