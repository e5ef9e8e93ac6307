/* bench.h - in-kernel measurements (bench=1). */
#ifndef NICKEL_BENCH_H
#define NICKEL_BENCH_H
void bench_scheduler(void) __attribute__((noreturn));
#endif
