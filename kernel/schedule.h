/* schedule.h - schedule() and the paths into it (schedule.c). */
#ifndef NICKEL_SCHEDULE_H
#define NICKEL_SCHEDULE_H

struct trap_frame;

void schedule(void);                           /* give the CPU to the next task */
void schedule_yield(void);                     /* sched_yield: yield and switch */
void preempt_on_return(struct trap_frame *f);  /* the end of every trap */
void cpu_idle_loop(void) __attribute__((noreturn));
void cpu_tick(int cpu);                        /* a CPU's timer interrupt */
void cpu_tick_missed(int cpu);                 /* one with jiffies standing still */
void cpu0_tick(void);                          /* CPU 0's timer: time, then the tick */

#endif
