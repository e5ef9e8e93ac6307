/*
 * fastpath.c - the IPC fast path (ipc=direct; docs/ipc.md "How a call
 * schedules").  seL4's fastpath is the model: when a call finds its server
 * waiting in recv on the same CPU, the caller does not wake it through the
 * scheduler and then sleep through schedule(): it blocks and the CPU goes
 * straight to the server (sched/direct.c), the message already where the
 * server reads it (on the caller's call record, ipc.c).  A reply_recv that
 * finds its caller waiting does the same the other way.
 *
 * Anything unusual takes the slow path (ipc.c as under ipc=handoff): a
 * timeout (the sleeper would need the timer list), a message with a
 * buffer, a peer on another CPU or not asleep, a task of better prio than
 * the peer waiting on this CPU, a signal for the sleeper.  The woken side
 * always resumes where it slept and takes its part under ipc_lock as on
 * the slow path, so the two paths give the same messages and results; the
 * lock is not dropped and taken again for it: it goes with the CPU, as
 * schedule() hands the run-queue lock to the next task.
 *
 * Trace: `nickel_ipc: direct ep=N peer_...` after each direct switch.
 */
#include "ipc/fastpath.h"
#include "ipc/ipc.h"
#include "ipc/ipc_trace.h"
#include "sched/direct.h"
#include "proc/task.h"
#include "arch/context.h"
#include "arch/percpu.h"
#include "diag/check.h"

bool ipc_fast_switch(struct task *to, int ep, spinlock_t *lock, uint32_t timeout_ms,
		     uint32_t len)
{
	struct task *prev = current;
	unsigned long flags;
	int cpu;

	if (ipc_fast_rule(ipc_mode == IPC_DIRECT, timeout_ms, len) != IPC_FAST_OK)
		return false;
	prev->wchan = __builtin_return_address(0);
	if (sched_direct_begin(&to->se, &prev->pending_signal, &flags) != SCHED_DIRECT_OK)
		return false;
	ipc_trace(IPC_EV_DIRECT, ep, prev, to);
	/* The rq lock is held and to is rq->curr: no other CPU can wake,
	 * pull or pick either task before the switch is done.  `lock` goes
	 * with the CPU: to resumes holding it (where it slept: here, or
	 * wait.c's sleep_once), and prev gets it back the same way, or takes
	 * it if a slow-path wake-up brings it back. */
	to->lock_handed = true;
	cpu = this_cpu_id();
	watchdog_touch(cpu);
	arch_switch_to(prev, to, cpu);
	sched_finish_switch(this_cpu_id(), flags);
	lock_unless_handed(prev, lock);
	return true;
}
