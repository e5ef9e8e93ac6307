/* smp.h - more than one CPU: discovery, bring-up, IPIs (arch/i386/smp*.c). */
#ifndef ARCH_SMP_H
#define ARCH_SMP_H
void smp_detect(void);                 /* kmain: sets ncpus, LAPIC, IOAPIC */
void smp_boot_aps(void);               /* kernel_run: start the other CPUs */
int  smp_lapic_ticks(void);            /* 1: each CPU ticks from its LAPIC timer */
void smp_stop_others(void);            /* panic: halt every other CPU (waits <= 200 ms) */
void smp_report_stopped(void);         /* panic: "nickel: cpu N stopped" for each */
void smp_send_resched(int cpu);        /* reschedule IPI */
void smp_start_ap_ticks(void);         /* kernel_run, before init runs: the APs' timers */
/* Run fn(arg) on every other online CPU and wait until all did.  Call with
 * interrupts on (two CPUs calling at once would otherwise deadlock). */
void smp_call_function(void (*fn)(void *), void *arg);

/* Between the arch files, for smpboot.c. */
int  smp_table_apic_id(int n);         /* the n-th CPU's APIC id (smp_detect.c) */
void smp_ap_vectors_ready(void);       /* LAPIC vectors set, before any arrives (smp.c) */
void smp_start_tick(void);             /* this CPU's LAPIC timer from now on (smp.c) */
void smp_ap_tick_if_started(void);     /* an AP: its timer, if smp_start_ap_ticks ran */
#endif
