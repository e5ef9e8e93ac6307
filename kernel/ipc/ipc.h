/*
 * ipc.h - synchronous IPC in the manner of L4 and QNX: a server owns an
 * endpoint, a client calls it and blocks until the server replies
 * (docs/ipc.md).
 *
 *   ipc_endpoint(ep)                 the caller serves endpoint ep (0..15)
 *   ipc_close(ep)                    and stops; waiting callers get -EPIPE
 *   ipc_call(ep, msg, reply, ms)     send msg, block for the reply
 *   ipc_recv(ep, msg, ms)            block for the next call: its caller's pid
 *   ipc_reply(caller, msg)           answer a received call
 *   ipc_reply_recv(ep, caller, reply, msg, ms)   both: the server's loop
 * ms = 0 waits for ever; a signal ends any wait with -EINTR.
 */
#ifndef NICKEL_IPC_H
#define NICKEL_IPC_H
#include <stdint.h>

#define IPC_ENDPOINTS 16
#define IPC_WORDS     4
#define IPC_BUF_MAX   256           /* bytes of the optional buffer */

/* A message as ring 3 lays it out (user/lib/ipc.h): sending, len bytes
 * from buf; receiving, at most cap bytes into buf, and len = the bytes sent
 * (more than cap: the rest was cut off). */
struct ipc_umsg {
	uint32_t w[IPC_WORDS];
	uint32_t len;
	uint32_t cap;
	uint32_t buf;
};

/* How a call and a reply schedule (kernel argument ipc=). */
enum ipc_mode { IPC_QUEUE, IPC_HANDOFF, IPC_DONATE, IPC_DIRECT };
extern enum ipc_mode ipc_mode;
int ipc_mode_from_name(const char *name);      /* an ipc_mode or -1 */
const char *ipc_mode_name(enum ipc_mode m);

struct task;
/* proc_exit: t's endpoints close; their callers wake with -EPIPE. */
void ipc_task_exit(struct task *t);
#endif
