/*
 * nr_cpus.h - how many CPUs nickel can run on: one constant for the whole
 * tree (the scheduler core, its host builds, the arch code, the firmware
 * table parsers, the panel).
 *
 * 64 because a CPU set is one 64-bit word (sched_cpumask_t) and because a
 * workstation of today has 64 hardware threads.  What each CPU costs in
 * memory is its struct cpu (GDT, TSS), its idle task, a double-fault task
 * and the per-CPU arrays of the scheduler and the diagnostics: a few KiB
 * each, allocated statically whether or not the CPU exists.  Kernel stacks
 * and trace rings are allocated only for the CPUs that come up.
 */
#ifndef NICKEL_NR_CPUS_H
#define NICKEL_NR_CPUS_H

#ifndef NR_CPUS_MAX
#define NR_CPUS_MAX 64          /* override with -DNR_CPUS_MAX=N (N <= 64) */
#endif
#if NR_CPUS_MAX < 1 || NR_CPUS_MAX > 64
#error "NR_CPUS_MAX must be 1..64: a CPU set is one 64-bit word"
#endif
#endif
