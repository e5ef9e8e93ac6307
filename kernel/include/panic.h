/* panic.h - stop the machine, loudly and usefully. */
#ifndef NICKEL_PANIC_H
#define NICKEL_PANIC_H
#include <stdint.h>
struct trap_frame;

void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void panic_trap(struct trap_frame *f) __attribute__((noreturn));
void exception_unhandled(struct trap_frame *f);
void backtrace_from(uint32_t ebp, uint32_t eip);
#define BUG_ON(cond) do { if (cond) panic("BUG_ON(%s) at %s:%d", #cond, __FILE__, __LINE__); } while (0)
#endif
