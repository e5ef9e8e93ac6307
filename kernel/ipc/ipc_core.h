/*
 * ipc_core.h - the IPC core on kernel copies of the messages (ipc.c);
 * sys_ipc.c moves them to and from ring 3.
 */
#ifndef NICKEL_IPC_CORE_H
#define NICKEL_IPC_CORE_H
#include "ipc/ipc.h"

struct ipc_kmsg {
	uint32_t w[IPC_WORDS];
	uint32_t len;                   /* bytes in buf, <= IPC_BUF_MAX */
	uint8_t buf[IPC_BUF_MAX];
};

int ipc_open(int ep);
int ipc_close(int ep);
/* io: the request in, the reply out.  0 or -errno. */
long ipc_call(int ep, struct ipc_kmsg *io, uint32_t timeout_ms);
/* With reply (caller > 0): answer caller first; then wait for a call on
 * ep into *in.  The new caller's pid or -errno. */
long ipc_reply_recv(int ep, int caller, const struct ipc_kmsg *reply,
		    struct ipc_kmsg *in, uint32_t timeout_ms);
long ipc_reply(int caller, const struct ipc_kmsg *reply);
#endif
