/* bench.h - in-kernel measurements (bench=1). */
#ifndef NICKEL_BENCH_H
#define NICKEL_BENCH_H
#include <stdint.h>
void bench_scheduler(void) __attribute__((noreturn));
void bench_balancer(void);                 /* bench_balance.c */
void bench_sort(uint32_t *v, int n);       /* ascending, for medians */
#endif
