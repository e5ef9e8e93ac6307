/* shutdown.h - the healthy end of a run, with its record (shutdown.c). */
#ifndef NICKEL_SHUTDOWN_H
#define NICKEL_SHUTDOWN_H
/* Final stat dump, the trace if tracing, `closing` (a line, or 0), power
 * off with EXIT_HEALTHY.  Only the first caller does it; any later one
 * sleeps until the machine is off. */
void shutdown_with_record(const char *closing) __attribute__((noreturn));
int shutdown_started(void);     /* the record is being written */
#endif
