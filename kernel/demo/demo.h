/* demo.h - the workloads the kernel can start (demo=NAME). */
#ifndef NICKEL_DEMO_H
#define NICKEL_DEMO_H
void demo_start(const char *name);
void demo_hogs_start(void);
void demo_nice_start(void);
void demo_fuzz_start(void);        /* the fuzz program as init (fuzz.c) */
void demo_storm_start(void);       /* kernel threads created and exiting (storm.c) */
void demo_lab_start(const char *demo); /* desktop/compiledemo as init (desktop.c) */
void demo_abuse_start(void);      /* the tick-sampling cheat vs hogs (abuse.c) */
int demo_add_hog(int nice);        /* pid, or -1 */
int demo_remove_hog(void);         /* pid of the hog told to stop, or -1 */
#endif
