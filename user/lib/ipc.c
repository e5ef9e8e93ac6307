/* ipc.c - the IPC calls as traps (ipc.h). */
#include "ipc.h"
#include "nickel.h"

long ipc_endpoint(int ep)
{
	return syscall1(NR_ipc_endpoint, ep);
}

long ipc_close(int ep)
{
	return syscall1(NR_ipc_close, ep);
}

long ipc_call(int ep, const struct ipc_msg *msg, struct ipc_msg *reply,
	      unsigned timeout_ms)
{
	return syscall4(NR_ipc_call, ep, (long)msg, (long)reply, (long)timeout_ms);
}

long ipc_recv(int ep, struct ipc_msg *msg, unsigned timeout_ms)
{
	return syscall3(NR_ipc_recv, ep, (long)msg, (long)timeout_ms);
}

long ipc_reply(int caller, const struct ipc_msg *msg)
{
	return syscall2(NR_ipc_reply, caller, (long)msg);
}

long ipc_reply_recv(int ep, int caller, const struct ipc_msg *reply,
		    struct ipc_msg *msg, unsigned timeout_ms)
{
	return syscall5(NR_ipc_reply_recv, ep, caller, (long)reply, (long)msg,
			(long)timeout_ms);
}
