/* run.h - from boot to a running system (run.c). */
#ifndef NICKEL_RUN_H
#define NICKEL_RUN_H
void kernel_run(void) __attribute__((noreturn));   /* kmain's last step */
#endif
