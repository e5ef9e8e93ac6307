/*
 * sched_host.h - a tiny machine for the scheduler tests: N CPUs, a task
 * pool, and a clock that the test advances one tick at a time.
 * host_tick() is what the timer interrupt and the return-from-interrupt
 * path of the kernel do on every CPU: sched_tick, then schedule() if
 * need_resched.  Public headers only (sched.h): a white-box test that
 * looks inside the run queues includes sched_impl.h itself.
 */
#ifndef NICKEL_SCHED_HOST_H
#define NICKEL_SCHED_HOST_H

#include "sched/sched.h"
#include "sched_env_host.h"

#define HOST_MAX_TASKS 20000

extern struct sched_task host_idle[NR_CPUS_MAX];
extern struct sched_task *host_pool;       /* HOST_MAX_TASKS tasks */

void host_boot(int ncpus, const struct sched_policy *pol);
struct sched_task *host_new_task(const char *name, int nice);   /* pid = index+1 */
struct sched_task *host_spawn(const char *name, int nice, int cpu); /* new + start */
void host_schedule(int cpu);
void host_tick(void);
void host_run(unsigned int ms);
void host_sleep(struct sched_task *p);     /* p runs: state SLEEPING + schedule */
bool host_wake(struct sched_task *p, struct sched_task *waker,
	       enum sched_waker kind, bool sync);
struct sched_task *host_fork(struct sched_task *parent, const char *name);
/* The busy-pull scene of the balancer's tests (unit and lab balance): 2
 * CPUs under nick, one task "busy1" running on CPU1, n hogs (n <= 8) on
 * CPU0 into hogs[], both CPUs scheduled once at jiffies 1000. */
void host_scene_busy_pull(struct sched_task **hogs, int n);
struct sched_task *host_curr(int cpu);
int host_ntasks(void);
/* Every CPU consistent, no lock held, irqs on; else -1 and why. */
int host_check(char *why, size_t n);

#endif
