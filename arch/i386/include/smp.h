/* smp.h - more than one CPU: bring-up, IPIs (arch/i386/smp*.c). */
#ifndef ARCH_SMP_H
#define ARCH_SMP_H
void smp_stop_others(void);            /* panic: halt every other CPU */
void smp_send_resched(int cpu);        /* reschedule IPI */
#endif
