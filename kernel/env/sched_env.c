/* sched_env.c - the kernel's side of the scheduler core's environment
 * (the contract: kernel/sched/sched_env.h; types: sched_env_types.h). */
#include "sched/sched_env.h"
#include "sched/sched.h"
#include "proc/task.h"
#include "arch/cpu.h"
#include "arch/timer.h"
#include "arch/smp.h"
#include "arch/thread_info.h"
#include "diag/trace.h"
#include "console/printk.h"
#include "lib/string.h"

void sched_lock_init(sched_lock_t *l) { spin_init(l, "runqueue"); }
int sched_lock_held_here(sched_lock_t *l) { return spin_is_held_here(l); }

void sched_kick_cpu(int cpu)
{
	if (cpu != this_cpu_id())
		smp_send_resched(cpu);
}

void sched_task_switched_out(struct sched_task *p)
{
	task_switched_out(task_of(p));
}

void sched_warn(const char *line)
{
	printk("sched: %s\n", line);
}
