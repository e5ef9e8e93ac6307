/* panic.h - stop the machine, loudly and usefully. */
#ifndef NICKEL_PANIC_H
#define NICKEL_PANIC_H
#include <stdint.h>
struct trap_frame;

void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void panic_trap(struct trap_frame *f) __attribute__((noreturn));
void exception_unhandled(struct trap_frame *f);
void backtrace_from(uint32_t ebp, uint32_t eip);
void backtrace_within(uint32_t ebp, uint32_t eip, uint32_t lo, uint32_t hi);
/* The two halves of every panic, for reports printed in between
 * (double_fault.c): stop the other CPUs and own the console; then report
 * which CPUs stopped and power off with status 1. */
void panic_stop_others(void);
void panic_finish(void) __attribute__((noreturn));
#define BUG_ON(cond) do { if (cond) panic("BUG_ON(%s) at %s:%d", #cond, __FILE__, __LINE__); } while (0)
#endif
