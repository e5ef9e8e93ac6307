/*
 * ipc_trace.h - calls and replies in the trace (trace=1, key t), beside
 * sched_switch and sched_wakeup, as lines
 *     xclient-5 [000] 1.234567: nickel_ipc: call ep=1 peer_comm=xserver peer_pid=4
 * (`direct`: the fast path switched from the task to its peer, fastpath.c)
 * (the task before the colon acts; the peer is the other side).
 */
#ifndef NICKEL_IPC_TRACE_H
#define NICKEL_IPC_TRACE_H
#include "diag/trace.h"
#include "proc/task.h"
#include "arch/percpu.h"

enum ipc_ev { IPC_EV_CALL, IPC_EV_RECV, IPC_EV_REPLY, IPC_EV_CLOSE, IPC_EV_DIRECT };

static inline void ipc_trace(enum ipc_ev ev, int ep, struct task *t, struct task *peer)
{
	static const char *const names[] = { "call", "recv", "reply", "close", "direct" };

	if (trace_on)
		trace_ipc(this_cpu_id(), names[ev], ep, &t->se, peer ? &peer->se : NULL);
}
#endif
