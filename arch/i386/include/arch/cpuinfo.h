/* cpuinfo.h - what CPUID tells the scheduler (cpuinfo.c). */
#ifndef ARCH_CPUINFO_H
#define ARCH_CPUINFO_H
unsigned cache_decay_from_cpuid(void);   /* ticks a task stays cache-hot */
#endif
