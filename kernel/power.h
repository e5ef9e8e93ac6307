/* power.h - switching the machine off, with an exit status for QEMU. */
#ifndef NICKEL_POWER_H
#define NICKEL_POWER_H
#define EXIT_HEALTHY 0
#define EXIT_PANIC   1
void power_off(int status) __attribute__((noreturn));
#endif
